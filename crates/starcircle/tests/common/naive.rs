//! A naive model of the course's task, written apart from the crate: its own text parser, an 8×8 grid of
//! `Option<(side, count)>`, a move generator that tries every piece in both diagonals, copy-make play, and the plain
//! recursive MINIMAX and fail-soft ALPHABETA the assignment describes, counting every node visited. It shares no code
//! with `sente_starcircle` or `sente_core`, so agreement on thousands of generated cases is an independent check of
//! the crate's node counts, tie-breaks, passes and depth limits. It is slow on purpose: clarity over speed.
//!
//! [`random_input`] generates course inputs from a seed: few or many pieces, stacks on the last rows, parked and
//! jammed sides (forced passes), equal row values (ties), occasional pieces on light squares, depths 0 to 7.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// `grid[r][c]`: row r (0 = A, the bottom) and column c (0 = column 1); `'S'` or `'C'` with a count.
pub type Grid = [[Option<(char, u16)>; 8]; 8];

/// A from-square and a to-square, `(row, column)`; `None` is the pass.
pub type NaiveMove = Option<((usize, usize), (usize, usize))>;

/// A position: the grid, the side to move, consecutive passes so far, and the row values v1..v8.
#[derive(Clone)]
pub struct Node {
    pub grid: Grid,
    pub side: char,
    pub passes: u8,
    pub values: [i64; 8],
}

/// One input file.
pub struct Input {
    pub root: Node,
    pub alphabeta: bool,
    pub depth: u32,
}

/// What the searches met, so that a test can check its cases exercised every rule.
#[derive(Default, Debug)]
pub struct Seen {
    pub root_passes: usize,
    pub inner_passes: usize,
    pub finished_leaves: usize,
    pub root_ties: usize,
    pub depth_zero: usize,
    pub stacks_made: usize,
    pub pruned_cases: usize,
}

fn other(side: char) -> char {
    if side == 'S' { 'C' } else { 'S' }
}

/// Parses a well-formed input (the generated ones): player, algorithm, depth, rows H..A, values.
pub fn parse(text: &str) -> Input {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let side = if lines[0] == "Star" { 'S' } else { 'C' };
    let alphabeta = lines[1] == "ALPHABETA";
    let depth = lines[2].parse().expect("depth");
    let mut grid: Grid = [[None; 8]; 8];
    for (i, line) in lines[3..11].iter().enumerate() {
        for (c, cell) in line.split(',').map(str::trim).enumerate() {
            if cell != "0" {
                grid[7 - i][c] = Some((cell.chars().next().expect("cell"), cell[1..].parse().expect("count")));
            }
        }
    }
    let mut values = [0; 8];
    for (v, t) in values.iter_mut().zip(lines[11].split(',')) {
        *v = t.trim().parse().expect("value");
    }
    Input { root: Node { grid, side, passes: 0, values }, alphabeta, depth }
}

fn has(grid: &Grid, who: char) -> bool {
    grid.iter().flatten().any(|c| matches!(c, Some((w, _)) if *w == who))
}

/// The game is over: two passes in a row, or one side has no pieces.
pub fn over(n: &Node) -> bool {
    n.passes >= 2 || !has(&n.grid, 'S') || !has(&n.grid, 'C')
}

/// The text of a move, `F4-H2` or `pass`.
pub fn name(m: NaiveMove) -> String {
    let square = |(r, c): (usize, usize)| format!("{}{}", (b'A' + r as u8) as char, c + 1);
    match m {
        None => "pass".to_string(),
        Some((from, to)) => format!("{}-{}", square(from), square(to)),
    }
}

/// The legal moves in the grader's order (start square from row H down, column 1 first; then end square the same
/// way); `[None]` (a pass) when the side to move has none; empty when the game is over.
pub fn moves(n: &Node) -> Vec<NaiveMove> {
    if over(n) {
        return Vec::new();
    }
    let side = n.side;
    let (dir, last) = if side == 'S' { (1i32, 7i32) } else { (-1, 0) };
    let order = |r: i32, c: i32| (7 - r) * 8 + c;
    let at = |r: i32, c: i32| n.grid[r as usize][c as usize];
    let inside = |r: i32, c: i32| (0..8).contains(&r) && (0..8).contains(&c);
    // A square a piece may land on: empty, or a stack of its own on its last row.
    let free = |r: i32, c: i32| match at(r, c) {
        None => true,
        Some((w, _)) => w == side && r == last,
    };
    let mut found = Vec::new();
    for r in 0..8i32 {
        for c in 0..8i32 {
            if !matches!(at(r, c), Some((w, _)) if w == side) || r == last {
                continue;
            }
            for dc in [-1, 1] {
                let (r1, c1) = (r + dir, c + dc);
                if !inside(r1, c1) {
                    continue;
                }
                let target = if free(r1, c1) {
                    Some((r1, c1))
                } else if matches!(at(r1, c1), Some((w, _)) if w != side) {
                    let (r2, c2) = (r1 + dir, c1 + dc);
                    (inside(r2, c2) && free(r2, c2)).then_some((r2, c2))
                } else {
                    None
                };
                if let Some((tr, tc)) = target {
                    let m = ((r as usize, c as usize), (tr as usize, tc as usize));
                    found.push(((order(r, c), order(tr, tc)), m));
                }
            }
        }
    }
    found.sort_by_key(|(key, _)| *key);
    if found.is_empty() {
        return vec![None];
    }
    found.into_iter().map(|(_, m)| Some(m)).collect()
}

/// The position after `m` (copy-make).
pub fn play(n: &Node, m: NaiveMove) -> Node {
    let mut next = n.clone();
    next.side = other(n.side);
    let Some(((r, c), (tr, tc))) = m else {
        next.passes += 1;
        return next;
    };
    next.passes = 0;
    let (who, count) = next.grid[r][c].take().expect("a piece on the from-square");
    assert_eq!(count, 1, "only single pieces move");
    if r.abs_diff(tr) == 2 {
        next.grid[(r + tr) / 2][(c + tc) / 2] = None;
    }
    next.grid[tr][tc] = match next.grid[tr][tc] {
        Some((w, k)) => Some((w, k + 1)),
        None => Some((who, 1)),
    };
    next
}

/// `me`'s score minus the opponent's: Star weighs rows A..H with v1..v8, Circle rows H..A.
pub fn utility(n: &Node, me: char) -> i64 {
    let mut total = 0;
    for (r, row) in n.grid.iter().enumerate() {
        for cell in row.iter().flatten() {
            let (who, count) = *cell;
            let v = if who == 'S' { n.values[r] } else { n.values[7 - r] };
            total += if who == me { 1 } else { -1 } * i64::from(count) * v;
        }
    }
    total
}

struct Run<'a> {
    me: char,
    nodes: u64,
    seen: &'a mut Seen,
}

impl Run<'_> {
    fn leaf(&mut self, n: &Node, depth: u32) -> Option<i64> {
        self.nodes += 1;
        if over(n) {
            self.seen.finished_leaves += 1;
            return Some(utility(n, self.me));
        }
        (depth == 0).then(|| utility(n, self.me))
    }

    fn children(&mut self, n: &Node) -> Vec<Node> {
        let ms = moves(n);
        if ms == [None] {
            self.seen.inner_passes += 1;
        }
        ms.into_iter().map(|m| play(n, m)).collect()
    }

    fn minimax(&mut self, n: &Node, depth: u32) -> i64 {
        if let Some(v) = self.leaf(n, depth) {
            return v;
        }
        let values = self.children(n).iter().map(|c| self.minimax(c, depth - 1)).collect::<Vec<_>>();
        if n.side == self.me { values.into_iter().max() } else { values.into_iter().min() }.expect("a child")
    }

    fn alphabeta(&mut self, n: &Node, depth: u32, mut alpha: i64, mut beta: i64) -> i64 {
        if let Some(v) = self.leaf(n, depth) {
            return v;
        }
        let maximizing = n.side == self.me;
        let mut v = if maximizing { i64::MIN } else { i64::MAX };
        for child in self.children(n) {
            let x = self.alphabeta(&child, depth - 1, alpha, beta);
            if maximizing {
                v = v.max(x);
                if v >= beta {
                    return v;
                }
                alpha = alpha.max(v);
            } else {
                v = v.min(x);
                if v <= alpha {
                    return v;
                }
                beta = beta.min(v);
            }
        }
        v
    }
}

/// The four output lines for an input, with what the searches met added to `seen`.
pub fn solve(text: &str, seen: &mut Seen) -> String {
    let input = parse(text);
    let root = &input.root;
    let me = root.side;
    let root_moves = moves(root);
    if root_moves == [None] {
        seen.root_passes += 1;
    }
    if input.depth == 0 {
        seen.depth_zero += 1;
        let first = root_moves[0];
        return format!("{}\n{}\n{}\n1", name(first), utility(&play(root, first), me), utility(root, me));
    }
    let mut run = Run { me, nodes: 1, seen };
    let (mut best, mut best_value, mut alpha, mut ties) = (None, i64::MIN, i64::MIN, 0);
    let mut all_values = Vec::new();
    for &m in &root_moves {
        let child = play(root, m);
        let v = if input.alphabeta {
            run.alphabeta(&child, input.depth - 1, alpha, i64::MAX)
        } else {
            run.minimax(&child, input.depth - 1)
        };
        all_values.push(v);
        // The first of equal values is kept: ties go to the first move in expansion order.
        if v > best_value {
            (best, best_value, ties) = (Some(m), v, 0);
        } else if v == best_value {
            ties += 1;
        }
        alpha = alpha.max(best_value);
    }
    let nodes = run.nodes;
    if ties > 0 && !input.alphabeta {
        seen.root_ties += 1;
    }
    if input.alphabeta {
        let mut full = Run { me, nodes: 1, seen: &mut Seen::default() };
        root_moves.iter().for_each(|&m| {
            full.minimax(&play(root, m), input.depth - 1);
        });
        if full.nodes > nodes {
            seen.pruned_cases += 1;
        }
    }
    let best = best.expect("a root move");
    if let Some((_, (tr, tc))) = best
        && root.grid[tr][tc].is_some_and(|(w, _)| w == me)
    {
        seen.stacks_made += 1;
    }
    format!("{}\n{}\n{}\n{}", name(best), utility(&play(root, best), me), best_value, nodes)
}

/// A reproducible random course input (see the module docs for what the seeds cover).
pub fn random_input(seed: u64) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut grid: Grid = [[None; 8]; 8];
    let light_ok = rng.random_range(0..20) == 0;
    let shape = rng.random_range(0..4);
    let place = |rng: &mut StdRng, grid: &mut Grid, who: char, rows: std::ops::Range<usize>| {
        for _ in 0..50 {
            let (r, c) = (rng.random_range(rows.clone()), rng.random_range(0..8));
            let dark = (r + c) % 2 == 0;
            if grid[r][c].is_none() && (dark || light_ok) {
                let last = if who == 'S' { 7 } else { 0 };
                let count = if r == last && rng.random_range(0..3) == 0 { rng.random_range(2..5) } else { 1 };
                grid[r][c] = Some((who, count));
                return;
            }
        }
    };
    let (stars, circles) = (rng.random_range(1..7), rng.random_range(1..7));
    for _ in 0..stars {
        let rows = match shape {
            0 => 0..8,
            1 => 2..6,                                // a crowded middle: jams and captures
            2 if rng.random_range(0..2) == 0 => 7..8, // Stars parked on H: Star passes
            _ => 3..8,                                // close to promotion: stacks
        };
        place(&mut rng, &mut grid, 'S', rows);
    }
    for _ in 0..circles {
        let rows = match shape {
            0 => 0..8,
            1 => 2..6,
            2 => 1..8,
            _ => 0..5,
        };
        place(&mut rng, &mut grid, 'C', rows);
    }
    if !has(&grid, 'S') {
        grid[1][1] = Some(('S', 1));
    }
    if !has(&grid, 'C') {
        grid[6][6] = Some(('C', 1));
    }
    let values: Vec<i64> = match rng.random_range(0..4) {
        0 => vec![10, 20, 30, 40, 50, 60, 70, 80],
        1 => vec![rng.random_range(1..30); 8], // every row alike: ties everywhere
        2 => (0..8).map(|_| rng.random_range(0..4) * 10).collect(),
        _ => {
            let mut v: Vec<i64> = (0..8).map(|_| rng.random_range(1..1000)).collect();
            v.sort_unstable();
            v
        }
    };
    let side = if rng.random_range(0..2) == 0 { "Star" } else { "Circle" };
    let alphabeta = rng.random_range(0..2) == 0;
    let depth = if rng.random_range(0..25) == 0 {
        0
    } else if alphabeta {
        rng.random_range(1..8)
    } else {
        rng.random_range(1..6)
    };
    let mut text = format!("{side}\n{}\n{depth}\n", if alphabeta { "ALPHABETA" } else { "MINIMAX" });
    for r in (0..8).rev() {
        let row: Vec<String> =
            grid[r].iter().map(|cell| cell.map_or_else(|| "0".to_string(), |(w, k)| format!("{w}{k}"))).collect();
        text.push_str(&row.join(","));
        text.push('\n');
    }
    text.push_str(&values.iter().map(ToString::to_string).collect::<Vec<_>>().join(","));
    text
}
