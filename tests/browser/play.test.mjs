// Whole games through the page: every game played to its end by clicks (laptop) and taps (phone), the person's
// side choosing by the exact values where the game is solved (else the engine's quick pick or the first legal
// move), the engine at its weakest level, and each move's last cell hit twice in a row (quick repeated input,
// refused while the move is in flight). At the end the result banner is up and the move list matches the board.
// Gomoku uses a 7x7 board, Star/Circle three pieces a side and the L-Game a won position, so each game stays
// short. Screenshots of each game at both sizes go to SHOTS.
import assert from 'node:assert/strict';
import { test, shot, openGame, close, hit, api, gameInfo, waitYourMove, moveTexts, currentText, loadText, gomokuBoard, TIMEOUT } from './lib.mjs';

const rank = (s) => (s.verdict === 'win' ? 1e6 - (s.plies || 0) : s.verdict === 'loss' ? -1e6 + (s.plies || 0) : s.margin != null ? s.margin : 0);

async function choose(game, pos) {
  if (pos.solved) {
    const a = await api(game, 'analysis', { position: pos.position });
    const best = a.moves.reduce((x, m) => (rank(m.score) > rank(x.score) ? m : x));
    return pos.moves.find((m) => m.text === best.move);
  }
  if (game === 'gomoku') {
    const e = await api(game, 'engine', { position: pos.position, depth: 1, nodes: 2000 });
    return pos.moves.find((m) => m.text === e.move);
  }
  return pos.moves[0];
}

const GAMES = [
  { name: 'tictactoe', plies: 9 },
  { name: 'rowcol', plies: 11 },
  // The L-Game's start is a draw, so the game starts from a position the second player wins in 5 plies.
  { name: 'lgame', plies: 11, board: 'N.NO/...O/.XOO/.XXX second', side: '1' },
  // Star/Circle with three pieces a side (the full board takes three times as long and tests nothing more; its
  // screenshot comes from bug 1's test).
  { name: 'starcircle', plies: 80, noShot: true, board: 'Star\nALPHABETA\n2\n0,C1,0,C1,0,C1,0,0\n' + '0,0,0,0,0,0,0,0\n'.repeat(6) + 'S1,0,S1,0,S1,0,0,0\n10,20,30,40,50,60,70,80\n' },
  { name: 'gomoku', plies: 49, board: gomokuBoard(7) },
];

export async function wholeGames(browser) {
  for (const vp of ['desktop', 'phone']) {
    for (const g of GAMES) {
      await test(`${g.name} [${vp}]: a whole game by ${vp === 'phone' ? 'taps' : 'clicks'} with quick repeated input`, async () => {
        const info = await gameInfo(g.name);
        const page = await openGame(browser, g.name, vp, { side: '0', level: info.levels[0].name });
        if (g.board) {
          await page.selectOption('#side', 'both');
          await loadText(page, g.board);
          await page.waitForFunction(() => /Position loaded/.test(document.getElementById('message').textContent), null, { timeout: TIMEOUT });
          await page.selectOption('#side', g.side || '0');
        }
        let plies = 0;
        for (;;) {
          await waitYourMove(page);
          if (/Game over/.test(await page.textContent('#status'))) break;
          const before = (await moveTexts(page)).length;
          plies = before;
          assert.ok(plies <= g.plies, `${g.name} did not end within ${g.plies} plies`);
          const pos = await api(g.name, 'validate', { position: await currentText(page) });
          const mv = await choose(g.name, pos);
          if (!mv.cells.length) {
            await page.click(`#values button[data-move="${mv.text}"]`);
          } else {
            for (const c of mv.cells) await hit(page, c);
            if (g.name === 'lgame' && mv.cells.length === 4) await page.click('#play-sel-btn');
            else await hit(page, mv.cells[mv.cells.length - 1]).catch(() => {}); // the repeat lands mid-flight
          }
          await page.waitForFunction((n) => document.querySelectorAll('#movelist .mv:not(.gap)').length > n, before, { timeout: TIMEOUT });
          await page.keyboard.press('Escape');
          if (before === 2 && !g.noShot) {
            await waitYourMove(page);
            await page.keyboard.press('Escape'); // clear the quick repeat's refusal from the picture
            await shot(page, g.name);
          }
        }
        assert.ok(await page.isVisible('#banner'), 'the result banner is shown');
        assert.match(await page.textContent('#banner'), /You won|You lost|Draw/);
        if (g.name === 'lgame') await shot(page, 'lgame-over');
        // The list and the board agree: replaying the listed moves from the start gives the shown position.
        const moves = await moveTexts(page);
        let pos = await api(g.name, 'validate', { position: g.board || info.initial });
        for (const m of moves) pos = (await api(g.name, 'play', { position: pos.position, move: m })).after;
        assert.equal(pos.position, await currentText(page), 'the move list replays to the board');
        assert.ok(pos.outcome, 'the game is over');
        await close(page);
      });
    }
  }
}
