// How each game's cell tokens and squares look: a stone (a filled disc), a letter on a disc, or a coloured
// square, plus each game's board background. Token letters are the API's (`board.cells`). A game new to the
// arena needs only an entry here.

export const SKINS = {
  tictactoe: { tokens: { X: { text: 'X', color: '#1f4e8c' }, O: { text: 'O', color: '#b03a2e' } }, pieces: ['#1f4e8c', '#b03a2e'] },
  gomoku: { grid: true, tokens: { B: { stone: '#141414' }, W: { stone: '#fafafa' } }, pieces: ['#141414', '#fafafa'] },
  starcircle: {
    checker: true,
    jumpCaptures: true, // a two-square move jumped (and took) the piece between
    tokens: { S: { text: '★', color: '#7a5a00', disc: '#fff1b8' }, C: { text: '●', color: '#1f4e8c', disc: '#dde8f7' } },
    pieces: ['#b8860b', '#1f4e8c'],
  },
  lgame: { tokens: { 1: { fill: '#2f6db5' }, 2: { fill: '#c0392b' }, N: { stone: '#444' } }, pieces: ['#2f6db5', '#c0392b'] },
  rowcol: { tokens: { P: { stone: '#3a3a3a' }, R: { text: '◀', color: '#2f6db5' }, C: { text: '▲', color: '#2f6db5' } }, pieces: ['#2f6db5', '#2f6db5'] },
};

/** The skin of a game (an empty one for a game without an entry: tokens are drawn as their letters). */
export function skinOf(game) {
  return SKINS[game] || { tokens: {}, pieces: ['#222', '#888'] };
}

/** The drawing of a token: its own entry, or that of its letter without a stack count (`S2` -> `S`). */
export function tokenStyle(skin, t) {
  return skin.tokens[t] || skin.tokens[t.replace(/[0-9]+$/, '')] || {};
}
