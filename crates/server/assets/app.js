// Sente arena, one game page: the entry module. It reads the game's description (the JSON in #game-config),
// builds the API client (api.js), the turn state machine (turn.js) and the move selection (input.js), wires the
// buttons, selects and keys to them, and redraws the board (board.js) and panels (panels.js) on every 'change'
// of the state machine. The server keeps no game state: the page holds the history of accepted positions, saved
// in localStorage and shareable as a link (store.js).
//
// Plug-ins (another panel, a replay viewer) are ES modules of their own that import `arena` from here:
//   arena.config – the game's description;  arena.api – the API client;
//   arena.turn   – the state machine: read turn.pos / turn.history / turn.phase, listen to its 'change' event,
//                  act only through its methods (jump, humanMove, restore, …) so its rules keep holding.
import { createApi } from './api.js';
import { Turn, PHASE } from './turn.js';
import { Selection } from './input.js';
import { drawBoard } from './board.js';
import { skinOf } from './skins.js';
import { drawStatus, drawEval, drawValues, drawChart, drawMoves } from './panels.js';
import * as store from './store.js';

const CFG = JSON.parse(document.getElementById('game-config').textContent);
const GAME = CFG.name;
const $ = (id) => document.getElementById(id);

const api = createApi(GAME);
const turn = new Turn(api, CFG);
const selection = new Selection(GAME);
const ui = { kbd: 0, showCursor: false, shownEntry: null, previous: null, zoom: false };

export const arena = { config: CFG, api, turn };

const ctx = {
  config: CFG,
  pieceColor: (side) => skinOf(GAME).pieces[side],
  levelLimits(name) {
    const l = CFG.levels.find((x) => x.name === name);
    if (!l) return '';
    const parts = [];
    if (l.limits.perfect) parts.push('perfect play');
    if (l.limits.depth) parts.push('up to depth ' + l.limits.depth);
    if (l.limits.time_ms) parts.push('up to ' + l.limits.time_ms / 1000 + ' s');
    return parts.join(', ');
  },
  playText: (text) => {
    if (!turn.humanMove(text)) turn.say(refusal(), 'error');
  },
  jump: (i) => turn.jump(i),
};

function refusal() {
  if (turn.phase === PHASE.OVER) return 'The game is over: start a new game, or undo.';
  if (turn.phase === PHASE.MOVING) return 'Wait: your move is being played.';
  if (turn.phase === PHASE.THINKING) return 'Wait for the engine to move (or press Move now).';
  if (turn.phase === PHASE.STALLED) return 'The engine is to move: press Engine move.';
  return 'Not now.';
}

// ---- input --------------------------------------------------------------------------------------------------

function onCell(i) {
  ui.kbd = i;
  if (turn.phase !== PHASE.READY) {
    turn.say(refusal(), 'error');
    return;
  }
  const r = selection.click(i, turn.pos.moves);
  if (r.play) {
    selection.clear();
    turn.humanMove(r.play);
    return;
  }
  turn.say(r.error || '', r.error ? 'error' : '');
}

function drawSelection() {
  const sel = $('selection');
  sel.replaceChildren();
  if (!selection.clicks.length || turn.phase !== PHASE.READY) return;
  const fit = selection.fits(turn.pos.moves);
  const done = selection.complete(turn.pos.moves);
  const a = turn.entry.analysis;
  const valueOf = (m) => {
    const v = a && a.moves.find((x) => x.move === m.text);
    return v ? ' (' + v.score.text + ')' : '';
  };
  const text = document.createElement('span');
  text.textContent = selection.headDone()
    ? 'L placed: play it as it is, or click a neutral and its new cell. '
    : fit.length + ' move(s) fit the selected cell(s). ';
  sel.appendChild(text);
  for (const m of done) {
    const b = document.createElement('button');
    b.id = 'play-sel-btn';
    b.textContent = 'Play ' + m.text + valueOf(m);
    b.addEventListener('click', () => {
      selection.clear();
      turn.humanMove(m.text);
    });
    sel.appendChild(b);
  }
  // Where the clicks fit a few moves, list them to pick from.
  const others = fit.filter((m) => !done.includes(m));
  if (others.length > 0 && others.length <= 16 && !selection.headDone()) {
    const pick = document.createElement('span');
    pick.className = 'pick';
    for (const m of others) {
      const b = document.createElement('button');
      b.className = 'pick-btn';
      b.textContent = m.text + valueOf(m);
      b.addEventListener('click', () => {
        selection.clear();
        turn.humanMove(m.text);
      });
      pick.appendChild(b);
    }
    sel.appendChild(pick);
  }
}

function onKey(e) {
  const tag = (e.target.tagName || '').toLowerCase();
  if (tag === 'textarea' || tag === 'select' || tag === 'input' || e.ctrlKey || e.metaKey || e.altKey) return;
  if (!turn.pos) return;
  const b = turn.pos.board;
  const r = Math.floor(ui.kbd / b.cols);
  const c = ui.kbd % b.cols;
  const step = (dr, dc) => {
    ui.kbd = ((r + dr + b.rows) % b.rows) * b.cols + ((c + dc + b.cols) % b.cols);
    ui.showCursor = true;
    render();
  };
  const enter = () => {
    ui.showCursor = true;
    const done = selection.complete(turn.pos.moves);
    if (done.length === 1 && selection.clicks.includes(ui.kbd)) {
      selection.clear();
      turn.humanMove(done[0].text);
    } else onCell(ui.kbd);
  };
  const keys = {
    ArrowUp: () => step(-1, 0),
    ArrowDown: () => step(1, 0),
    ArrowLeft: () => step(0, -1),
    ArrowRight: () => step(0, 1),
    Enter: enter,
    ' ': () => {
      ui.showCursor = true;
      onCell(ui.kbd);
    },
    Escape: () => {
      selection.clear();
      turn.say('');
    },
    h: () => turn.askHint(),
    u: () => turn.undo(),
    r: () => turn.redo(),
    n: newGame,
    e: () => turn.engineMove(),
    m: () => turn.moveNow(),
  };
  const f = keys[e.key];
  if (!f) return;
  if (tag === 'button' && (e.key === 'Enter' || e.key === ' ')) return;
  e.preventDefault();
  f();
}

// ---- games: new, load, restore, share ------------------------------------------------------------------------

async function newGame() {
  if (turn.history.length > 1) ui.previous = store.snapshot(turn);
  try {
    const v = await api.validate(CFG.initial);
    turn.start(v, ui.previous ? { text: 'New game started.', kind: 'ok', restore: true } : null);
  } catch (e) {
    turn.say(e.message, 'error');
  }
}

async function restoreSaved(saved, how) {
  try {
    const history = await store.replay(api, saved);
    if (saved.side) {
      turn.side = saved.side;
      $('side').value = saved.side;
    }
    if (saved.level && CFG.levels.some((l) => l.name === saved.level)) {
      turn.level = saved.level;
      $('level').value = saved.level;
    }
    const cursor = saved.cursor == null ? history.length - 1 : saved.cursor;
    turn.restore(history, cursor, how ? { text: how, kind: 'ok' } : null);
    return true;
  } catch (e) {
    turn.say('Could not restore the game: ' + e.message, 'error');
    return false;
  }
}

async function loadPosition() {
  const text = $('load-text').value;
  if (!text.trim()) return turn.say('Paste a position first.', 'error');
  try {
    const v = await api.validate(text);
    if (turn.history.length > 1) ui.previous = store.snapshot(turn);
    const state = v.outcome ? 'the game there is over: ' + v.outcome.text + '.' : CFG.players[v.to_move] + ' to move.';
    turn.start(v, { text: 'Position loaded: ' + state, kind: 'ok', restore: !!ui.previous });
  } catch (e) {
    turn.say(e.message, 'error');
  }
}

async function share() {
  const link = store.shareLink(turn);
  $('load-text').value = link;
  try {
    await navigator.clipboard.writeText(link);
    turn.say('Link copied: it restores this game.', 'ok');
  } catch (_) {
    turn.say('Copy the link from the box: it restores this game.', 'ok');
  }
}

// ---- drawing --------------------------------------------------------------------------------------------------

function render() {
  const p = turn.pos;
  if (!p) return;
  if (ui.shownEntry !== turn.entry) {
    ui.shownEntry = turn.entry;
    selection.clear();
    if (ui.kbd >= p.board.rows * p.board.cols) ui.kbd = 0;
  }
  if (turn.phase !== PHASE.READY) selection.clear();
  const big = p.board.cols >= 17;
  $('zoom-btn').hidden = !big;
  $('board').classList.toggle('zoomed', big && ui.zoom);
  drawBoard($('board'), {
    game: GAME,
    pos: p,
    lastCells: turn.entry.cells,
    selection,
    hint: turn.hint,
    kbd: ui.kbd,
    showCursor: ui.showCursor,
    analysis: turn.phase === PHASE.READY ? turn.entry.analysis : null,
    mover: p.to_move,
    onCell,
  });
  drawStatus(turn, ctx);
  drawEval(turn, ctx);
  drawValues(turn, ctx);
  drawChart(turn, ctx);
  drawMoves(turn, ctx);
  drawSelection();
  const m = turn.message;
  const msg = $('message');
  msg.textContent = m ? m.text : '';
  msg.className = 'message' + (m && m.kind ? ' ' + m.kind : '');
  $('restore-btn').hidden = !(m && m.restore && ui.previous);
  const ready = turn.phase === PHASE.READY;
  $('undo-btn').disabled = turn.cursor === 0 || turn.phase === PHASE.LOADING;
  $('redo-btn').disabled = turn.cursor >= turn.history.length - 1;
  $('hint-btn').disabled = !ready;
  $('engine-btn').disabled = !(ready || turn.phase === PHASE.STALLED);
  if (turn.phase !== PHASE.LOADING) store.save(GAME, turn);
}

function init() {
  const sel = $('level');
  for (const l of CFG.levels) {
    const o = document.createElement('option');
    o.value = l.name;
    o.textContent = l.label;
    sel.appendChild(o);
  }
  sel.value = turn.level;
  // On a phone the instructions start collapsed, so the settings are reachable without scrolling past them.
  if (window.matchMedia('(max-width: 800px)').matches) $('help').open = false;
  turn.addEventListener('change', render);
  setInterval(() => {
    if (turn.phase === PHASE.THINKING) drawStatus(turn, ctx);
  }, 100);
  $('new-btn').addEventListener('click', newGame);
  $('undo-btn').addEventListener('click', () => turn.undo());
  $('redo-btn').addEventListener('click', () => turn.redo());
  $('hint-btn').addEventListener('click', () => turn.askHint());
  $('engine-btn').addEventListener('click', () => turn.engineMove());
  $('movenow-btn').addEventListener('click', () => turn.moveNow());
  $('load-btn').addEventListener('click', loadPosition);
  $('copy-btn').addEventListener('click', () => {
    $('load-text').value = turn.pos ? turn.pos.position : '';
  });
  $('share-btn').addEventListener('click', share);
  $('restore-btn').addEventListener('click', () => {
    const prev = ui.previous;
    ui.previous = null;
    if (prev) restoreSaved(prev, 'Previous game restored.');
  });
  $('banner-new').addEventListener('click', newGame);
  $('zoom-btn').addEventListener('click', () => {
    ui.zoom = !ui.zoom;
    render();
  });
  $('side').addEventListener('change', () => turn.setSide($('side').value));
  sel.addEventListener('change', () => turn.setLevel(sel.value));
  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', () => turn.pos && drawChart(turn, ctx));
  start();
}

async function start() {
  const shared = store.fromHash(location.hash);
  if (shared) {
    history.replaceState(null, '', location.pathname);
    shared.side = 'both';
    if (await restoreSaved(shared, 'Shared game loaded (you play both sides; pick a side to play on).')) return;
  }
  const saved = store.load(GAME);
  if (saved && (await restoreSaved(saved))) return;
  newGame();
}

init();
