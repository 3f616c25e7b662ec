// Saving and sharing a game. The page keeps the game (start position, moves, shown position), the side and the
// level in localStorage under `sente:<game>`, so a reload restores them; a share link carries the start position
// and the moves in the URL's hash (`#g=` + base64url of JSON). Both are replayed through /play, so a restored
// game holds only positions the server accepted.

const KEY = (game) => 'sente:' + game;

export function snapshot(turn) {
  if (!turn.history.length) return null;
  return {
    start: turn.history[0].pos.position,
    moves: turn.history.slice(1).map((h) => [h.move, h.by === 'engine' ? 'e' : 'y']),
    cursor: turn.cursor,
    side: turn.side,
    level: turn.level,
  };
}

export function save(game, turn) {
  const s = snapshot(turn);
  if (!s) return;
  try {
    localStorage.setItem(KEY(game), JSON.stringify(s));
  } catch (_) {
    // Storage full or disabled (private mode): the game simply does not survive a reload.
  }
}

export function load(game) {
  try {
    const s = JSON.parse(localStorage.getItem(KEY(game)) || 'null');
    return s && typeof s.start === 'string' && Array.isArray(s.moves) ? s : null;
  } catch (_) {
    return null;
  }
}

const b64 = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const unb64 = (text) => new TextDecoder().decode(Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

/** A link to this page that restores the game (start position and moves; the side and level of the reader stay). */
export function shareLink(turn) {
  const s = snapshot(turn);
  const u = new URL(location.href);
  u.hash = 'g=' + b64(JSON.stringify({ start: s.start, moves: s.moves.map((m) => m[0]), cursor: s.cursor }));
  return u.toString();
}

/** The game a share link carries, or null. */
export function fromHash(hash) {
  const m = /^#g=([A-Za-z0-9_-]+)$/.exec(hash || '');
  if (!m) return null;
  try {
    const s = JSON.parse(unb64(m[1]));
    if (typeof s.start !== 'string' || !Array.isArray(s.moves)) return null;
    return { start: s.start, moves: s.moves.map((t) => [String(t), 'y']), cursor: Number.isInteger(s.cursor) ? s.cursor : s.moves.length };
  } catch (_) {
    return null;
  }
}

/** Replays a saved game through the API: a history for Turn.restore, or throws the API's error. */
export async function replay(api, saved) {
  const first = await api.validate(saved.start);
  const history = [{ pos: first, move: null, cells: [], by: null, value: null, eval: null, analysis: null }];
  for (const [text, by] of saved.moves) {
    const before = history[history.length - 1].pos;
    const mv = before.moves.find((m) => m.text === text);
    const r = await api.play(before.position, text);
    history.push({ pos: r.after, move: r.move, cells: mv ? mv.cells : [], by: by === 'e' ? 'engine' : 'you', value: null, eval: null, analysis: null });
  }
  return history;
}
