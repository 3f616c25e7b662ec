// Regression tests for the ten bugs of issue 13, each at both viewports where it applies. They read the page
// through the selectors of lib.mjs, so running them against the page before the fix shows each one failing.
import assert from 'node:assert/strict';
import { Selection } from '../../crates/server/assets/input.js';
import { test, shot, openGame, close, hit, api, gameInfo, waitStatus, waitYourMove, moveTexts, waitMoveCount, currentText, loadText, gomokuBoard, sleep, TIMEOUT } from './lib.mjs';

const VPS = ['desktop', 'phone'];
const cellOf = (n, name) => (Number(name.slice(1)) - 1) * n + (name.charCodeAt(0) - 65); // Gomoku: rows counted from the top

export async function bugs(browser) {
  // 1. Phone: a tap never scrolls the page (only the move list's own box may scroll).
  for (const vp of VPS) {
    await test(`bug 1 [${vp}]: taps on the board leave the page where it is (starcircle)`, async () => {
      const page = await openGame(browser, 'starcircle', vp, { side: 'both' });
      const info = await gameInfo('starcircle');
      let pos = await api('starcircle', 'validate', { position: info.initial });
      for (let k = 0; k < 3; k++) {
        const mv = pos.moves.find((m) => m.cells.length === 2);
        for (const c of mv.cells) {
          await hit(page, c);
          await sleep(50);
          assert.equal(await page.evaluate(() => window.scrollY), 0, `page scrolled after tapping ${c}`);
        }
        await waitMoveCount(page, k + 1);
        await sleep(100);
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'page scrolled after the move');
        const top = await page.$eval('#board', (b) => b.getBoundingClientRect().top);
        assert.ok(top >= 0 && top < 400, `board still on screen (top ${top})`);
        pos = (await api('starcircle', 'play', { position: pos.position, move: mv.text })).after;
      }
      await page.click('#engine-btn'); // an engine move, so the picture shows its evaluation
      await waitMoveCount(page, 4);
      await shot(page, 'starcircle');
      await close(page);
    });
  }

  // 2. Two quick clicks: the second is refused while the first is in flight; the engine still answers.
  for (const vp of VPS) {
    await test(`bug 2 [${vp}]: quick double input plays one move and the engine answers (gomoku)`, async () => {
      const page = await openGame(browser, 'gomoku', vp, { side: '0', level: 'easy' });
      // Both clicks in the same task, as a fast double click or two quick taps arrive.
      await page.evaluate(([a, b]) => {
        for (const i of [a, b]) document.querySelector(`#board rect[data-cell="${i}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
      }, [cellOf(15, 'H8'), cellOf(15, 'J8')]);
      await waitMoveCount(page, 2);
      await waitYourMove(page);
      const moves = await moveTexts(page);
      assert.equal(moves[0], 'H8');
      const stones = await page.$$eval('#board circle[r="0.42"]', (e) => e.length);
      assert.equal(stones, 2, 'one stone per listed move');
      assert.doesNotMatch(await page.textContent('#status'), /engine/i);
      await close(page);
    });
    await test(`bug 2 [${vp}]: 100 ms latency, two quick clicks (tictactoe)`, async () => {
      const page = await openGame(browser, 'tictactoe', vp, { side: '0', level: 'easy', latency: 100 });
      await page.evaluate(() => {
        for (const i of [0, 1]) document.querySelector(`#board rect[data-cell="${i}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
      });
      await waitMoveCount(page, 2);
      await waitYourMove(page);
      const moves = await moveTexts(page);
      assert.equal(moves[0], '1');
      const text = await currentText(page);
      const xs = (text.match(/X/g) || []).length;
      const os = (text.match(/O/g) || []).length;
      assert.deepEqual([xs, os], [1, 1], `one X and one O: ${text}`);
      await close(page);
    });
  }

  // 3. Every legal L-Game move can be entered by clicks (and one by keyboard).
  for (const vp of VPS) {
    await test(`bug 3 [${vp}]: every L-Game move from the start is enterable by pointer`, async () => {
      const page = await openGame(browser, 'lgame', vp, { side: 'both' });
      const info = await gameInfo('lgame');
      const start = await api('lgame', 'validate', { position: info.initial });
      // The phone plays every third move, the laptop all of them.
      const list = start.moves.filter((_, i) => vp === 'desktop' || i % 3 === 0);
      for (const mv of list) {
        for (const c of mv.cells) await hit(page, c);
        // Played (the list shows a current move) or offered with a Play button; undo then leaves the start shown.
        const current = () => document.querySelector('#movelist .current') || document.getElementById('play-sel-btn');
        const played = await page.waitForFunction(current, null, { timeout: 2000 }).then(() => true, () => false);
        assert.ok(played, `${mv.text}: neither played nor offered (${await page.textContent('#selection')})`);
        if (!(await page.$('#movelist .current'))) {
          const offer = await page.textContent('#play-sel-btn');
          assert.ok(offer.includes(mv.text), `${mv.text}: offered ${offer}`);
          await page.click('#play-sel-btn');
          await page.waitForSelector('#movelist .current', { timeout: 3000 });
        }
        assert.equal(await page.textContent('#movelist .current'), mv.text);
        await page.click('#undo-btn');
        await page.waitForFunction(() => !document.querySelector('#movelist .current'), null, { timeout: 3000 });
      }
      await close(page);
    });
  }
  // The page's own move entry over the positions of 200 random plies: the set-based entry it replaced left 3,996 of
  // these 18,382 moves unreachable (checked by giving the L-Game a six-cell unordered head).
  await test('bug 3: every legal move of 200 random L-Game positions has its own click sequence (input.js)', async () => {
    const info = await gameInfo('lgame');
    let pos = await api('lgame', 'validate', { position: info.initial });
    let seed = 13;
    const rnd = (n) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let checked = 0;
    for (let k = 0; k < 200; k++) {
      if (pos.outcome) pos = await api('lgame', 'validate', { position: info.initial });
      for (const m of pos.moves) {
        const sel = new Selection('lgame');
        let played = null;
        for (const c of m.cells) played = sel.click(c, pos.moves).play || played;
        const done = sel.complete(pos.moves);
        const got = played || (done.length === 1 ? done[0].text : `${done.length} complete moves`);
        assert.equal(got, m.text, `position ${pos.position}, cells ${m.cells}`);
        checked++;
      }
      pos = (await api('lgame', 'play', { position: pos.position, move: pos.moves[rnd(pos.moves.length)].text })).after;
    }
    assert.ok(checked > 10000, `${checked} moves checked`);
  });
  await test('bug 3 [desktop]: an L move with a neutral by keyboard; six shared cells resolve by order', async () => {
    const page = await openGame(browser, 'lgame', 'desktop', { side: 'both' });
    // b1 c1 d1 d2 is the L; a1 -> d3 moves the neutral (the example).
    for (const c of [1, 2, 3, 7, 0, 11]) await hit(page, c);
    await waitMoveCount(page, 1, 3000);
    await close(page);
    const kb = await openGame(browser, 'lgame', 'desktop', { side: 'both' });
    await kb.focus('#board');
    // Cursor from a1 (0): right to b1, Space; c1, d1 Space; down to d2 Space; then a1 (neutral) and d3.
    const keys = ['ArrowRight', ' ', 'ArrowRight', ' ', 'ArrowRight', ' ', 'ArrowDown', ' ', 'ArrowUp', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', ' ', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'Enter'];
    for (const k of keys) await kb.keyboard.press(k);
    await waitMoveCount(kb, 1, 3000);
    const info = await gameInfo('lgame');
    const start = await api('lgame', 'validate', { position: info.initial });
    const want = start.moves.find((m) => JSON.stringify(m.cells) === JSON.stringify([1, 2, 3, 7, 0, 11]) || (m.cells.length === 6 && [1, 2, 3, 7].every((c) => m.cells.slice(0, 4).includes(c)) && m.cells[4] === 0 && m.cells[5] === 11));
    assert.equal((await moveTexts(kb))[0], want.text);
    await close(kb);
  });

  // 4. Gomoku values read as results or chances, never raw scores; a forced reply is not "+0".
  for (const vp of VPS) {
    await test(`bug 4 [${vp}]: Gomoku shows no raw internal score`, async () => {
      const page = await openGame(browser, 'gomoku', vp, { side: 'both', level: 'medium' });
      await page.click('#engine-btn');
      await waitMoveCount(page, 1);
      await waitYourMove(page);
      assert.doesNotMatch(await page.textContent('#eval'), /[+-]0 \(depth 0/, 'a forced first move is not valued +0');
      for (const m of ['F7', 'I7', 'E8', 'J8', 'G8', 'H6']) await hit(page, cellOf(15, m));
      await waitMoveCount(page, 7);
      await page.click('#engine-btn');
      await waitMoveCount(page, 8);
      await waitYourMove(page);
      const ev = await page.textContent('#eval');
      assert.doesNotMatch(ev, /\d{5,}/, `raw score in "${ev}"`);
      assert.match(ev, /% to win|win in|loss in|forced/, ev);
      await close(page);
    });
  }

  // 5. Row/column boards over 16 lines: exact values within the caps, a plain note beyond, never an error.
  for (const vp of VPS) {
    await test(`bug 5 [${vp}]: a 9x9 row/column board is solved, a 13x13 one says searched`, async () => {
      const page = await openGame(browser, 'rowcol', vp, { side: 'both' });
      const grid = (n) => `${n} ${n}\n` + Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => ((i * 7 + j * 3) % 5 < 3 ? '1' : '0')).join('')).join('\n') + '\n';
      await loadText(page, grid(9));
      await page.waitForFunction(() => /Position loaded/.test(document.getElementById('message').textContent), null, { timeout: TIMEOUT });
      await page.waitForFunction(() => /[+-]\d|±0/.test(document.getElementById('values').textContent), null, { timeout: TIMEOUT });
      await hit(page, 9); // the handle of row 1 (the 10th cell of the first drawn row)
      await waitMoveCount(page, 1);
      await page.waitForFunction(() => /Exact/.test(document.getElementById('eval').textContent), null, { timeout: TIMEOUT });
      assert.ok(!(await page.$eval('#message', (m) => m.classList.contains('error'))), await page.textContent('#message'));
      await loadText(page, grid(13));
      await page.waitForFunction(() => /searched, not solved/.test(document.getElementById('eval').textContent), null, { timeout: TIMEOUT });
      await hit(page, 13);
      await waitMoveCount(page, 1);
      await sleep(300);
      assert.ok(!(await page.$eval('#message', (m) => m.classList.contains('error'))), await page.textContent('#message'));
      await close(page);
    });
  }

  // 6. The engine moves whenever its side is to move; a side change cancels its search.
  for (const vp of VPS) {
    await test(`bug 6 [${vp}]: undo after the engine's first move, and a jump, make it move again`, async () => {
      const page = await openGame(browser, 'tictactoe', vp, { side: '1', level: 'easy' });
      await waitMoveCount(page, 1);
      await waitYourMove(page);
      await page.click('#undo-btn');
      await sleep(200);
      await waitYourMove(page, 5000);
      assert.equal((await page.$$('#movelist li:not(.future), #movelist .mv:not(.gap):not(.future)')).length, 1, 'the engine moved again');
      // Play a move, then jump back to the position after it (the engine is to move there).
      const text = await currentText(page);
      const free = [...text.replace(/\s/g, '')].findIndex((c) => c === '.');
      await hit(page, free);
      await waitMoveCount(page, 3);
      await waitYourMove(page);
      await page.click('#movelist li:nth-child(2), #movelist .mv[data-index="2"]');
      await sleep(200);
      await page.waitForFunction(() => document.querySelectorAll('#movelist li:not(.future), #movelist .mv:not(.gap):not(.future)').length === 3, null, { timeout: 5000 });
      await waitYourMove(page, 5000);
      await close(page);
    });
    await test(`bug 6 [${vp}]: taking the engine's side while it thinks stops it`, async () => {
      const page = await openGame(browser, 'gomoku', vp, { side: 'both', level: 'hard' });
      await hit(page, cellOf(15, 'H8'));
      await waitMoveCount(page, 1);
      await page.selectOption('#side', '0'); // the engine plays White: it starts thinking (2 s)
      await waitStatus(page, /thinking/);
      await page.selectOption('#side', '1'); // now White is mine
      await sleep(2600);
      assert.equal((await moveTexts(page)).length, 1, 'the engine did not play my side');
      await waitYourMove(page, 1000);
      await close(page);
    });
  }

  await test('bug 6 [desktop]: a level change while the engine thinks restarts it at the new level', async () => {
    const page = await openGame(browser, 'gomoku', 'desktop', { side: 'both', level: 'strong' });
    await hit(page, cellOf(15, 'H8'));
    await waitMoveCount(page, 1);
    await page.selectOption('#side', '0'); // the engine plays White at 'strong' (5 s)
    await waitStatus(page, /thinking/);
    await page.selectOption('#level', 'easy'); // 2 plies: it answers at once
    await waitMoveCount(page, 2, 3000);
    assert.match(await page.textContent('#eval'), /depth [12],/);
    await close(page);
  });

  // 7. No stale or contradictory text.
  for (const vp of VPS) {
    await test(`bug 7 [${vp}]: no stale wait message, no engine line or "loss in 0" at game over, loaded won board`, async () => {
      const page = await openGame(browser, 'tictactoe', vp, { side: '0', level: 'easy', latency: 150 });
      await hit(page, 4);
      await waitStatus(page, /thinking/);
      await hit(page, 0); // refused: the engine is thinking
      assert.match(await page.textContent('#message'), /Wait/);
      await waitMoveCount(page, 2);
      await waitYourMove(page);
      await page.click('#undo-btn');
      await sleep(300);
      assert.doesNotMatch(await page.textContent('#message'), /Wait/);
      await page.selectOption('#side', 'both');
      await loadText(page, 'XX.\nOO.\n...');
      await page.waitForFunction(() => /Position loaded/.test(document.getElementById('message').textContent), null, { timeout: TIMEOUT });
      await hit(page, 2);
      await waitStatus(page, /Game over/);
      await sleep(300);
      const ev = await page.textContent('#eval');
      assert.doesNotMatch(ev, /loss in 0|Engine:/, ev);
      await close(page);
      const g = await openGame(browser, 'gomoku', vp, { side: 'both' });
      await loadText(g, gomokuBoard(9, { 0: 'x', 1: 'x', 2: 'x', 3: 'x', 4: 'x', 18: 'o', 19: 'o', 20: 'o', 21: 'o' }));
      await g.waitForFunction(() => /Position loaded|Game over/.test(document.getElementById('message').textContent + document.getElementById('status').textContent), null, { timeout: TIMEOUT });
      await sleep(200);
      assert.doesNotMatch(await g.textContent('#message'), /to move/, 'a won board is not "to move"');
      await close(g);
    });
  }

  // 8. Gomoku load errors name the real size rule; a huge paste gets a clear JSON error.
  for (const vp of VPS) {
    await test(`bug 8 [${vp}]: Gomoku load errors`, async () => {
      const page = await openGame(browser, 'gomoku', vp, { side: 'both' });
      for (const n of [27, 4]) {
        await loadText(page, gomokuBoard(n));
        await page.waitForFunction((n) => document.getElementById('message').textContent.includes(`${n}x${n}`), n, { timeout: 5000 });
        assert.match(await page.textContent('#message'), /5 to 26/);
      }
      await loadText(page, gomokuBoard(265));
      await page.waitForFunction(() => /too large/.test(document.getElementById('message').textContent), null, { timeout: 5000 });
      assert.doesNotMatch(await page.textContent('#message'), /Failed to buffer/);
      await close(page);
    });
  }

  // 9. Move numbers 10 and up are whole and inside the move list.
  for (const vp of VPS) {
    await test(`bug 9 [${vp}]: move numbers 10+ are not clipped`, async () => {
      const page = await openGame(browser, 'gomoku', vp, { side: 'both' });
      const cells = ['H8', 'A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'G1', 'H1', 'J1', 'K1', 'L1', 'M1', 'N1', 'O1', 'A2', 'B2', 'C2', 'D2', 'E2', 'F2', 'G2'];
      for (let k = 0; k < cells.length; k++) {
        await hit(page, cellOf(15, cells[k]));
        await waitMoveCount(page, k + 1);
      }
      const nums = await page.$$eval('#movelist *', (els) => {
        const box = document.getElementById('movelist').getBoundingClientRect();
        return els.filter((e) => /^\d+\.$/.test(e.textContent.trim())).map((e) => {
          const r = e.getBoundingClientRect();
          return [e.textContent.trim(), r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && e.scrollWidth <= e.clientWidth + 1];
        });
      });
      assert.ok(nums.some(([t]) => t === '11.'), `numbers are text: ${JSON.stringify(nums)}`);
      assert.ok(nums.every(([, ok]) => ok), `clipped: ${JSON.stringify(nums)}`);
      await close(page);
    });
  }

  // 10. The chart keeps its proportions and has axes.
  for (const vp of VPS) {
    await test(`bug 10 [${vp}]: the value chart is undistorted, with axes`, async () => {
      const page = await openGame(browser, 'tictactoe', vp, { side: 'both' });
      await hit(page, 4);
      await waitMoveCount(page, 1);
      await page.waitForSelector('#chart circle', { timeout: TIMEOUT });
      // The chart is redrawn as values arrive: read it once its drawing is laid out (a new one has no size yet).
      await page.waitForFunction(() => {
        const s = document.querySelector('#chart svg');
        return s !== null && s.clientWidth > 0 && s.clientHeight > 0;
      }, null, { timeout: TIMEOUT });
      const c = await page.$eval('#chart svg', (s) => {
        const vb = s.viewBox.baseVal;
        return { ratio: s.clientWidth / s.clientHeight, vb: vb.width / vb.height, par: s.getAttribute('preserveAspectRatio'), labels: s.querySelectorAll('text').length };
      });
      assert.notEqual(c.par, 'none');
      assert.ok(Math.abs(c.ratio - c.vb) < 0.05, JSON.stringify(c));
      assert.ok(c.labels >= 4, `axis labels: ${c.labels}`);
      await close(page);
    });
  }
}
