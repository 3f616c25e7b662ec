// Sente arena: one game page. Vanilla JS, no dependencies. The server keeps no game state: this page holds the
// history of positions (for undo/redo and the move list) and sends the current position text with every request
// to /api/games/<game>/{validate,play,engine,analysis}. The board is drawn as SVG from the server's board view
// (a grid of cell tokens plus marks); a move is made by clicking the cells it touches, in any order.
'use strict';
(() => {
  const CFG = JSON.parse(document.getElementById('game-config').textContent);
  const GAME = CFG.name;
  const $ = (id) => document.getElementById(id);
  const SVGNS = 'http://www.w3.org/2000/svg';

  // How each game's cell tokens are drawn: a stone (filled circle), a letter, or a coloured square.
  const SKINS = {
    tictactoe: { X: { text: 'X', color: '#1f4e8c' }, O: { text: 'O', color: '#b03a2e' } },
    gomoku: { B: { stone: '#141414' }, W: { stone: '#fafafa' }, X: { stone: '#141414' }, O: { stone: '#fafafa' } },
    starcircle: { S: { text: '★', color: '#b8860b' }, C: { text: '●', color: '#1f4e8c' } },
    lgame: { '1': { fill: '#2f6db5' }, '2': { fill: '#c0392b' }, N: { stone: '#444' } },
    rowcol: { P: { stone: '#3a3a3a' }, R: { text: '◀', color: '#2f6db5' }, C: { text: '▲', color: '#2f6db5' } },
  };
  const skin = SKINS[GAME] || {};

  const S = {
    history: [], // {pos, move, cells, by, value, eval}
    cursor: 0,
    clicks: [],
    kbd: 0,
    hint: null,
    analysis: null,
    busy: false,
    gen: 0,
  };

  const pos = () => S.history[S.cursor].pos;
  const over = () => !!pos().outcome;
  const side = () => $('side').value;
  const humanTurn = () => side() === 'both' || Number(side()) === pos().to_move;
  const player = (i) => CFG.players[i];

  async function api(path, body) {
    const r = await fetch('/api/games/' + GAME + '/' + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    let data;
    try {
      data = await r.json();
    } catch (_) {
      data = { error: 'unreadable answer (HTTP ' + r.status + ')' };
    }
    if (!r.ok) throw new Error(data.error || 'HTTP ' + r.status);
    return data;
  }

  function say(text, kind) {
    const m = $('message');
    m.textContent = text || '';
    m.className = 'message' + (kind ? ' ' + kind : '');
  }

  // ---- game flow -------------------------------------------------------------------------------------------------

  function start(view) {
    S.history = [{ pos: view, move: null, cells: [], by: null, value: null, eval: null }];
    S.cursor = 0;
    changed();
  }

  function changed() {
    S.gen++;
    S.clicks = [];
    S.hint = null;
    S.analysis = null;
    const n = pos().board.rows * pos().board.cols;
    if (S.kbd >= n) S.kbd = 0;
    render();
    if (CFG.solved) analyse();
    maybeEngine();
  }

  async function analyse() {
    const gen = S.gen;
    const entry = S.history[S.cursor];
    try {
      const a = await api('analysis', { position: entry.pos.position });
      if (gen !== S.gen) return;
      S.analysis = a;
      entry.value = { chart: entry.pos.to_move === 0 ? a.score.chart : -a.score.chart, text: a.score.text };
      render();
    } catch (e) {
      if (gen === S.gen) say(e.message, 'error');
    }
  }

  function maybeEngine() {
    if (over() || humanTurn() || S.cursor !== S.history.length - 1) return;
    engineMove();
  }

  function levelName(forHint) {
    if (forHint && CFG.solved && CFG.levels.some((l) => l.name === 'perfect')) return 'perfect';
    return $('level').value;
  }

  async function search(forHint) {
    const entry = S.history[S.cursor];
    const r = await api('engine', { position: entry.pos.position, level: levelName(forHint) });
    entry.eval = r;
    if (!r.score.exact || !entry.value) {
      const c = entry.pos.to_move === 0 ? r.score.chart : -r.score.chart;
      if (!entry.value || r.score.exact) entry.value = { chart: c, text: r.score.text };
    }
    return r;
  }

  async function engineMove() {
    if (over() || S.busy) return;
    const gen = S.gen;
    S.busy = true;
    render();
    try {
      const r = await search(false);
      if (gen !== S.gen) return;
      S.busy = false;
      await playMove(r.move, 'engine');
    } catch (e) {
      if (gen === S.gen) say(e.message, 'error');
    } finally {
      if (gen === S.gen || S.busy) {
        S.busy = false;
        render();
      }
    }
  }

  async function playMove(text, by) {
    const before = pos();
    const mv = before.moves.find((m) => m.text === text);
    try {
      const r = await api('play', { position: before.position, move: text });
      S.history.length = S.cursor + 1;
      S.history.push({ pos: r.after, move: r.move, cells: mv ? mv.cells : [], by, value: null, eval: null });
      S.cursor++;
      say('');
      changed();
    } catch (e) {
      say(e.message, 'error');
      render();
    }
  }

  async function hint() {
    if (over() || S.busy) return;
    const gen = S.gen;
    say('Thinking about a hint…');
    try {
      const r = await search(true);
      if (gen !== S.gen) return;
      const mv = pos().moves.find((m) => m.text === r.move);
      S.hint = { cells: mv ? mv.cells : [], text: r.move };
      say('Hint: ' + r.move + ' (' + r.score.text + ' for ' + player(pos().to_move) + ')', 'ok');
      render();
    } catch (e) {
      if (gen === S.gen) say(e.message, 'error');
    }
  }

  function undo() {
    if (S.cursor === 0) return;
    S.cursor--;
    // Against the engine, step back to a position where it is your turn.
    while (S.cursor > 0 && side() !== 'both' && Number(side()) !== pos().to_move) S.cursor--;
    S.busy = false;
    changed();
  }

  function redo() {
    if (S.cursor >= S.history.length - 1) return;
    S.cursor++;
    while (S.cursor < S.history.length - 1 && side() !== 'both' && Number(side()) !== pos().to_move) S.cursor++;
    changed();
  }

  async function newGame() {
    say('');
    try {
      start(await api('validate', { position: CFG.initial }));
    } catch (e) {
      say(e.message, 'error');
    }
  }

  async function loadPosition() {
    const text = $('load-text').value;
    if (!text.trim()) return say('Paste a position first.', 'error');
    try {
      const v = await api('validate', { position: text });
      start(v);
      say('Position loaded: ' + player(v.to_move) + ' to move.', 'ok');
    } catch (e) {
      say(e.message, 'error');
    }
  }

  // ---- clicking moves ------------------------------------------------------------------------------------------

  const compatible = (clicks) => pos().moves.filter((m) => clicks.every((c) => m.cells.includes(c)));
  const sameSet = (a, b) => a.length === b.length && a.every((c) => b.includes(c));
  const exactMatches = () => compatible(S.clicks).filter((m) => sameSet(m.cells, S.clicks));

  function onCell(i) {
    S.kbd = i;
    if (over()) return say('The game is over: start a new game or undo.', 'error');
    if (S.busy) return say('Wait for the engine to move.', 'error');
    if (!humanTurn()) return say('It is the engine\'s turn (or press "Engine move").', 'error');
    let clicks = S.clicks.includes(i) ? S.clicks.filter((c) => c !== i) : S.clicks.concat([i]);
    let comp = compatible(clicks);
    if (!comp.length) {
      clicks = [i];
      comp = compatible(clicks);
    }
    if (!comp.length) {
      S.clicks = [];
      say('No legal move uses that cell.', 'error');
      return render();
    }
    S.clicks = clicks;
    say('');
    const exact = comp.filter((m) => sameSet(m.cells, clicks));
    if (exact.length === 1 && comp.length === 1) return playMove(exact[0].text, 'you');
    render();
  }

  // ---- drawing -------------------------------------------------------------------------------------------------

  function el(name, attrs, parent, text) {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }

  function shortScore(s) {
    if (s.verdict === 'win' && s.plies != null) return 'W' + s.plies;
    if (s.verdict === 'loss' && s.plies != null) return 'L' + s.plies;
    if (s.margin != null) return (s.margin > 0 ? '+' : '') + s.margin;
    if (s.verdict === 'draw') return 'D';
    return s.text;
  }

  function drawBoard() {
    const b = pos().board;
    const L = 0.6;
    const W = b.cols + L;
    const H = b.rows + L;
    const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'board' });
    const xy = (i) => [L + (i % b.cols), Math.floor(i / b.cols)];
    const box = (i, cls, inset) => {
      const [x, y] = xy(i);
      const d = inset || 0;
      return el('rect', { x: x + d, y: y + d, width: 1 - 2 * d, height: 1 - 2 * d, class: cls }, svg);
    };
    b.cells.forEach((t, i) => {
      const [x, y] = xy(i);
      const alt = GAME === 'starcircle' && (Math.floor(i / b.cols) + (i % b.cols)) % 2 === 1;
      box(i, 'cell-bg' + (t === '#' ? ' dead' : alt ? ' alt' : '') + (GAME === 'gomoku' ? ' go' : ''));
      if (GAME === 'gomoku') {
        el('line', { x1: x, y1: y + 0.5, x2: x + 1, y2: y + 0.5, stroke: '#7a5a2b', 'stroke-width': 0.03 }, svg);
        el('line', { x1: x + 0.5, y1: y, x2: x + 0.5, y2: y + 1, stroke: '#7a5a2b', 'stroke-width': 0.03 }, svg);
      }
    });
    b.row_labels.forEach((t, r) => el('text', { x: L / 2, y: r + 0.5, class: 'label' }, svg, t));
    b.col_labels.forEach((t, c) => el('text', { x: L + c + 0.5, y: b.rows + L / 2, class: 'label' }, svg, t));
    for (const m of b.marks) {
      for (const i of m.cells) {
        if (m.kind === 'win') box(i, 'winline');
        else if (m.kind === 'threat') {
          const [x, y] = xy(i);
          el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.14, class: 'threat' }, svg);
        }
      }
    }
    b.cells.forEach((t, i) => {
      if (!t || t === '#') return;
      const [x, y] = xy(i);
      const k = skin[t] || skin[t.replace(/[0-9]+$/, '')] || {};
      if (k.stone) el('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.42, fill: k.stone, stroke: '#000', 'stroke-width': 0.03 }, svg);
      else if (k.fill) el('rect', { x: x + 0.06, y: y + 0.06, width: 0.88, height: 0.88, rx: 0.1, fill: k.fill }, svg);
      const label = k.text || (k.stone || k.fill ? '' : t);
      if (label) el('text', { x: x + 0.5, y: y + 0.53, class: 'token', fill: k.color || '#222' }, svg, label);
      const stack = t.match(/[0-9]+$/);
      if (stack && (k.text || k.stone) && stack[0] !== '1') {
        el('text', { x: x + 0.82, y: y + 0.2, class: 'badge-val', fill: '#000' }, svg, '×' + stack[0]);
      }
    });
    const entry = S.history[S.cursor];
    for (const i of entry.cells || []) box(i, 'last', 0.04);
    if (S.analysis) {
      for (const mv of S.analysis.moves) {
        if (mv.cells.length !== 1) continue;
        const [x, y] = xy(mv.cells[0]);
        const color = mv.score.verdict === 'win' ? '#1d8a3a' : mv.score.verdict === 'loss' ? '#c0392b' : '#8a7d1d';
        const busy = b.cells[mv.cells[0]] !== '';
        el('text', { x: x + 0.5, y: y + (busy ? 0.86 : 0.5), class: 'badge-val', fill: color }, svg, shortScore(mv.score));
      }
    }
    const cand = new Set();
    if (S.clicks.length) for (const m of compatible(S.clicks)) for (const c of m.cells) if (!S.clicks.includes(c)) cand.add(c);
    for (const i of cand) box(i, 'cand', 0.1);
    for (const i of S.clicks) box(i, 'sel', 0.05);
    if (S.hint) for (const i of S.hint.cells) box(i, 'hint', 0.08);
    box(S.kbd, 'cursor', 0.02);
    b.cells.forEach((t, i) => {
      const r = box(i, 'cell');
      r.setAttribute('fill', 'transparent');
      r.setAttribute('data-cell', String(i));
      r.addEventListener('click', () => onCell(i));
    });
    const holder = $('board');
    holder.replaceChildren(svg);
  }

  function drawValues() {
    const box = $('values');
    box.replaceChildren();
    const a = S.analysis;
    const list = a ? a.moves.map((m) => ({ text: m.move, cells: m.cells, score: m.score, best: m.best })) : pos().moves;
    $('values-note').textContent = a ? '(exact value for ' + player(pos().to_move) + ')' : CFG.solved ? '(solving…)' : '';
    if (!a && list.length > 80) {
      $('values-note').textContent = '(' + list.length + ': click the board)';
      return;
    }
    for (const m of list.slice(0, 500)) {
      const b = document.createElement('button');
      b.textContent = m.score ? m.text + ' ' + shortScore(m.score) : m.text;
      if (m.score) {
        b.className = m.score.verdict + (m.best ? ' best' : '');
        b.title = m.text + ': ' + m.score.text;
      }
      b.dataset.move = m.text;
      b.addEventListener('click', () => {
        if (!humanTurn() || S.busy) return say('It is not your turn.', 'error');
        playMove(m.text, 'you');
      });
      box.appendChild(b);
    }
    if (list.length > 500) box.appendChild(document.createTextNode(' … ' + (list.length - 500) + ' more'));
  }

  function drawChart() {
    const pts = S.history.map((h, i) => (h.value ? [i, h.value.chart] : null)).filter(Boolean);
    const n = Math.max(S.history.length - 1, 1);
    const max = Math.max(1, ...pts.map((p) => Math.abs(p[1])));
    const svg = el('svg', { viewBox: '0 0 100 40', preserveAspectRatio: 'none', 'aria-label': 'value chart' });
    el('line', { x1: 0, y1: 20, x2: 100, y2: 20, stroke: '#bbb', 'stroke-width': 0.3 }, svg);
    const X = (i) => 2 + (96 * i) / n;
    const Y = (v) => 20 - (18 * v) / max;
    el('line', { x1: X(S.cursor), y1: 0, x2: X(S.cursor), y2: 40, stroke: '#2f6db5', 'stroke-width': 0.3 }, svg);
    if (pts.length) {
      el('polyline', { points: pts.map((p) => X(p[0]) + ',' + Y(p[1])).join(' '), fill: 'none', stroke: '#222', 'stroke-width': 0.6 }, svg);
      for (const p of pts) el('circle', { cx: X(p[0]), cy: Y(p[1]), r: 0.9, fill: p[1] > 0 ? '#1d8a3a' : p[1] < 0 ? '#c0392b' : '#8a7d1d' }, svg);
    }
    el('text', { x: 1, y: 5, 'font-size': 4, fill: '#666' }, svg, player(0) + ' better ↑');
    $('chart').replaceChildren(svg);
  }

  function drawMoves() {
    const ol = $('movelist');
    ol.replaceChildren();
    S.history.forEach((h, i) => {
      if (i === 0) return;
      const li = document.createElement('li');
      li.textContent = h.move + (h.by === 'engine' ? ' (engine)' : '');
      li.className = i === S.cursor ? 'current' : i > S.cursor ? 'future' : '';
      li.addEventListener('click', () => {
        S.cursor = i;
        changed();
      });
      ol.appendChild(li);
    });
    const cur = ol.querySelector('.current');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
  }

  function drawStatus() {
    const p = pos();
    let text;
    if (p.outcome) text = 'Game over: ' + p.outcome.text + '.';
    else if (S.busy) text = 'Engine (' + player(p.to_move) + ') is thinking…';
    else text = player(p.to_move) + ' to move' + (humanTurn() ? ' (you)' : ' (engine)') + '.';
    $('status').textContent = text;
    const sc = $('scores');
    if (p.scores) {
      sc.hidden = false;
      sc.textContent = 'Score: ' + player(0) + ' ' + p.scores[0] + ' · ' + player(1) + ' ' + p.scores[1];
    } else sc.hidden = true;
    const evAt = S.history[S.cursor].eval ? S.history[S.cursor] : S.cursor > 0 ? S.history[S.cursor - 1] : null;
    const ev = evAt ? evAt.eval : null;
    const parts = [];
    if (S.analysis) parts.push('Exact: ' + S.analysis.score.text + ' for ' + player(p.to_move));
    if (ev) {
      parts.push('Engine: ' + ev.score.text + ' for ' + player(evAt.pos.to_move) + (ev.perfect ? ' (from the solution)' : ' (depth ' + ev.depth + ', ' + ev.nodes + ' nodes, ' + ev.time_ms + ' ms)'));
    }
    $('eval').textContent = parts.join(' · ') || '–';
    $('pv').textContent = ev && ev.pv.length ? 'PV: ' + ev.pv.join(' ') : '';
    const ex = S.clicks.length ? exactMatches() : [];
    const sel = $('selection');
    sel.textContent = S.clicks.length
      ? 'Selected ' + S.clicks.length + ' cell(s); ' + compatible(S.clicks).length + ' move(s) fit' + (ex.length === 1 ? '; Enter plays ' + ex[0].text + ' ' : '')
      : '';
    if (ex.length === 1) {
      const b = document.createElement('button');
      b.id = 'play-sel-btn';
      b.textContent = 'Play ' + ex[0].text;
      b.addEventListener('click', () => playMove(ex[0].text, 'you'));
      sel.appendChild(b);
    }
    $('undo-btn').disabled = S.cursor === 0;
    $('redo-btn').disabled = S.cursor >= S.history.length - 1;
    $('hint-btn').disabled = !!p.outcome || S.busy;
    $('engine-btn').disabled = !!p.outcome || S.busy;
  }

  function render() {
    drawBoard();
    drawStatus();
    drawValues();
    drawChart();
    drawMoves();
  }

  // ---- input ---------------------------------------------------------------------------------------------------

  function onKey(e) {
    const tag = (e.target.tagName || '').toLowerCase();
    if (tag === 'textarea' || tag === 'select' || tag === 'input' || e.ctrlKey || e.metaKey || e.altKey) return;
    const b = pos().board;
    const r = Math.floor(S.kbd / b.cols);
    const c = S.kbd % b.cols;
    const move = (dr, dc) => {
      S.kbd = ((r + dr + b.rows) % b.rows) * b.cols + ((c + dc + b.cols) % b.cols);
      render();
    };
    const keys = {
      ArrowUp: () => move(-1, 0),
      ArrowDown: () => move(1, 0),
      ArrowLeft: () => move(0, -1),
      ArrowRight: () => move(0, 1),
      Enter: () => {
        const ex = exactMatches();
        if (S.clicks.includes(S.kbd) && ex.length === 1) playMove(ex[0].text, 'you');
        else onCell(S.kbd);
      },
      ' ': () => onCell(S.kbd),
      Escape: () => {
        S.clicks = [];
        render();
      },
      h: hint,
      u: undo,
      r: redo,
      n: newGame,
      e: engineMove,
    };
    const f = keys[e.key];
    if (!f) return;
    if (tag === 'button' && (e.key === 'Enter' || e.key === ' ')) return;
    e.preventDefault();
    f();
  }

  function init() {
    const sel = $('level');
    for (const l of CFG.levels) {
      const o = document.createElement('option');
      o.value = l.name;
      o.textContent = l.label;
      sel.appendChild(o);
    }
    const preferred = CFG.levels.find((l) => l.name === 'medium') || CFG.levels[0];
    if (preferred) sel.value = preferred.name;
    $('new-btn').addEventListener('click', newGame);
    $('undo-btn').addEventListener('click', undo);
    $('redo-btn').addEventListener('click', redo);
    $('hint-btn').addEventListener('click', hint);
    $('engine-btn').addEventListener('click', engineMove);
    $('load-btn').addEventListener('click', loadPosition);
    $('copy-btn').addEventListener('click', () => {
      $('load-text').value = pos().position;
    });
    $('side').addEventListener('change', () => {
      render();
      maybeEngine();
    });
    document.addEventListener('keydown', onKey);
    newGame();
  }

  init();
})();
