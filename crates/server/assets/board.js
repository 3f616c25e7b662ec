// Board drawing: one SVG from the API's board view (a grid of cell tokens, labels and marks), with the game's
// skin (skins.js) and the page's markers, each with its own shape so none is mistaken for another or for a piece:
//   keyboard cursor  – dashed dark square;          selection – thick blue frame and a blue tint;
//   last move        – red corner triangle on its cells (hollow on the cell it came from), a red cross on a
//                      piece it captured (Star/Circle jumps);
//   hint             – purple dashed ring;           next cells – small blue dots (or the move value);
//   L-Game preview   – the L's new cells, half-transparent, once its four cells are chosen.
// With exact values (solved games), every cell that can be clicked next shows the best value it leads to, as a
// coloured tint and a short label (values.js). Clicks on cells call `onCell(index)`.
import { skinOf, tokenStyle } from './skins.js';
import { shortScore, scoreColor, widestMargin, rank } from './values.js';

const SVGNS = 'http://www.w3.org/2000/svg';
const L = 0.5; // width of the label margin, in cells

export function el(name, attrs, parent, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

/**
 * Draws `view` into `holder`. `opts`: {game, pos, lastCells, selection (input.js), hint, kbd, analysis,
 * mover (0/1), onCell}.
 */
export function drawBoard(holder, opts) {
  const { game, pos } = opts;
  const b = pos.board;
  const skin = skinOf(game);
  const notes = b.row_notes || [];
  const R = notes.length ? 1.4 : 0; // room for the row notes (Star/Circle's row values) right of the board
  const svg = el('svg', { viewBox: `0 0 ${b.cols + L + R} ${b.rows + L}`, role: 'img', 'aria-label': 'board' });
  const xy = (i) => [L + (i % b.cols), Math.floor(i / b.cols)];
  const box = (i, cls, inset, parent) => {
    const [x, y] = xy(i);
    const d = inset || 0;
    return el('rect', { x: x + d, y: y + d, width: 1 - 2 * d, height: 1 - 2 * d, class: cls }, parent || svg);
  };

  // Squares, grid lines and labels.
  b.cells.forEach((t, i) => {
    const [x, y] = xy(i);
    const alt = skin.checker && (Math.floor(i / b.cols) + (i % b.cols)) % 2 === 1;
    box(i, 'cell-bg' + (t === '#' ? ' dead' : alt ? ' alt' : '') + (skin.grid ? ' go' : ''));
    if (skin.grid) {
      el('line', { x1: x, y1: y + 0.5, x2: x + 1, y2: y + 0.5, class: 'gridline' }, svg);
      el('line', { x1: x + 0.5, y1: y, x2: x + 0.5, y2: y + 1, class: 'gridline' }, svg);
    }
  });
  b.row_labels.forEach((t, r) => el('text', { x: L / 2, y: r + 0.5, class: 'label' }, svg, t));
  b.col_labels.forEach((t, c) => el('text', { x: L + c + 0.5, y: b.rows + L / 2, class: 'label' }, svg, t));
  notes.forEach((t, r) => el('text', { x: L + b.cols + 0.1, y: r + 0.5, class: 'note-label' }, svg, t));
  for (const m of b.marks) {
    for (const i of m.cells) {
      if (m.kind === 'win') box(i, 'winline');
      else if (m.kind === 'threat') {
        const [x, y] = xy(i);
        el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.12, class: 'threat' }, svg);
      }
    }
  }

  // Values of the cells that can be clicked next (solved games): the best move through each, as a tint here and
  // a label drawn over the tokens below.
  const sel = opts.selection;
  const next = sel ? sel.nextCells(pos.moves) : new Map();
  const labels = [];
  if (opts.analysis) {
    const byText = new Map(opts.analysis.moves.map((m) => [m.move, m.score]));
    const widest = widestMargin(opts.analysis.moves.map((m) => m.score));
    for (const [cell, moves] of next) {
      const scores = moves.map((m) => byText.get(m.text)).filter(Boolean);
      if (!scores.length) continue;
      const best = scores.reduce((a, s) => (rank(s) > rank(a) ? s : a));
      const color = scoreColor(best, widest);
      const [x, y] = xy(cell);
      el('rect', { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, fill: color, class: 'value-tint' }, svg);
      labels.push([cell, color, shortScore(best)]);
    }
  } else {
    for (const cell of next.keys()) {
      if (sel.clicks.length === 0) continue;
      const [x, y] = xy(cell);
      el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.1, class: 'cand' }, svg);
    }
  }

  // Tokens.
  b.cells.forEach((t, i) => {
    if (!t || t === '#') return;
    const [x, y] = xy(i);
    const k = tokenStyle(skin, t);
    if (k.stone) el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.42, fill: k.stone, class: 'stone' }, svg);
    else if (k.fill) el('rect', { x: x + 0.06, y: y + 0.06, width: 0.88, height: 0.88, rx: 0.1, fill: k.fill }, svg);
    else if (k.disc) el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.4, fill: k.disc, class: 'disc' }, svg);
    const label = k.text || (k.stone || k.fill ? '' : t);
    if (label) el('text', { x: x + 0.5, y: y + 0.53, class: 'token', fill: k.color || '#222' }, svg, label);
    const stack = t.match(/[0-9]+$/);
    if (stack && (k.text || k.stone) && stack[0] !== '1') el('text', { x: x + 0.8, y: y + 0.2, class: 'stack' }, svg, '×' + stack[0]);
  });

  for (const [cell, color, text] of labels) {
    const [x, y] = xy(cell);
    const busy = b.cells[cell] !== '';
    el('text', { x: x + 0.5, y: y + (busy ? 0.84 : 0.5), class: 'badge-val' + (busy ? ' small' : ''), fill: color }, svg, text);
  }

  // Markers.
  const last = opts.lastCells || [];
  last.forEach((i, k) => {
    const [x, y] = xy(i);
    const from = game === 'starcircle' && last.length === 2 && k === 0;
    el('path', { d: `M${x + 0.03} ${y + 0.03} h0.32 l-0.32 0.32 z`, class: 'last' + (from ? ' from' : '') }, svg);
  });
  if (skin.jumpCaptures && last.length === 2) {
    const [r0, c0, r1, c1] = [Math.floor(last[0] / b.cols), last[0] % b.cols, Math.floor(last[1] / b.cols), last[1] % b.cols];
    if (Math.abs(r1 - r0) === 2 && Math.abs(c1 - c0) === 2) {
      const [x, y] = xy(((r0 + r1) / 2) * b.cols + (c0 + c1) / 2);
      el('path', { d: `M${x + 0.3} ${y + 0.3} L${x + 0.7} ${y + 0.7} M${x + 0.7} ${y + 0.3} L${x + 0.3} ${y + 0.7}`, class: 'captured' }, svg);
    }
  }
  if (sel && sel.headDone()) {
    for (const i of sel.clicks.slice(0, sel.head)) box(i, 'preview p' + opts.mover, 0.08);
  }
  if (sel) for (const i of sel.clicks) box(i, 'sel', 0.05);
  if (opts.hint) {
    for (const i of opts.hint.cells) {
      const [x, y] = xy(i);
      el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.3, class: 'hint' }, svg);
    }
  }
  if (opts.kbd != null && opts.showCursor) box(opts.kbd, 'cursor', 0.02);

  // Click targets on top.
  b.cells.forEach((t, i) => {
    const r = box(i, 'cell');
    r.setAttribute('data-cell', String(i));
    r.addEventListener('click', () => opts.onCell(i));
  });
  holder.style.aspectRatio = b.cols + L + R + ' / ' + (b.rows + L);
  holder.replaceChildren(svg);
}
