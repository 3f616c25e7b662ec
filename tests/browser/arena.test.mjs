// Sente arena browser tests in headless Debian Chromium (playwright-core), run by run.sh against a live
// `sente serve` (SENTE_URL). The home page; the regression tests of issue 13's bugs (bugs.test.mjs); what a
// player expects (features.test.mjs); the Explain panel's search trees (explain.test.mjs); every game played to its end at both viewports (play.test.mjs), which also
// takes the screenshots. Screenshots go to SENTE_SCREENSHOTS (run.sh passes target/browser-screenshots unless
// told to write docs/screenshots). SENTE_ONLY=<regex> runs the matching tests only. Prints "N passed, N failed".
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { BASE, TIMEOUT, VIEWPORTS, SHOTS, test, summary } from './lib.mjs';
import { bugs } from './bugs.test.mjs';
import { features } from './features.test.mjs';
import { wholeGames } from './play.test.mjs';
import { explain } from './explain.test.mjs';

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const games = await (await fetch(`${BASE}api/games`)).json();
    for (const vp of ['desktop', 'phone']) {
      await test(`home page lists every game [${vp}]`, async () => {
        const context = await browser.newContext(VIEWPORTS[vp]);
        const page = await context.newPage();
        await page.goto(BASE);
        for (const g of games) await page.waitForSelector(`a[href="/play/${g.name}"]`, { timeout: TIMEOUT });
        await page.screenshot({ path: `${SHOTS}/home${vp === 'phone' ? '-phone' : ''}.png` });
        await context.close();
      });
    }
    await bugs(browser);
    await features(browser);
    await wholeGames(browser);
    await explain(browser);
  } finally {
    await browser.close();
  }
  console.log(`screenshots in ${SHOTS}`);
  process.exit(summary() ? 0 : 1);
}

main().catch((e) => {
  console.log('FAIL setup: ' + (e && e.stack ? e.stack : e));
  console.log('0 passed, 1 failed');
  process.exit(1);
});
