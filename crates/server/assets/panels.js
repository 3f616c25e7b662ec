// The panels around the board, each drawn from the turn state machine (turn.js) alone: the whose-turn indicator
// and result banner, the evaluation line, the legal moves with their values (best first) and the legend, the
// value chart (axes, click to jump), and the numbered move list in pairs. Each draw function replaces its panel's
// contents; none scrolls the page (the move list scrolls only its own box).
import { PHASE } from './turn.js';
import { el } from './board.js';
import { shortScore, scoreColor, widestMargin, rank, chartHeight, chartScale } from './values.js';

const $ = (id) => document.getElementById(id);

function button(text, onClick, attrs) {
  const b = document.createElement('button');
  b.textContent = text;
  b.addEventListener('click', onClick);
  for (const k in attrs || {}) b.setAttribute(k, attrs[k]);
  return b;
}

/** Whose turn it is (a dot in the side's colour and a sentence), the engine's clock, and the result banner. */
export function drawStatus(turn, ctx) {
  const p = turn.pos;
  const players = ctx.config.players;
  const turnBox = $('turn');
  const dot = $('turn-dot');
  const text = $('status');
  $('movenow-btn').hidden = turn.phase !== PHASE.THINKING;
  if (!p) {
    text.textContent = 'Loading…';
    return;
  }
  const who = players[p.to_move];
  dot.style.background = ctx.pieceColor(p.to_move);
  turnBox.dataset.phase = turn.phase;
  const you = !turn.engineToMove(p);
  const t = {
    [PHASE.LOADING]: 'Loading…',
    [PHASE.READY]: who + ' to move' + (turn.side === 'both' ? '' : you ? ' · your move' : ''),
    [PHASE.MOVING]: 'Playing the move…',
    [PHASE.THINKING]: who + ' (engine) is thinking… ' + ((performance.now() - turn.thinkStart) / 1000).toFixed(1) + ' s',
    [PHASE.STALLED]: who + ' (engine) to move: press Engine move to retry',
    [PHASE.OVER]: 'Game over: ' + (p.outcome ? p.outcome.text : '') + '.',
  }[turn.phase];
  text.textContent = t;
  if (turn.phase === PHASE.THINKING) {
    const lim = ctx.levelLimits(turn.level);
    $('think-detail').textContent = turn.thinkLimits ? 'moving now' : lim;
  } else $('think-detail').textContent = '';
  const sc = $('scores');
  if (p.scores) {
    sc.hidden = false;
    sc.textContent = 'Score: ' + players[0] + ' ' + p.scores[0] + ' · ' + players[1] + ' ' + p.scores[1];
  } else sc.hidden = true;
  const forcedPass = !p.outcome && p.moves.length === 1 && p.moves[0].cells.length === 0;
  $('pass-note').hidden = !forcedPass;
  if (forcedPass) $('pass-note').textContent = who + ' has no move and must pass (' + p.moves[0].text + ').';
  drawBanner(turn, ctx);
}

function drawBanner(turn, ctx) {
  const p = turn.pos;
  const banner = $('banner');
  if (!p.outcome) {
    banner.hidden = true;
    return;
  }
  const w = p.outcome.winner;
  let head;
  if (turn.side === 'both') head = w == null ? 'Draw' : ctx.config.players[w] + ' wins';
  else if (w == null) head = 'Draw';
  else head = w === Number(turn.side) ? 'You won!' : 'You lost';
  banner.hidden = false;
  banner.className = 'banner ' + (w == null ? 'draw' : turn.side === 'both' || w === Number(turn.side) ? 'won' : 'lost');
  const score = p.scores ? ' · final score ' + p.scores[0] + '–' + p.scores[1] : '';
  $('banner-text').textContent = head + ' — ' + p.outcome.text + score + ' after ' + (turn.cursor) + ' moves.';
}

/** The evaluation line: exact value, or the engine's estimate with depth, nodes and time; nothing stale. */
export function drawEval(turn, ctx) {
  const p = turn.pos;
  const players = ctx.config.players;
  const parts = [];
  let pv = '';
  if (p && !p.outcome) {
    const a = turn.entry.analysis;
    if (a) parts.push('Exact: ' + a.score.text + ' for ' + players[p.to_move]);
    else if (ctx.config.solved && !p.solved) parts.push('This position is searched, not solved (too large for exact values)');
    // The latest search: at this position, or the engine's search one ply earlier (the move that led here).
    const at = turn.entry.eval ? turn.entry : turn.cursor > 0 && turn.history[turn.cursor - 1].eval ? turn.history[turn.cursor - 1] : null;
    if (at) {
      const ev = at.eval;
      const whose = players[at.pos.to_move];
      const scoreText = ev.forced ? 'forced move' + (at.value && at.value.exact ? ' (' + at.value.text + ' for ' + whose + ')' : '') : ev.score.text + ' for ' + whose;
      const how = ev.perfect ? 'from the solution' : ev.forced ? 'not searched' : 'depth ' + ev.depth + ', ' + ev.nodes.toLocaleString('en') + ' nodes, ' + ev.time_ms + ' ms';
      parts.push('Engine: ' + scoreText + ' (' + how + ')');
      if (ev.pv.length > 1) pv = 'Line: ' + ev.pv.join(' ');
    }
  }
  $('eval').textContent = parts.join(' · ') || '–';
  $('pv').textContent = pv;
}

/** Legal moves, best first with their values where known, as buttons; the legend of the value labels. */
export function drawValues(turn, ctx) {
  const box = $('values');
  box.replaceChildren();
  const p = turn.pos;
  if (!p) return;
  const a = p.outcome ? null : turn.entry.analysis;
  const note = $('values-note');
  $('legend').hidden = !a;
  const margins = !!a && a.moves.some((m) => m.score.margin != null);
  $('legend-margin').hidden = !margins;
  $('legend-plies').hidden = margins;
  let list = a ? a.moves.map((m) => ({ text: m.move, score: m.score, best: m.best })) : p.moves.map((m) => ({ text: m.text }));
  if (a) list = list.slice().sort((x, y) => rank(y.score) - rank(x.score));
  note.textContent = p.outcome ? '(none: the game is over)' : a ? '(exact, for ' + ctx.config.players[p.to_move] + ', best first)' : p.solved ? '(solving…)' : '';
  if (!a && list.length > 80) {
    note.textContent = '(' + list.length + ': click the board)';
    return;
  }
  const widest = a ? widestMargin(a.moves.map((m) => m.score)) : 1;
  for (const m of list.slice(0, 300)) {
    const b = button(m.score ? m.text + ' ' + shortScore(m.score) : m.text, () => ctx.playText(m.text), { 'data-move': m.text });
    if (m.score) {
      b.className = 'valued' + (m.best ? ' best' : '');
      b.style.borderColor = scoreColor(m.score, widest);
      b.style.color = scoreColor(m.score, widest);
      b.title = m.text + ': ' + m.score.text;
    }
    b.disabled = turn.phase !== PHASE.READY;
    box.appendChild(b);
  }
  if (list.length > 300) box.appendChild(document.createTextNode(' … ' + (list.length - 300) + ' more'));
}

/** The value chart: the first player's value after each move, with axes; a click jumps to that position. */
export function drawChart(turn, ctx) {
  const holder = $('chart');
  const W = Math.max(200, holder.clientWidth || 300);
  const H = 140;
  const pad = { l: 34, r: 8, t: 8, b: 22 };
  const n = Math.max(turn.history.length - 1, 1);
  const scale = chartScale(turn.history.map((h) => h.value));
  const pts = [];
  turn.history.forEach((h, i) => {
    if (h.value && h.value.verdict !== 'forced') pts.push([i, chartHeight(h.value, h.pos.to_move, scale)]);
  });
  const X = (i) => pad.l + ((W - pad.l - pad.r) * i) / n;
  const Y = (v) => pad.t + ((H - pad.t - pad.b) * (1 - v)) / 2;
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, 'aria-label': 'value chart' });
  const players = ctx.config.players;
  const exact = pts.length && turn.history.every((h) => !h.value || h.value.exact);
  const top = exact && !turn.history.some((h) => h.value && h.value.margin != null) ? 'win' : scale > 1 ? '+' + scale : '100%';
  const bottom = top === 'win' ? 'loss' : top === '100%' ? '0%' : '-' + scale;
  for (const [v, label] of [[1, top], [0, top === '100%' ? '50%' : '0'], [-1, bottom]]) {
    el('line', { x1: pad.l, y1: Y(v), x2: W - pad.r, y2: Y(v), class: v === 0 ? 'axis' : 'grid' }, svg);
    el('text', { x: pad.l - 4, y: Y(v), class: 'ylabel' }, svg, label);
  }
  el('line', { x1: pad.l, y1: pad.t, x2: pad.l, y2: H - pad.b, class: 'axis' }, svg);
  const step = Math.max(1, Math.ceil(n / 8));
  for (let i = 0; i <= n; i += step) el('text', { x: X(i), y: H - 6, class: 'xlabel' }, svg, String(i));
  el('line', { x1: X(turn.cursor), y1: pad.t, x2: X(turn.cursor), y2: H - pad.b, class: 'now' }, svg);
  if (pts.length) {
    el('polyline', { points: pts.map((q) => X(q[0]) + ',' + Y(q[1])).join(' '), class: 'curve' }, svg);
    for (const q of pts) el('circle', { cx: X(q[0]), cy: Y(q[1]), r: 3.5, fill: q[1] > 0.05 ? 'var(--win)' : q[1] < -0.05 ? 'var(--loss)' : 'var(--draw)', 'data-index': q[0] }, svg);
  }
  svg.addEventListener('click', (e) => {
    const r = svg.getBoundingClientRect();
    const x = ((e.clientX - r.left) * W) / r.width;
    const i = Math.round(((x - pad.l) * n) / (W - pad.l - pad.r));
    ctx.jump(Math.max(0, Math.min(turn.history.length - 1, i)));
  });
  holder.replaceChildren(svg);
  $('chart-caption').textContent = 'Up: ' + players[0] + ' better, down: ' + players[1] + ' better. x: moves played. Click to go there.';
}

/** The numbered move list in pairs; the current position highlighted and kept in view inside its own box. */
export function drawMoves(turn, ctx) {
  const box = $('movelist');
  box.replaceChildren();
  const first = turn.history[0] && turn.history[0].pos ? turn.history[0].pos.to_move : 0;
  let row = null;
  turn.history.forEach((h, i) => {
    if (i === 0) return;
    const slot = i - 1 + first; // 0-based half-move slot: even = first player's column
    if (!row || slot % 2 === 0) {
      row = document.createElement('div');
      row.className = 'pair';
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = Math.floor(slot / 2) + 1 + '.';
      row.appendChild(num);
      if (slot % 2 === 1) {
        const gap = document.createElement('span');
        gap.className = 'mv gap';
        gap.textContent = '…';
        row.appendChild(gap);
      }
      box.appendChild(row);
    }
    const b = button(h.move, () => ctx.jump(i), { 'data-index': String(i) });
    b.className = 'mv' + (i === turn.cursor ? ' current' : i > turn.cursor ? ' future' : '') + (h.by === 'engine' ? ' engine' : '');
    b.title = (h.by === 'engine' ? 'engine' : 'you') + ': ' + h.move;
    row.appendChild(b);
  });
  const cur = box.querySelector('.current');
  if (cur) {
    // Scroll the list's own box only (never the page, which scrollIntoView would move on a phone).
    const top = cur.offsetTop; // the box is position: relative
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + cur.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + cur.offsetHeight - box.clientHeight;
  }
  $('movelist-empty').hidden = turn.history.length > 1;
}
