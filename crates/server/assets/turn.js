// The page's turn logic as one explicit state machine. Phases:
//   loading  – no position yet (the page is starting or restoring a saved game);
//   ready    – a person is to move: the only phase in which board input is accepted;
//   moving   – a move was sent to /play and its answer is awaited: all input is locked, and the page only ever
//              shows positions the server accepted;
//   thinking – the engine searches for the side it plays;
//   stalled  – an engine request failed: the engine's side is to move, "Engine move" retries;
//   over     – the game at the shown position is finished.
// `settle()` is the one place that picks the phase of a position, so whenever the engine's side is to move in an
// unfinished game the engine moves. Every transition that makes a request in flight stale (undo, redo, a jump in
// the move list, a new game, a change of side or level) calls `cancel()`: it aborts the request (AbortController)
// and bumps a generation counter that every answer is checked against, so a late answer can never act.
// Listeners hear 'change' after every transition (the panels redraw from `turn` alone).
import { nextPly } from './values.js';

export const PHASE = { LOADING: 'loading', READY: 'ready', MOVING: 'moving', THINKING: 'thinking', STALLED: 'stalled', OVER: 'over' };

export class Turn extends EventTarget {
  /** `api` from api.js; `config` the game's description (levels, players). */
  constructor(api, config) {
    super();
    this.api = api;
    this.config = config;
    /** Positions from the start: {pos, move, cells, by, value, eval, analysis}. */
    this.history = [];
    this.cursor = 0;
    this.side = '0';
    this.level = config.levels.length ? config.levels[Math.min(1, config.levels.length - 1)].name : '';
    this.phase = PHASE.LOADING;
    this.gen = 0;
    this.inflight = new Set();
    this.thinkStart = 0;
    this.thinkLimits = null;
    this.message = null;
    this.hint = null;
  }

  get entry() {
    return this.history[this.cursor];
  }

  get pos() {
    return this.entry ? this.entry.pos : null;
  }

  /** True when the engine plays the side to move in `pos` (never when playing both sides). */
  engineToMove(pos) {
    return !!pos && !pos.outcome && this.side !== 'both' && Number(this.side) !== pos.to_move;
  }

  changed() {
    this.dispatchEvent(new Event('change'));
  }

  say(text, kind) {
    this.message = text ? { text, kind: kind || '' } : null;
    this.changed();
  }

  /** Makes every request in flight stale: aborts it and bumps the generation. */
  cancel() {
    this.gen++;
    for (const c of this.inflight) c.abort();
    this.inflight.clear();
    this.hint = null;
  }

  request() {
    const c = new AbortController();
    this.inflight.add(c);
    return { gen: this.gen, signal: c.signal, done: () => this.inflight.delete(c) };
  }

  /** Picks the phase of the shown position; starts the engine when its side is to move. */
  settle() {
    const p = this.pos;
    if (!p) return;
    this.analyse(this.entry);
    if (p.outcome) this.phase = PHASE.OVER;
    else if (this.engineToMove(p)) return this.think();
    else this.phase = PHASE.READY;
    this.changed();
  }

  /** Starts a fresh history at a validated position. */
  start(view, message) {
    this.cancel();
    this.history = [{ pos: view, move: null, cells: [], by: null, value: null, eval: null, analysis: null }];
    this.cursor = 0;
    this.message = message || null;
    this.settle();
  }

  /** Replaces the whole history (a restored or shared game); entries must hold validated positions. */
  restore(history, cursor, message) {
    this.cancel();
    this.history = history;
    this.cursor = Math.max(0, Math.min(cursor, history.length - 1));
    this.message = message || null;
    this.settle();
  }

  /** A person's move; refused (false) unless a person is to move and nothing is in flight. */
  humanMove(text) {
    if (this.phase !== PHASE.READY) return false;
    this.play(text, 'you');
    return true;
  }

  async play(text, by) {
    this.cancel();
    this.phase = PHASE.MOVING;
    this.message = null;
    const req = this.request();
    const before = this.entry;
    const mv = before.pos.moves.find((m) => m.text === text);
    this.changed();
    try {
      const r = await this.api.play(before.pos.position, text, req.signal);
      if (req.gen !== this.gen) return;
      this.history.length = this.cursor + 1;
      const after = { pos: r.after, move: r.move, cells: mv ? mv.cells : [], by, value: null, eval: null, analysis: null };
      // A proven result carries over one ply (the engine's own value after its move, or a known win/loss).
      if (before.value && before.value.exact && by === 'engine') after.value = nextPly(before.value);
      this.history.push(after);
      this.cursor++;
      this.settle();
    } catch (e) {
      if (e.aborted || req.gen !== this.gen) return;
      this.phase = by === 'engine' ? PHASE.STALLED : PHASE.READY;
      this.say(e.message, 'error');
    } finally {
      req.done();
    }
  }

  /** The engine searches the shown position and plays its move. `limits` overrides the level (Move now). */
  async think(limits) {
    const entry = this.entry;
    if (!entry || entry.pos.outcome) return;
    this.cancel();
    this.phase = PHASE.THINKING;
    this.thinkStart = performance.now();
    this.thinkLimits = limits || null;
    const req = this.request();
    this.changed();
    try {
      const r = await this.api.engine(entry.pos.position, Object.assign({ level: this.level }, limits || {}), req.signal);
      if (req.gen !== this.gen) return;
      entry.eval = r;
      this.record(entry, r.score, r.forced);
      req.done();
      await this.play(r.move, 'engine');
    } catch (e) {
      if (e.aborted || req.gen !== this.gen) return;
      this.phase = PHASE.STALLED;
      this.say('The engine could not move: ' + e.message, 'error');
    } finally {
      req.done();
    }
  }

  /** Stops the search in flight and asks for a move within a tenth of a second. */
  moveNow() {
    if (this.phase === PHASE.THINKING) this.think({ time_ms: 100 });
  }

  /** The engine plays the side to move now (whoever that is), or retries after a failure. */
  engineMove() {
    if (this.phase === PHASE.READY || this.phase === PHASE.STALLED) this.think();
  }

  /** Keeps a position's value: exact values win over estimates; a forced reply keeps what is known. */
  record(entry, score, forced) {
    if (forced) {
      const i = this.history.indexOf(entry);
      const prev = i > 0 ? this.history[i - 1] : null;
      if (!entry.value && prev && prev.value) entry.value = nextPly(prev.value);
      return;
    }
    if (!entry.value || score.exact || !entry.value.exact) entry.value = score;
  }

  /** Exact values of a solved position (kept on its entry; never cancelled, since they stay true). */
  async analyse(entry) {
    if (!entry.pos.solved || entry.analysis || entry.analysing) return;
    entry.analysing = true;
    try {
      const a = await this.api.analysis(entry.pos.position);
      entry.analysis = a;
      entry.value = a.score;
      this.changed();
    } catch (e) {
      if (entry === this.entry) this.say(e.message, 'error');
    } finally {
      entry.analysing = false;
    }
  }

  /** A hint at full strength (perfect play where solved, else the strongest level), whatever the engine's level. */
  async askHint() {
    if (this.phase !== PHASE.READY) return;
    const entry = this.entry;
    const names = this.config.levels.map((l) => l.name);
    const level = entry.pos.solved && names.includes('perfect') ? 'perfect' : names[names.length - 1];
    const req = this.request();
    this.say('Thinking about a hint…');
    try {
      const r = await this.api.engine(entry.pos.position, { level }, req.signal);
      if (req.gen !== this.gen) return;
      const mv = entry.pos.moves.find((m) => m.text === r.move);
      this.hint = { text: r.move, cells: mv ? mv.cells : [], score: r.score };
      if (!r.forced) this.record(entry, r.score, false);
      const who = this.config.players[entry.pos.to_move];
      this.say('Hint: ' + r.move + (r.forced ? ' (the only sensible move)' : ' (' + r.score.text + ' for ' + who + ')'), 'ok');
    } catch (e) {
      if (e.aborted || req.gen !== this.gen) return;
      this.say(e.message, 'error');
    } finally {
      req.done();
    }
  }

  /** Shows position `i` of the history; the engine moves there if its side is to move. */
  jump(i) {
    if (i < 0 || i >= this.history.length) return;
    this.cancel();
    this.cursor = i;
    this.message = null;
    this.settle();
  }

  /** Back to the previous position where a person is to move (or the start). */
  undo() {
    let c = this.cursor - 1;
    while (c > 0 && this.engineToMove(this.history[c].pos)) c--;
    if (c >= 0) this.jump(c);
  }

  /** Forward to the next position where a person is to move (or the end). */
  redo() {
    let c = this.cursor + 1;
    while (c < this.history.length - 1 && this.engineToMove(this.history[c].pos)) c++;
    if (c < this.history.length) this.jump(c);
  }

  setSide(side) {
    this.side = side;
    this.cancel();
    this.message = null;
    this.settle();
  }

  setLevel(level) {
    this.level = level;
    if (this.phase === PHASE.THINKING) {
      this.cancel();
      this.settle();
    } else this.changed();
  }
}
