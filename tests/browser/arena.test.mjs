// Sente arena browser tests: each game's page in headless Debian Chromium (playwright-core). For every game:
// load the page, play a move by clicking the board, see the engine answer, ask for a hint, undo, load a pasted
// position (and see a bad one refused), and save a screenshot under docs/screenshots/. Expects SENTE_URL (run.sh
// starts the server). Prints "N passed, N failed" and exits non-zero on any failure.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import assert from 'node:assert/strict';

const BASE = process.env.SENTE_URL || 'http://127.0.0.1:8080/';
const SHOTS = process.env.SENTE_SHOTS || new URL('../../docs/screenshots/', import.meta.url).pathname;
const TIMEOUT = 20_000;

// What each game loads from the "paste a position" box, and a text that must be refused.
const STARCIRCLE = 'Star\nALPHABETA\n2\n0,C1,0,C1,0,C1,0,C1\nC1,0,C1,0,C1,0,C1,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n' +
  '0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,S1,0,S1,0,S1,0,S1\nS1,0,S1,0,S1,0,S1,0\n10,20,30,40,50,60,70,80\n';
const LOADS = {
  tictactoe: { good: 'XO.\n.X.\n..O', bad: 'XXXX' },
  rowcol: { good: '3 4\n1 0 0 1\n0 0 0 1\n1 1 1 1\n', bad: '3 4\n1 0 2 1\n0 0 0 1\n1 1 1 1\n' },
  starcircle: { good: STARCIRCLE, bad: STARCIRCLE.replace('S1,0,S1,0,S1,0,S1,0', 'S1,0,S1,0,Q1,0,S1,0') },
  lgame: { good: 'NXX./.OX./.OX./.OON second', bad: 'NXX./.OX./.OX./.OO' },
  gomoku: { good: '.........\n.........\n....x....\n....o....\n....x....\n.........\n.........\n.........\n.........\n', bad: '..x\n..q\n' },
};

const results = [];
async function test(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    results.push([name, true]);
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name}: ${e && e.stack ? e.stack : e}`);
  }
}

async function api(page, game, path, body) {
  const r = await page.request.post(`${BASE}api/games/${game}/${path}`, { data: body });
  assert.ok(r.ok(), `${path}: HTTP ${r.status()} ${await r.text()}`);
  return r.json();
}

const moveCount = (page) => page.locator('#movelist li').count();

async function waitMoves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('#movelist li').length === n, n, { timeout: TIMEOUT });
}

async function playGame(browser, game) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${BASE}play/${game.name}`);
  await page.waitForSelector('#board svg rect.cell[data-cell]', { timeout: TIMEOUT });
  await page.waitForFunction(() => /to move/.test(document.getElementById('status').textContent), null, { timeout: TIMEOUT });
  // Play first against the weakest level, so the engine answers fast.
  await page.selectOption('#side', '0');
  await page.selectOption('#level', game.levels[0].name);

  // Solved games mark every legal move with its exact value.
  if (game.solved) await page.waitForSelector('#values button.win, #values button.draw, #values button.loss', { timeout: TIMEOUT });

  // 1. A move by clicking its cells on the board.
  const start = await api(page, game.name, 'validate', { position: game.initial });
  const first = start.moves[0];
  for (const c of first.cells) await page.click(`#board rect.cell[data-cell="${c}"]`);
  // A move whose cells are a subset of longer moves (an L placed without moving a neutral) waits for "Play".
  await page.waitForFunction(() => document.querySelectorAll('#movelist li').length > 0 || document.getElementById('play-sel-btn'), null, { timeout: TIMEOUT });
  if ((await moveCount(page)) === 0) await page.click('#play-sel-btn');
  // 2. The engine answers: two entries in the move list, and it is our turn again (or the game is over).
  await waitMoves(page, 2);
  const listed = await page.locator('#movelist li').first().textContent();
  assert.equal(listed.trim(), first.text, 'the clicked move is the first in the list');
  await page.waitForFunction(() => /\(you\)|Game over/.test(document.getElementById('status').textContent), null, { timeout: TIMEOUT });
  const evalText = await page.textContent('#eval');
  assert.match(evalText, /Engine:/, 'the engine shows its evaluation');
  if (game.solved) await page.waitForSelector('#chart circle', { timeout: TIMEOUT });
  await page.screenshot({ path: `${SHOTS}${game.name}.png` });

  // 3. A hint: a message names a legal move and the board outlines it (after the engine's reply, or at the start
  // when that reply ended the game).
  if (await page.isDisabled('#hint-btn')) await page.click('#undo-btn');
  await page.click('#hint-btn');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('message').textContent), null, { timeout: TIMEOUT });
  await page.waitForSelector('#board rect.hint', { timeout: TIMEOUT });

  // 4. Undo goes back to the start (our move and the engine's), redo forward again.
  if (!(await page.isDisabled('#undo-btn'))) await page.click('#undo-btn');
  await page.waitForFunction(() => document.querySelectorAll('#movelist li.future').length === 2, null, { timeout: TIMEOUT });
  assert.equal(await moveCount(page), 2);
  await page.click('#redo-btn');
  await page.waitForFunction(() => document.querySelectorAll('#movelist li.future').length === 0, null, { timeout: TIMEOUT });

  // 5. Load a pasted position, then see a bad one refused with the parser's message.
  const load = LOADS[game.name];
  if (load) {
    // Both sides human, so the engine does not answer the loaded position at once.
    await page.selectOption('#side', 'both');
    await page.fill('#load-text', load.good);
    await page.click('#load-btn');
    await page.waitForFunction(() => /Position loaded/.test(document.getElementById('message').textContent), null, { timeout: TIMEOUT });
    const want = await api(page, game.name, 'validate', { position: load.good });
    const cells = await page.locator('#board rect.cell').count();
    assert.equal(cells, want.board.rows * want.board.cols);
    assert.equal(await moveCount(page), 0, 'a loaded position starts a fresh history');
    await page.fill('#load-text', load.bad);
    await page.click('#load-btn');
    await page.waitForFunction(() => document.getElementById('message').classList.contains('error'), null, { timeout: TIMEOUT });
  }
  assert.deepEqual(errors, [], 'no script errors');
  await page.close();
}

async function keyboardPlay(browser, game) {
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  await page.goto(`${BASE}play/${game.name}`);
  await page.waitForSelector('#board svg rect.cell', { timeout: TIMEOUT });
  await page.selectOption('#side', 'both');
  await page.focus('#board');
  // The cursor starts on cell 0; Enter plays there, then "n" starts a new game.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await waitMoves(page, 1);
  await page.keyboard.press('u');
  await page.waitForFunction(() => document.querySelectorAll('#movelist li.future').length === 1, null, { timeout: TIMEOUT });
  await page.keyboard.press('n');
  await waitMoves(page, 0);
  await page.close();
}

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const games = await (await page.request.get(`${BASE}api/games`)).json();
    await test('home page lists every game', async () => {
      await page.goto(BASE);
      for (const g of games) await page.waitForSelector(`a[href="/play/${g.name}"]`, { timeout: TIMEOUT });
      await page.screenshot({ path: `${SHOTS}home.png` });
    });
    await page.close();
    for (const g of games) await test(`${g.name}: click, engine, hint, undo, load`, () => playGame(browser, g));
    const ttt = games.find((g) => g.name === 'tictactoe');
    if (ttt) await test('tictactoe: keyboard play', () => keyboardPlay(browser, ttt));
  } finally {
    await browser.close();
  }
  const passed = results.filter((r) => r[1]).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
  process.exit(passed === results.length ? 0 : 1);
}

main().catch((e) => {
  console.log('FAIL setup: ' + (e && e.stack ? e.stack : e));
  console.log('0 passed, 1 failed');
  process.exit(1);
});
