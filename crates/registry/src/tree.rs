//! The search tree of a position, as people read it: `sente tree` prints it and the web's Explain panel steps
//! through it.
//!
//! The tree comes from the core's plain searches run with a [`TreeRecorder`] (the very code that counts the
//! course's nodes, not a copy), then is walked once more to name every move and position in the game's notation.
//! Values are shown in one of two forms. `minimax` and `alphabeta` use the textbook MAX/MIN form: every value and
//! window is for the player to move at the root (MAX), MIN nodes minimise, a MAX node is cut when v ≥ β and a MIN
//! node when v ≤ α. `negamax` shows the same alpha-beta search as it runs: each value and window is for the side to
//! move at that node, every node maximises, the child's window is (−β, −α) and a node is cut when v ≥ β.
//!
//! The view types derive `Serialize` so that `sente tree --json` and the web API send one shape.

use crate::adapter::{Adapter, MoveOf};
use crate::error::RegistryError;
use sente_core::search::{NodeKind, PlainResult, TraceNode, TreeRecorder, alphabeta_traced, minimax_traced};
use sente_core::{State, Value};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Which search to draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TreeAlgorithm {
    /// Plain minimax, every node to the depth limit, in MAX/MIN form.
    Minimax,
    /// Fail-soft alpha-beta in MAX/MIN form.
    AlphaBeta,
    /// The same alpha-beta in negamax form.
    Negamax,
}

impl TreeAlgorithm {
    /// The lowercase name used on the command line and in the API.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TreeAlgorithm::Minimax => "minimax",
            TreeAlgorithm::AlphaBeta => "alphabeta",
            TreeAlgorithm::Negamax => "negamax",
        }
    }
}

impl fmt::Display for TreeAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TreeAlgorithm {
    type Err = RegistryError;

    fn from_str(s: &str) -> Result<TreeAlgorithm, RegistryError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "minimax" => Ok(TreeAlgorithm::Minimax),
            "alphabeta" | "alpha-beta" => Ok(TreeAlgorithm::AlphaBeta),
            "negamax" => Ok(TreeAlgorithm::Negamax),
            _ => Err(RegistryError::Text(format!("unknown algorithm {s:?}; expected minimax, alphabeta or negamax"))),
        }
    }
}

/// What to draw and how much.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeRequest {
    /// The search.
    pub algorithm: TreeAlgorithm,
    /// The depth limit in plies (the root is depth 0).
    pub depth: u32,
    /// At most this many nodes are drawn (the first in expansion order); the rest are counted.
    pub draw_cap: usize,
    /// Refuse ([`RegistryError::TreeTooLarge`]) once the search visits more nodes than this.
    pub node_limit: Option<u64>,
}

/// A searched tree, ready to print or send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeView {
    /// The game's name.
    pub game: &'static str,
    /// The search drawn.
    pub algorithm: TreeAlgorithm,
    /// Its depth limit.
    pub depth: u32,
    /// Every node the search visited, root included (the course's count), drawn or not.
    pub nodes: u64,
    /// How many of them are drawn.
    pub drawn: u64,
    /// The root's value for the player to move there.
    pub value: String,
    /// The move the search chooses (first best in order); `None` when the root is a leaf.
    pub best: Option<String>,
    /// The tree.
    pub root: TreeNodeView,
}

/// One drawn node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeNodeView {
    /// Its number in expansion order (the root is 1).
    pub n: u64,
    /// The move that led here; `None` at the root.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The board cells that move is clicked on (for marking it on the board).
    pub cells: Vec<usize>,
    /// Distance from the root.
    pub ply: u32,
    /// The position in the game's text (what the board shows when the node is picked).
    pub position: String,
    /// The player to move here.
    pub player: &'static str,
    /// True when the root's player is to move (a MAX node in MAX/MIN form).
    pub max: bool,
    /// The window on entry (`-∞`/`+∞` when open).
    pub alpha: String,
    /// See `alpha`.
    pub beta: String,
    /// The backed-up value.
    pub value: String,
    /// `terminal` (game over), `horizon` (depth limit), `nomoves`, or `interior`.
    pub kind: &'static str,
    /// Why the remaining children were pruned, e.g. `v=5 ≥ β=3`; `None` when nothing was.
    pub cut: Option<String>,
    /// The moves never expanded because of the cut, in order.
    pub pruned: Vec<String>,
    /// Nodes below this one the search visited but the drawing leaves out (past the cap).
    pub hidden: u64,
    /// The number of the last node of its subtree: from that step on, `value` is final.
    pub last: u64,
    /// The drawn children, in expansion order.
    pub children: Vec<TreeNodeView>,
}

/// A value as shown: `±∞` for an open bound, `W5`/`L4` for forced results, else the number.
#[must_use]
pub fn show_value(v: Value) -> String {
    if v >= Value::INFINITE {
        "+∞".to_string()
    } else if v <= -Value::INFINITE {
        "-∞".to_string()
    } else {
        v.to_string()
    }
}

/// Runs the traced search on `state` for `game` and names everything in it.
///
/// # Errors
/// [`RegistryError::TreeTooLarge`] past the request's node limit.
pub fn build<G: Adapter>(game: &G, state: &G::State, req: &TreeRequest) -> Result<TreeView, RegistryError> {
    let mut root = state.clone();
    let mut rec = TreeRecorder::new(req.draw_cap.max(1), req.node_limit);
    let result: PlainResult<MoveOf<G>> = game.trace_search(&mut root, req.algorithm, req.depth, &mut rec);
    if let (true, Some(limit)) = (rec.stopped(), req.node_limit) {
        return Err(RegistryError::TreeTooLarge { game: game.name(), limit });
    }
    let namer = Namer { game, nodes: rec.nodes(), form: req.algorithm, root_player: state.to_move() };
    let mut walk = state.clone();
    let root = namer.node(&mut walk, 0);
    Ok(TreeView {
        game: game.info().name,
        algorithm: req.algorithm,
        depth: req.depth,
        nodes: rec.visited(),
        drawn: rec.nodes().len() as u64,
        value: show_value(result.value),
        best: result.best.map(|m| game.format_move(state, m)),
        root,
    })
}

struct Namer<'a, G: Adapter> {
    game: &'a G,
    nodes: &'a [TraceNode<MoveOf<G>>],
    form: TreeAlgorithm,
    root_player: sente_core::Player,
}

impl<G: Adapter> Namer<'_, G> {
    /// Names node `i`, whose position `state` is.
    fn node(&self, state: &mut G::State, i: usize) -> TreeNodeView {
        let t = &self.nodes[i];
        let max = state.to_move() == self.root_player;
        // MAX/MIN form: values for the root's player; a MIN node's negamax window (α, β) is (−β, −α) for MAX.
        let flip = self.form != TreeAlgorithm::Negamax && !max;
        let (alpha, beta, value) = if flip { (-t.beta, -t.alpha, -t.value) } else { (t.alpha, t.beta, t.value) };
        let cut = t.cut.map(|(v, b)| {
            if flip {
                format!("v={} ≤ α={}", show_value(-v), show_value(-b))
            } else {
                format!("v={} ≥ β={}", show_value(v), show_value(b))
            }
        });
        let pruned = t.pruned.iter().map(|&m| self.game.format_move(state, m)).collect();
        let mut children = Vec::with_capacity(t.children.len());
        for &c in &t.children {
            let Some(m) = self.nodes[c].mv else { continue };
            let mut child_state = state.clone();
            child_state.play(m);
            let mut child = self.node(&mut child_state, c);
            child.mv = Some(self.game.format_move(state, m));
            child.cells = self.game.move_cells(state, m);
            children.push(child);
        }
        let players = self.game.info().players;
        TreeNodeView {
            n: t.number,
            mv: None,
            cells: Vec::new(),
            ply: t.ply,
            position: self.game.encode(state),
            player: players[state.to_move().index()],
            max,
            alpha: show_value(alpha),
            beta: show_value(beta),
            value: show_value(value),
            kind: match t.kind {
                NodeKind::Terminal => "terminal",
                NodeKind::Horizon => "horizon",
                NodeKind::NoMoves => "nomoves",
                NodeKind::Interior => "interior",
            },
            cut,
            pruned,
            hidden: t.hidden,
            last: t.last,
            children,
        }
    }
}

/// The default [`Adapter::trace_search`]: the core's plain search with the game's evaluator.
pub fn trace_with<S: State, E: sente_core::Evaluator<S>>(
    state: &mut S,
    eval: &E,
    algorithm: TreeAlgorithm,
    depth: u32,
    rec: &mut TreeRecorder<S::Move>,
) -> PlainResult<S::Move> {
    match algorithm {
        TreeAlgorithm::Minimax => minimax_traced(state, depth, eval, rec),
        TreeAlgorithm::AlphaBeta | TreeAlgorithm::Negamax => alphabeta_traced(state, depth, eval, rec),
    }
}
