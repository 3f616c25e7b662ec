// What a player expects of the page beyond the bug fixes: the game surviving a reload, a link that restores it,
// the chart as a way to jump, New game that can be taken back, distinct markers, "Move now", and the phone
// layout (instructions collapsed, Gomoku cells at least 24 px, a zoom for 19x19), and a match record's replay link.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, test, openGame, close, hit, api, waitYourMove, waitStatus, moveTexts, waitMoveCount, currentText, loadText, gomokuBoard, sleep, TIMEOUT } from './lib.mjs';

export async function features(browser) {
  await test('reload keeps the game, the side and the level; a share link restores the game', async () => {
    const page = await openGame(browser, 'tictactoe', 'desktop', { side: '1', level: 'easy' });
    await waitMoveCount(page, 1);
    await waitYourMove(page);
    const moves = await moveTexts(page);
    await hit(page, moves[0] === '5' ? 0 : 4);
    await waitMoveCount(page, 3);
    await waitYourMove(page);
    const before = await moveTexts(page);
    await page.reload();
    await waitMoveCount(page, 3);
    assert.deepEqual(await moveTexts(page), before);
    assert.equal(await page.inputValue('#side'), '1');
    assert.equal(await page.inputValue('#level'), 'easy');
    await page.click('#share-btn');
    const link = await page.inputValue('#load-text');
    assert.match(link, /#g=/);
    const other = await browser.newContext();
    const p2 = await other.newPage();
    await p2.goto(link);
    await p2.waitForFunction((n) => document.querySelectorAll('#movelist .mv:not(.gap)').length === n, 3, { timeout: TIMEOUT });
    assert.deepEqual(await moveTexts(p2), before);
    await other.close();
    await close(page);
  });

  await test('a game recorded by `sente gomoku match` replays in the Gomoku page from its record\'s link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-replay-'));
    try {
      const records = join(dir, 'games.txt');
      execFileSync(process.env.SENTE_BIN || 'target/debug/sente',
        ['gomoku', 'match', 'weights', 'weights', '--games', '2', '--size', '15', '--records', records], { stdio: 'ignore' });
      const line = readFileSync(records, 'utf8').split('\n')[0];
      const link = line.match(/ replay (\S+)$/)[1];
      const url = BASE + link.slice(link.indexOf('/play/') + 1);
      const played = (line.match(/ opening (.*) moves (.*) result /) || []).slice(1).join(' ').split(' ').filter(Boolean);
      const page = await openGame(browser, 'tictactoe', 'desktop');
      await page.goto(url);
      await page.waitForFunction((n) => document.querySelectorAll('#movelist .mv:not(.gap)').length === n, played.length, { timeout: TIMEOUT });
      assert.deepEqual(await moveTexts(page), played);
      await waitStatus(page, /Game over/);
      await close(page);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  await test('the chart jumps to a position; New game can be taken back', async () => {
    const page = await openGame(browser, 'tictactoe', 'desktop', { side: 'both' });
    for (const [k, c] of [4, 0, 8].entries()) {
      await hit(page, c);
      await waitMoveCount(page, k + 1);
    }
    await page.waitForSelector('#chart circle[data-index="1"]', { timeout: TIMEOUT });
    await page.click('#chart circle[data-index="1"]');
    await page.waitForSelector('#movelist .mv.current[data-index="1"]', { timeout: 5000 });
    await page.click('#new-btn');
    await waitMoveCount(page, 0);
    await page.click('#restore-btn');
    await waitMoveCount(page, 3);
    await close(page);
  });

  await test('markers: cursor, last move (from, to, capture) and hint have their own shapes', async () => {
    const page = await openGame(browser, 'starcircle', 'desktop', { side: 'both' });
    const mv = await page.$eval('#values button[data-move]', (b) => b.dataset.move);
    await page.click(`#values button[data-move="${mv}"]`);
    await waitMoveCount(page, 1);
    await page.focus('#board');
    await page.keyboard.press('ArrowRight');
    await page.click('#hint-btn');
    await page.waitForSelector('#board .hint', { timeout: TIMEOUT });
    const found = await page.evaluate(() => ['.cursor', '.last', '.last.from', '.hint'].map((s) => document.querySelectorAll('#board ' + s).length));
    assert.ok(found.every((n) => n > 0), JSON.stringify(found));
    // Play on until a jump: the captured piece's square gets a cross.
    let pos = await api('starcircle', 'validate', { position: await currentText(page) });
    for (let k = 0; k < 16; k++) {
      const jump = pos.moves.find((m) => m.cells.length === 2 && Math.abs(Math.floor(m.cells[0] / 8) - Math.floor(m.cells[1] / 8)) === 2);
      const m = jump || pos.moves[k % pos.moves.length];
      const n = (await moveTexts(page)).length;
      await page.click(`#values button[data-move="${m.text}"]`);
      await waitMoveCount(page, n + 1);
      pos = (await api('starcircle', 'play', { position: pos.position, move: m.text })).after;
      if (jump) break;
      assert.ok(k < 15, 'no jump came up');
    }
    assert.equal(await page.$$eval('#board .captured', (e) => e.length), 1, 'the captured piece is marked');
    await close(page);
  });

  await test('Move now makes the engine move at once, showing its clock while it thinks', async () => {
    const page = await openGame(browser, 'gomoku', 'desktop', { side: '0', level: 'strong' });
    await hit(page, 7 * 15 + 7);
    await waitStatus(page, /thinking/);
    await sleep(300);
    assert.match(await page.textContent('#status'), /\d\.\d s/);
    const t0 = Date.now();
    await page.click('#movenow-btn');
    await waitMoveCount(page, 2, 4000);
    assert.ok(Date.now() - t0 < 4000);
    await close(page);
  });

  await test('phone: instructions collapsed, Gomoku cells at least 24 px, 19x19 zoom', async () => {
    const page = await openGame(browser, 'gomoku', 'phone', { side: 'both' });
    assert.equal(await page.$eval('#help', (d) => d.open), false);
    const settingsTop = await page.$eval('#side', (s) => s.getBoundingClientRect().top);
    assert.ok(settingsTop < 844, `settings on the first screen (top ${settingsTop})`);
    const cell = await page.$eval('#board rect[data-cell="0"]', (r) => r.getBoundingClientRect().width);
    assert.ok(cell >= 24, `15x15 cell ${cell} px`);
    await loadText(page, gomokuBoard(19));
    await page.waitForFunction(() => document.querySelectorAll('#board rect[data-cell]').length === 361, null, { timeout: TIMEOUT });
    assert.ok(await page.isVisible('#zoom-btn'));
    await page.tap('#zoom-btn');
    const zoomed = await page.$eval('#board rect[data-cell="0"]', (r) => r.getBoundingClientRect().width);
    assert.ok(zoomed >= 30, `zoomed 19x19 cell ${zoomed} px`);
    await close(page);
  });
}
