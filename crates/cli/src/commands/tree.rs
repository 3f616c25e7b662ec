//! `sente tree <game> [POSITION]`: the search tree of a position, in expansion order, as indented text (the
//! default), Graphviz DOT (`--dot`), an SVG picture Sente draws itself (`--svg`) or JSON (`--json`).
//!
//! The tree is the registry's ([`sente_registry::tree`]): the core's plain minimax or alpha-beta run with a
//! recorder, so the node count is the one the search itself keeps (for Star/Circle, the course's, and the
//! algorithm and depth default to those an `input.txt` names). At most `--max-drawn` nodes (5,000 by default) are
//! drawn, the first in expansion order; every node past the cap is still counted, and each drawn node says how
//! many of its descendants were left out.

use super::tree_svg;
use crate::error::CliError;
use crate::io::read_input;
use clap::Parser;
use sente_registry::{GameKind, TreeAlgorithm, TreeNodeView, TreeRequest, TreeView};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// The deepest tree `sente tree` searches.
const MAX_DEPTH: u32 = 64;

/// Arguments of `sente tree`.
#[derive(Debug, Parser)]
#[command(after_help = "Examples:\n  \
    sente tree starcircle input.txt          the course's tree (its algorithm, depth)\n  \
    sente tree starcircle input.txt --json | jq .nodes     its node count\n  \
    sente tree tictactoe --algorithm minimax --depth 2\n  \
    sente tree tictactoe board.txt --svg > tree.svg        drawn by Sente\n  \
    sente tree lgame --depth 1 --dot | dot -Tpng > tree.png\n\n\
    Nodes are numbered in expansion order (the root is #1). In minimax and\n\
    alphabeta every value and window is for the player to move at the root\n\
    (MAX); negamax shows the same alpha-beta with each value for the side to\n\
    move at its node. A cut node lists the children it pruned and the bound\n\
    that pruned them. See docs/tree.md.")]
pub struct Args {
    /// The game: rowcol, starcircle, lgame, gomoku or tictactoe.
    pub game: String,
    /// A position file in the game's text (a Star/Circle `input.txt` too; `-` reads stdin). Default: the start.
    pub position: Option<PathBuf>,
    /// minimax, alphabeta or negamax (alpha-beta in negamax form). Default: the input file's, else alphabeta.
    #[arg(long)]
    pub algorithm: Option<String>,
    /// Depth limit in plies (root = 0). Default: the input file's, else 2.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Graphviz DOT instead of text.
    #[arg(long, conflicts_with_all = ["svg", "json"])]
    pub dot: bool,
    /// An SVG picture instead of text.
    #[arg(long, conflicts_with = "json")]
    pub svg: bool,
    /// JSON: `{"nodes": <visited>, "root": <tree>, ...}`.
    #[arg(long)]
    pub json: bool,
    /// Draw at most this many nodes (the first in expansion order); the count stays whole.
    #[arg(long, default_value_t = 5000)]
    pub max_drawn: usize,
}

/// Runs `sente tree`.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    let kind: GameKind = args.game.parse().map_err(|e| CliError::Usage(format!("{e}")))?;
    let game = kind.open();
    let (path, text) = match &args.position {
        Some(p) => (p.display().to_string(), read_input(p)?),
        None => ("<start>".to_string(), game.initial()),
    };
    let defaults = game.tree_defaults(&text);
    let algorithm = match &args.algorithm {
        Some(a) => a.parse().map_err(|e| CliError::Usage(format!("--algorithm: {e}")))?,
        None => defaults.map_or(TreeAlgorithm::AlphaBeta, |d| d.0),
    };
    let depth = args.depth.or(defaults.map(|d| d.1)).unwrap_or(2);
    if depth > MAX_DEPTH {
        return Err(CliError::Usage(format!("--depth {depth} is too deep; at most {MAX_DEPTH}")));
    }
    if args.max_drawn == 0 {
        return Err(CliError::Usage("--max-drawn must be at least 1".to_string()));
    }
    let request = TreeRequest { algorithm, depth, draw_cap: args.max_drawn, node_limit: None };
    let view = game.tree(&text, &request).map_err(|e| CliError::Input { path, detail: e.to_string() })?;
    let out = if args.json {
        let mut s = serde_json::to_string_pretty(&view).map_err(|e| CliError::Other(e.to_string()))?;
        s.push('\n');
        s
    } else if args.svg {
        tree_svg::svg(&view)
    } else if args.dot {
        dot(&view)
    } else {
        text_tree(&view)
    };
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The one-line summary every format starts with.
pub fn summary(view: &TreeView) -> String {
    let best = view.best.as_deref().map(|b| format!(", best move {b}")).unwrap_or_default();
    let drawn = if view.drawn < view.nodes {
        format!(" ({} drawn, {} more counted but not drawn)", view.drawn, view.nodes - view.drawn)
    } else {
        String::new()
    };
    format!(
        "{} {}, depth {}: {} nodes visited{drawn}; value {}{best}",
        view.game, view.algorithm, view.depth, view.nodes, view.value
    )
}

/// MAX/MIN in the textbook form, the player's name in negamax form.
pub fn role(view: &TreeView, node: &TreeNodeView) -> String {
    match view.algorithm {
        TreeAlgorithm::Negamax => node.player.to_string(),
        _ if node.max => format!("MAX {}", node.player),
        _ => format!("MIN {}", node.player),
    }
}

/// What a leaf is, in a word; empty for interior nodes.
pub fn kind_note(node: &TreeNodeView) -> &'static str {
    match node.kind {
        "terminal" => " (game over)",
        "horizon" => " (depth limit)",
        "nomoves" => " (no moves)",
        _ => "",
    }
}

fn text_tree(view: &TreeView) -> String {
    let mut out = summary(view);
    out.push('\n');
    text_node(view, &view.root, 0, &mut out);
    out
}

fn text_node(view: &TreeView, node: &TreeNodeView, indent: usize, out: &mut String) {
    let pad = "  ".repeat(indent);
    let mv = node.mv.as_deref().unwrap_or("root");
    let window = match view.algorithm {
        TreeAlgorithm::Minimax => String::new(),
        _ => format!(" [α={}, β={}]", node.alpha, node.beta),
    };
    let _ = writeln!(out, "{pad}#{} {mv} {}{window} = {}{}", node.n, role(view, node), node.value, kind_note(node));
    for child in &node.children {
        text_node(view, child, indent + 1, out);
    }
    if let Some(cut) = &node.cut {
        let _ = writeln!(out, "{pad}  pruned by {cut}: {}", node.pruned.join(" "));
    }
    if node.hidden > 0 {
        let _ = writeln!(out, "{pad}  … {} more nodes below, not drawn", node.hidden);
    }
}

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn dot(view: &TreeView) -> String {
    let mut out = String::from("digraph tree {\n  node [fontname=\"monospace\", fontsize=10];\n");
    let _ = writeln!(out, "  label=\"{}\";\n  labelloc=t;", quote(&summary(view)));
    dot_node(view, &view.root, &mut out);
    out.push_str("}\n");
    out
}

fn dot_node(view: &TreeView, node: &TreeNodeView, out: &mut String) {
    let window = match view.algorithm {
        TreeAlgorithm::Minimax => String::new(),
        _ => format!("\\nα={} β={}", node.alpha, node.beta),
    };
    let shape = if node.max || view.algorithm == TreeAlgorithm::Negamax { "box" } else { "ellipse" };
    let label = format!("#{} {}{window}\\nv={}{}", node.n, quote(&role(view, node)), node.value, kind_note(node));
    let _ = writeln!(out, "  n{} [shape={shape}, label=\"{label}\"];", node.n);
    for child in &node.children {
        let mv = quote(child.mv.as_deref().unwrap_or(""));
        let _ = writeln!(out, "  n{} -> n{} [label=\"{mv}\"];", node.n, child.n);
        dot_node(view, child, out);
    }
    if let Some(cut) = &node.cut {
        let pruned = quote(&node.pruned.join(" "));
        let _ = writeln!(
            out,
            "  p{n} [shape=box, style=dashed, color=gray50, label=\"pruned: {pruned}\\n{}\"];\n  n{n} -> p{n} [style=dashed, color=gray50];",
            quote(cut),
            n = node.n
        );
    }
    if node.hidden > 0 {
        let _ = writeln!(
            out,
            "  h{n} [shape=plaintext, label=\"… {} more nodes\"];\n  n{n} -> h{n} [style=dotted];",
            node.hidden,
            n = node.n
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(algorithm: TreeAlgorithm, depth: u32) -> TreeView {
        let game = GameKind::TicTacToe.open();
        let req = TreeRequest { algorithm, depth, draw_cap: 5000, node_limit: None };
        game.tree(&game.initial(), &req).unwrap()
    }

    #[test]
    fn text_numbers_every_node_and_indents_by_ply() {
        let t = text_tree(&view(TreeAlgorithm::Minimax, 1));
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[0], "tictactoe minimax, depth 1: 10 nodes visited; value 0, best move 1");
        assert_eq!(lines[1], "#1 root MAX X = 0");
        assert_eq!(lines[2], "  #2 1 MIN O = 0 (depth limit)");
        assert_eq!(lines.len(), 11);
    }

    #[test]
    fn dot_has_one_vertex_per_drawn_node() {
        let v = view(TreeAlgorithm::AlphaBeta, 2);
        let d = dot(&v);
        assert!(d.starts_with("digraph tree {"));
        assert_eq!(
            d.matches(" [shape=box, label=\"#").count() + d.matches(" [shape=ellipse, label=\"#").count(),
            v.drawn as usize
        );
    }
}
