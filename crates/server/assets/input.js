// Move entry by pointer and keyboard. A move's `cells` (from the API) are read as a head, clicked in any order,
// then a tail clicked in order: the L-Game's head is the L's four new cells and its tail an optional neutral's
// from and to cells; Star/Circle's head is the piece and its tail the target; every other game has a one-cell
// head. So every legal move has its own click sequence (two L-Game moves over the same six cells differ in which
// cell is the neutral's start). Where the clicks fit several moves, the page lists them to pick from.

export class Selection {
  constructor(game) {
    this.head = game === 'lgame' ? 4 : 1;
    this.clicks = [];
  }

  clear() {
    this.clicks = [];
  }

  /** True when `cells` (a move) starts with the click sequence `clicks`. */
  matches(cells, clicks) {
    if (clicks.length > cells.length || cells.length === 0) return false;
    const h = Math.min(this.head, cells.length);
    const head = cells.slice(0, h);
    const hc = clicks.slice(0, h);
    if (!hc.every((c) => head.includes(c)) || new Set(hc).size !== hc.length) return false;
    for (let i = h; i < clicks.length; i++) if (cells[i] !== clicks[i]) return false;
    return true;
  }

  /** The moves the clicks so far fit. */
  fits(moves, clicks) {
    const cl = clicks || this.clicks;
    return moves.filter((m) => this.matches(m.cells, cl));
  }

  /** The moves the clicks so far make exactly. */
  complete(moves) {
    return this.fits(moves).filter((m) => m.cells.length === this.clicks.length);
  }

  /** True when a complete move's head is clicked (the L placed): the rest is optional. */
  headDone() {
    return this.head > 1 && this.clicks.length >= this.head;
  }

  /** For each cell that can be clicked next: the moves it leads to. */
  nextCells(moves) {
    const out = new Map();
    const n = this.clicks.length;
    for (const m of this.fits(moves)) {
      const h = Math.min(this.head, m.cells.length);
      const next = n < h ? m.cells.slice(0, h).filter((c) => !this.clicks.includes(c)) : n < m.cells.length ? [m.cells[n]] : [];
      for (const c of next) {
        if (!out.has(c)) out.set(c, []);
        out.get(c).push(m);
      }
    }
    return out;
  }

  /**
   * A click on cell `i`: extends, shortens or restarts the selection. Returns `{play}` when the clicks make
   * exactly one move and no longer move fits, `{error}` when no move uses the cell, else `{}`.
   */
  click(i, moves) {
    const n = this.clicks.length;
    const pos = this.clicks.indexOf(i);
    if (pos >= 0 && (pos === n - 1 || (n <= this.head && pos < this.head))) {
      this.clicks.splice(pos, 1);
      return {};
    }
    let next = this.clicks.concat([i]);
    if (!this.fits(moves, next).length) next = [i];
    if (!this.fits(moves, next).length) {
      this.clicks = [];
      return { error: 'No legal move starts with that cell.' };
    }
    this.clicks = next;
    const fit = this.fits(moves);
    const done = fit.filter((m) => m.cells.length === next.length);
    if (done.length === 1 && fit.length === 1) return { play: done[0].text };
    return {};
  }
}
