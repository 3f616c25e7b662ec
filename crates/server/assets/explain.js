// The Explain panel: the search tree of the current position, from POST /api/games/<game>/tree (the registry's
// traced minimax / alpha-beta, the same tree and count as `sente tree --json`). The tree is replayed in expansion
// order: step k shows nodes #1..#k, the current node's α/β window on entry, each value once its subtree is done
// (node.last <= k) and, from then on, the children a cut pruned with the bound that cut them. Forward/back/first/
// last buttons and, with focus in the panel, ←/→ (or j/k), Home/End step; clicking a node jumps to it. The small
// board under the tree shows the current node's position, its move marked. A plug-in module: it only reads
// arena.turn (the current position) and calls arena.api, so the game's own state machine is untouched.
import { arena } from './app.js';
import { drawBoard } from './board.js';

const $ = (id) => document.getElementById(id);
const ui = { tree: null, nodes: [], rows: new Map(), prunes: new Map(), step: 0, views: new Map(), boardReq: 0, treeReq: 0 };

function flatten(node, parent, out) {
  node.parent = parent;
  out.push(node);
  for (const c of node.children) flatten(c, node, out);
  return out;
}

function role(node) {
  if (ui.tree.algorithm === 'negamax') return node.player + ' to move';
  return (node.max ? 'MAX' : 'MIN') + ' (' + node.player + ')';
}

function say(text, kind) {
  const m = $('explain-msg');
  m.textContent = text;
  m.className = 'message' + (kind ? ' ' + kind : '');
}

async function load() {
  const pos = arena.turn.pos;
  if (!pos) return;
  const body = { algorithm: $('explain-algo').value, depth: Number($('explain-depth').value) };
  // Only the newest request's answer is shown; an older one arriving late is dropped.
  const req = ++ui.treeReq;
  say('Searching…');
  $('explain-go').disabled = true;
  $('explain').dataset.busy = '1';
  try {
    const tree = await arena.api.tree(pos.position, body);
    if (req !== ui.treeReq) return;
    show(tree);
    say('');
  } catch (e) {
    if (req === ui.treeReq) say(e.message, 'error');
  } finally {
    if (req === ui.treeReq) {
      $('explain-go').disabled = false;
      delete $('explain').dataset.busy;
    }
  }
}

function show(tree) {
  ui.tree = tree;
  ui.nodes = flatten(tree.root, null, []);
  ui.rows = new Map();
  ui.prunes = new Map();
  const best = tree.best ? ', best move ' + tree.best : '';
  const drawn = tree.drawn < tree.nodes ? ' (' + tree.drawn + ' drawn)' : '';
  const s = $('explain-summary');
  s.textContent = `${tree.algorithm}, depth ${tree.depth}: ${tree.nodes} nodes visited${drawn}; value ${tree.value}${best}`;
  s.dataset.nodes = String(tree.nodes);
  const list = $('explain-tree');
  list.replaceChildren();
  for (const node of ui.nodes) {
    const row = document.createElement('button');
    row.className = 'tnode ' + (node.max || tree.algorithm === 'negamax' ? 'max' : 'min');
    row.dataset.n = String(node.n);
    row.style.paddingLeft = 0.3 + node.ply * 1.1 + 'em';
    row.addEventListener('click', () => go(node.n));
    list.appendChild(row);
    ui.rows.set(node.n, row);
    if (node.cut || node.hidden) {
      const p = document.createElement('div');
      p.className = 'tprune';
      p.style.paddingLeft = 0.3 + (node.ply + 1) * 1.1 + 'em';
      const parts = [];
      if (node.cut) parts.push('✂ pruned ' + node.pruned.join(' ') + ' — ' + node.cut);
      if (node.hidden) parts.push('… ' + node.hidden + ' more nodes not drawn');
      p.textContent = parts.join('; ');
      ui.prunes.set(node.n, p);
    }
  }
  // A node's pruned line goes after its last drawn descendant's row.
  for (const node of ui.nodes) {
    const p = ui.prunes.get(node.n);
    if (!p) continue;
    let last = node;
    while (last.children.length) last = last.children[last.children.length - 1];
    ui.rows.get(last.n).after(p);
  }
  $('explain-steps').hidden = false;
  go(1);
  list.focus();
}

function go(step) {
  if (!ui.tree) return;
  const n = Math.max(1, Math.min(ui.nodes.length, step));
  ui.step = n;
  const cur = ui.nodes[n - 1];
  const path = new Set();
  for (let a = cur; a; a = a.parent) path.add(a.n);
  const minimax = ui.tree.algorithm === 'minimax';
  for (const node of ui.nodes) {
    const row = ui.rows.get(node.n);
    const done = node.last <= n;
    row.hidden = node.n > n;
    row.classList.toggle('current', node.n === n);
    row.classList.toggle('path', path.has(node.n) && node.n !== n);
    row.classList.toggle('done', done);
    const window = minimax ? '' : ` [${node.alpha}, ${node.beta}]`;
    row.textContent = `#${node.n} ${node.move || 'root'}${window} = ${done ? node.value : '…'}`;
    row.title = role(node);
    const p = ui.prunes.get(node.n);
    if (p) p.hidden = !done;
  }
  ui.rows.get(n).scrollIntoView({ block: 'nearest' });
  $('explain-step').textContent = `Node ${n} of ${ui.tree.drawn}`;
  $('explain-step').dataset.step = String(n);
  const lines = [`#${cur.n} ${cur.move ? 'after ' + cur.move : 'the root'} — ${role(cur)}`];
  lines.push(minimax ? 'minimax keeps no window' : `window on entry: α = ${cur.alpha}, β = ${cur.beta}`);
  const why = { terminal: ' (game over)', horizon: ' (depth limit: evaluated)', nomoves: ' (no moves)', interior: '' }[cur.kind];
  lines.push(cur.last <= n ? `value ${cur.value}${why}` : `value: searching its ${cur.children.length} child(ren)…`);
  if (cur.cut && cur.last <= n) lines.push(`cut: ${cur.cut}, so ${cur.pruned.join(' ')} never searched`);
  $('explain-node').textContent = lines.join('\n');
  drawNode(cur);
}

async function drawNode(node) {
  const req = ++ui.boardReq;
  let view = ui.views.get(node.position);
  if (!view) {
    try {
      view = await arena.api.validate(node.position);
    } catch (_) {
      return;
    }
    ui.views.set(node.position, view);
  }
  if (req !== ui.boardReq) return;
  drawBoard($('explain-board'), { game: arena.config.name, pos: view, lastCells: node.cells, onCell: () => {} });
}

function onKey(e) {
  const tag = (e.target.tagName || '').toLowerCase();
  if (!ui.tree || tag === 'select' || tag === 'input' || tag === 'textarea') return;
  const moves = { ArrowRight: 1, ArrowDown: 1, j: 1, ArrowLeft: -1, ArrowUp: -1, k: -1 };
  let to = null;
  if (e.key in moves) to = ui.step + moves[e.key];
  else if (e.key === 'Home') to = 1;
  else if (e.key === 'End') to = ui.nodes.length;
  if (to === null) return;
  e.preventDefault();
  e.stopPropagation();
  go(to);
}

function init() {
  const panel = $('explain');
  if (!panel) return;
  $('explain-go').addEventListener('click', load);
  $('explain-first').addEventListener('click', () => go(1));
  $('explain-prev').addEventListener('click', () => go(ui.step - 1));
  $('explain-next').addEventListener('click', () => go(ui.step + 1));
  $('explain-last').addEventListener('click', () => go(ui.nodes.length));
  panel.addEventListener('keydown', onKey);
  arena.turn.addEventListener('change', () => {
    if (ui.tree && arena.turn.pos && ui.tree.root.position !== arena.turn.pos.position) {
      say('The position has changed: press Show tree for the new one.');
    }
  });
}

init();
