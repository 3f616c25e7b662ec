// Move and position values as people read them: short labels (W3 / L2 / D / +3 / 73%), colours (win green, draw
// yellow, loss red; darker = sooner win or loss, or a wider margin) and chart heights in [-1, 1]. Shared by the
// board drawing and the panels so a value looks the same everywhere. Scores are the API's `score` objects.

const HUE = { win: 130, draw: 48, loss: 2 };

/** Short label: W3 (win in 3 plies), L2, D, +3 / -1 (final margin), 73% (estimated chance to win), +12 (raw). */
export function shortScore(s) {
  if (!s) return '';
  if (s.verdict === 'forced') return 'forced';
  if (s.margin != null) return s.margin > 0 ? '+' + s.margin : s.margin < 0 ? String(s.margin) : '±0';
  if (s.verdict === 'win' && s.plies != null) return 'W' + s.plies;
  if (s.verdict === 'loss' && s.plies != null) return 'L' + s.plies;
  if (s.verdict === 'draw') return 'D';
  if (s.chance != null) return s.chance + '%';
  return s.text;
}

/** The verdict a colour follows: a heuristic with a chance leans to win or loss. */
function leaning(s) {
  if (s.verdict !== 'heuristic') return s.verdict;
  if (s.chance != null) return s.chance > 55 ? 'win' : s.chance < 45 ? 'loss' : 'draw';
  return 'draw';
}

/**
 * A CSS colour for a score. `widest` is the largest |margin| among the scores shown together, so +3 is darker
 * than +1 on the same board.
 */
export function scoreColor(s, widest) {
  const v = leaning(s);
  if (v === 'forced') return '#666';
  let light;
  if (v === 'draw') light = 38;
  else if (s.margin != null) light = 58 - (30 * Math.min(Math.abs(s.margin), widest || 1)) / (widest || 1);
  else if (s.plies != null) light = 24 + Math.min(s.plies, 18) * 2;
  else if (s.chance != null) light = 55 - Math.abs(s.chance - 50) * 0.5;
  else light = 45;
  return 'hsl(' + HUE[v] + ', 70%, ' + light.toFixed(0) + '%)';
}

/** The largest |margin| in a list of scores (1 when none has a margin). */
export function widestMargin(scores) {
  return Math.max(1, ...scores.filter((s) => s && s.margin != null).map((s) => Math.abs(s.margin)));
}

/** Orders scores best first for the side they belong to (quick wins, then margins/chances, slow losses last). */
export function rank(s) {
  if (s.verdict === 'win' && s.plies != null) return 1e9 - s.plies;
  if (s.verdict === 'loss' && s.plies != null) return -1e9 + s.plies;
  if (s.margin != null) return s.margin * 1000;
  if (s.chance != null) return (s.chance - 50) * 10;
  if (s.verdict === 'heuristic') return Math.max(-1e8, Math.min(1e8, s.chart));
  return 0;
}

/**
 * A chart height in [-1, 1] for the first player, from a score that belongs to `side` (0 or 1). Margins and raw
 * heuristics are divided by `scale` (the largest magnitude on the chart).
 */
export function chartHeight(s, side, scale) {
  let v;
  if (s.verdict === 'win' && s.plies != null) v = 1;
  else if (s.verdict === 'loss' && s.plies != null) v = -1;
  else if (s.margin != null) v = s.margin / (scale || 1);
  else if (s.chance != null) v = (s.chance - 50) / 50;
  else if (s.verdict === 'draw') v = 0;
  else v = s.chart / (scale || 1);
  v = Math.max(-1, Math.min(1, v));
  return side === 0 ? v : -v;
}

/** The magnitude that chartHeight divides margins and raw heuristics by. */
export function chartScale(scores) {
  const raw = scores.filter((s) => s && (s.margin != null || (s.verdict === 'heuristic' && s.chance == null)));
  return Math.max(1, ...raw.map((s) => Math.abs(s.margin != null ? s.margin : s.chart)));
}

/** The value one ply later for the other side: a forced reply keeps the known result (win in n -> loss in n-1). */
export function nextPly(s) {
  if (!s) return null;
  if (s.verdict === 'win' && s.plies != null && s.plies > 0) return Object.assign({}, s, { verdict: 'loss', plies: s.plies - 1, text: 'loss in ' + (s.plies - 1), chart: -1 });
  if (s.verdict === 'loss' && s.plies != null && s.plies > 0) return Object.assign({}, s, { verdict: 'win', plies: s.plies - 1, text: 'win in ' + (s.plies - 1), chart: 1 });
  return null;
}
