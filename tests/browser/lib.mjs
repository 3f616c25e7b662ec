// Shared harness of the arena's browser tests: the test registry and its report, the two viewports (a 1280x800
// laptop and a 390x844 touch phone), opening a game page in a fresh context (so localStorage starts empty),
// clicking or tapping cells, and reading the page through selectors that the page has had from the start where
// possible (#status, #message, #board rect[data-cell]) so a test can also be run against an older page.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BASE = process.env.SENTE_URL || 'http://127.0.0.1:8080/';
export const TIMEOUT = 20_000;
/** Where screenshots go: $SENTE_SCREENSHOTS (run.sh sets it), else a temporary folder. */
export const SHOTS = process.env.SENTE_SCREENSHOTS || join(tmpdir(), 'sente-screenshots');

/** Saves a screenshot of the top of the page as SHOTS/<name>.png (<name>-phone.png on the phone). */
export async function shot(page, name) {
  await page.evaluate(() => {
    document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${SHOTS}/${name}${page.vp === 'phone' ? '-phone' : ''}.png` });
}
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

const results = [];
const only = process.env.SENTE_ONLY ? new RegExp(process.env.SENTE_ONLY) : null;

/** Runs one named test; a failure is recorded and printed, never thrown. */
export async function test(name, fn) {
  if (only && !only.test(name)) return;
  const t0 = Date.now();
  try {
    await fn();
    results.push([name, true]);
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name}: ${e && e.stack ? e.stack.split('\n').slice(0, 4).join('\n') : e}`);
  }
}

export function summary() {
  const passed = results.filter((r) => r[1]).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
  return passed === results.length;
}

export async function api(game, path, body) {
  const r = await fetch(`${BASE}api/games/${game}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  assert.ok(r.ok, `${path}: HTTP ${r.status} ${JSON.stringify(data)}`);
  return data;
}

export async function gameInfo(game) {
  return (await fetch(`${BASE}api/games/${game}`)).json();
}

/** A fresh context (empty storage) at `vp` with the game's page open and its first position drawn. */
export async function openGame(browser, game, vp, opts = {}) {
  const context = await browser.newContext(VIEWPORTS[vp]);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.vp = vp;
  if (opts.latency) {
    await page.route('**/api/**', async (route) => {
      await new Promise((r) => setTimeout(r, opts.latency));
      await route.continue();
    });
  }
  await page.goto(`${BASE}play/${game}`);
  await page.waitForSelector('#board svg rect[data-cell]', { timeout: TIMEOUT });
  await waitStatus(page, /to move|Game over/);
  if (opts.level) await page.selectOption('#level', opts.level);
  if (opts.side != null) await page.selectOption('#side', opts.side);
  return page;
}

export async function close(page) {
  const errors = page.errors;
  await page.context().close();
  assert.deepEqual(errors, [], 'no script errors');
}

/** Clicks (laptop) or taps (phone) board cell `i`. */
export async function hit(page, i) {
  const sel = `#board rect[data-cell="${i}"]`;
  if (page.vp === 'phone') await page.tap(sel);
  else await page.click(sel);
}

export async function waitStatus(page, re, timeout = TIMEOUT) {
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById('status').textContent), re.source, { timeout });
}

/** Waits until a person is to move (or the game is over). */
export async function waitYourMove(page, timeout = TIMEOUT) {
  await waitStatus(page, /your move|\(you\)|Game over|to move$|to move\.$/, timeout);
}

/** The move texts in the move list (played and future). */
export async function moveTexts(page) {
  return page.$$eval('#movelist li, #movelist .mv:not(.gap)', (els) => els.map((e) => e.textContent.replace(/ \(engine\)$/, '').trim()));
}

export async function waitMoveCount(page, n, timeout = TIMEOUT) {
  await page.waitForFunction((n) => document.querySelectorAll('#movelist li, #movelist .mv:not(.gap)').length === n, n, { timeout });
}

/** The shown position's text (via "Show current"). */
export async function currentText(page) {
  await page.click('#copy-btn');
  return page.inputValue('#load-text');
}

/** Pastes and loads a position. */
export async function loadText(page, text) {
  await page.fill('#load-text', text);
  await page.click('#load-btn');
}

/** An empty n x n Gomoku board, with stones at {index: 'x'|'o'}. */
export function gomokuBoard(n, stones = {}) {
  let s = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) s += stones[r * n + c] || '.';
    s += '\n';
  }
  return s;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
