// The Explain panel (issue 14): the search tree of the position on the board, stepped through node by node with
// the buttons and the keyboard, α/β on entry and pruned branches shown as they happen, a node's position drawn on
// the panel's board, and the counts equal to the API's (the course's, for Star/Circle). Star/Circle on a laptop,
// tic-tac-toe on a phone, and a tree over the server's cap refused with its message.
import assert from 'node:assert/strict';
import { test, openGame, close, api, loadText, waitYourMove, SHOTS, TIMEOUT } from './lib.mjs';

const EXAMPLE_2 = 'Star\nALPHABETA\n2\n0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n' +
  '0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80';

async function openExplain(page, algorithm, depth) {
  if (!(await page.$eval('#explain', (d) => d.open))) await page.click('#explain summary');
  await page.selectOption('#explain-algo', algorithm);
  await page.selectOption('#explain-depth', String(depth));
  await page.click('#explain-go');
  // The click starts the request synchronously (the panel is marked busy), so this waits for the new tree, not the
  // one already shown.
  await page.waitForFunction(() => !document.getElementById('explain').dataset.busy && document.getElementById('explain-step').dataset.step === '1', null, { timeout: TIMEOUT });
}

// Loads a position and waits until the page has taken it: "your move" may already be true of the position before,
// and a tree asked for too early would be that position's.
async function loadAndWait(page, position) {
  await loadText(page, position);
  await page.waitForFunction(() => /Position loaded/.test(document.getElementById('message').textContent), null, { timeout: TIMEOUT });
  await waitYourMove(page);
}

const text = (page, id) => page.$eval('#' + id, (e) => e.textContent);
const step = async (page) => Number(await page.$eval('#explain-step', (e) => e.dataset.step));
// Rows a person sees (laid out), not merely those without the hidden attribute.
const visibleRows = (page) => page.$$eval('#explain-tree .tnode', (rs) => rs.filter((r) => r.getClientRects().length > 0).map((r) => r.dataset.n));
const prunedShown = (page) => page.$$eval('.tprune', (ps) => ps.filter((p) => p.getClientRects().length > 0).length);

export async function explain(browser) {
  await test('explain: step through the Star/Circle Example 2 tree; α, β and the pruned leaf [desktop]', async () => {
    const page = await openGame(browser, 'starcircle', 'desktop');
    await loadAndWait(page, EXAMPLE_2);
    await openExplain(page, 'alphabeta', 2);
    const expected = await api('starcircle', 'tree', { position: EXAMPLE_2 });
    assert.equal(expected.nodes, 4, 'the course counts 4 nodes');
    assert.match(await text(page, 'explain-summary'), /^alphabeta, depth 2: 4 nodes visited; value 160, best move F4-H2$/);
    assert.equal(await text(page, 'explain-step'), 'Node 1 of 4');
    assert.deepEqual(await visibleRows(page), ['1']);
    assert.match(await text(page, 'explain-node'), /window on entry: α = -∞, β = \+∞/);
    await page.click('#explain-next');
    await page.click('#explain-next');
    // Node 3 is entered after the first root move's value raised α to 160.
    assert.equal(await step(page), 3);
    assert.match(await text(page, 'explain-node'), /#3 after F4-G5 — MIN \(Circle\)\nwindow on entry: α = 160, β = \+∞/);
    assert.deepEqual(await visibleRows(page), ['1', '2', '3']);
    assert.equal(await prunedShown(page), 0, 'nothing pruned yet');
    await page.click('#explain-next');
    assert.equal(await text(page, 'explain-step'), 'Node 4 of 4');
    assert.equal(await prunedShown(page), 1, 'the cut shows once node 3 is done');
    assert.match(await page.$eval('.tprune', (p) => p.textContent), /pruned G3-F4 — v=120 ≤ α=160/);
    assert.match(await page.$eval('#explain-tree .tnode[data-n="1"]', (r) => r.textContent), /= 160$/);
    await page.click('#explain-next');
    assert.equal(await step(page), 4, 'the last node is the end');
    // Keyboard, with focus in the tree.
    await page.focus('#explain-tree');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await step(page), 3);
    assert.match(await page.$eval('#explain-tree .tnode[data-n="3"]', (r) => r.textContent), /= …$/, 'not finished at its own step');
    await page.keyboard.press('Home');
    assert.equal(await step(page), 1);
    await page.keyboard.press('End');
    assert.equal(await step(page), 4);
    // The board's own moves did not change: the keys stayed in the panel.
    assert.equal(await page.$$eval('#movelist .mv:not(.gap)', (m) => m.length), 0);
    // Clicking node 2 shows its position: Star's piece has jumped to H2 and the Circle is gone.
    await page.click('#explain-tree .tnode[data-n="2"]');
    assert.equal(await step(page), 2);
    await page.waitForFunction(() => document.querySelectorAll('#explain-board svg .last').length === 2, null, { timeout: TIMEOUT });
    const circles = await page.$$eval('#explain-board svg text.token', (ts) => ts.filter((t) => /C/.test(t.textContent)).length);
    const tokens = await page.$$eval('#explain-board svg circle.disc, #explain-board svg text.token', (ts) => ts.length);
    assert.ok(tokens > 0 && circles === 0, `tokens ${tokens}, circles ${circles}`);
    await page.evaluate(() => document.getElementById('explain').scrollIntoView());
    await page.screenshot({ path: `${SHOTS}/explain-starcircle.png` });
    await close(page);
  });

  await test('explain: tic-tac-toe trees on a phone; counts equal the API; minimax versus alpha-beta [phone]', async () => {
    const page = await openGame(browser, 'tictactoe', 'phone');
    const position = 'XX.OO....';
    await loadAndWait(page, position);
    await openExplain(page, 'minimax', 2);
    // Five free cells; X's 3 wins at once, the other four get four replies each: 1 + 5 + 4·4 nodes.
    assert.match(await text(page, 'explain-summary'), /^minimax, depth 2: 22 nodes visited; value W1, best move 3$/);
    assert.equal(await text(page, 'explain-step'), 'Node 1 of 22');
    assert.match(await text(page, 'explain-node'), /minimax keeps no window/);
    for (let i = 0; i < 5; i++) await page.tap('#explain-next');
    assert.equal(await step(page), 6);
    await page.tap('#explain-prev');
    assert.equal(await step(page), 5);
    await openExplain(page, 'alphabeta', 8);
    const ab = await api('tictactoe', 'tree', { position, algorithm: 'alphabeta', depth: 8 });
    const mm = await api('tictactoe', 'tree', { position, algorithm: 'minimax', depth: 8 });
    assert.ok(ab.nodes < mm.nodes, `alpha-beta ${ab.nodes} < minimax ${mm.nodes}`);
    assert.match(await text(page, 'explain-summary'), new RegExp(`^alphabeta, depth 8: ${ab.nodes} nodes visited; value W1, best move 3$`));
    await page.tap('#explain-last');
    assert.equal(await text(page, 'explain-step'), `Node ${ab.nodes} of ${ab.nodes}`);
    assert.equal((await visibleRows(page)).length, ab.nodes);
    assert.ok((await prunedShown(page)) > 0, 'alpha-beta pruned something');
    await page.tap('#explain-first');
    assert.deepEqual(await visibleRows(page), ['1']);
    assert.equal(await prunedShown(page), 0);
    // Negamax: the same search, the same count.
    await openExplain(page, 'negamax', 8);
    assert.match(await text(page, 'explain-summary'), new RegExp(`^negamax, depth 8: ${ab.nodes} nodes visited`));
    // The phone page does not scroll sideways; the panel fits the screen.
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= width, `page ${scroll}px wide on a ${width}px screen`);
    const box = await page.$eval('#explain', (e) => e.getBoundingClientRect().right);
    assert.ok(box <= 390, `panel ends at ${box}px`);
    for (let i = 0; i < 8; i++) await page.tap('#explain-next');
    assert.equal(await step(page), 9);
    await page.evaluate(() => document.getElementById('explain-summary').scrollIntoView());
    await page.screenshot({ path: `${SHOTS}/explain-tictactoe-phone.png` });
    await close(page);
  });

  await test('explain: a tree over the server cap is refused with its reason [desktop]', async () => {
    const page = await openGame(browser, 'tictactoe', 'desktop');
    if (!(await page.$eval('#explain', (d) => d.open))) await page.click('#explain summary');
    await page.selectOption('#explain-algo', 'minimax');
    await page.selectOption('#explain-depth', '6');
    await page.click('#explain-go');
    await page.waitForFunction(() => /more than 5000 nodes/.test(document.getElementById('explain-msg').textContent), null, { timeout: TIMEOUT });
    assert.equal(await page.$eval('#explain-steps', (e) => e.hidden), true);
    await close(page);
  });
}
