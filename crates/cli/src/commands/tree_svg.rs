//! `sente tree --svg`: the search tree drawn as an SVG picture by Sente itself, with no external program.
//!
//! The layout is the simple tidy one: leaves take consecutive slots from left to right in expansion order, each
//! parent sits centred above its children, and each ply is one row. A node's box holds its number, its role (MAX
//! or MIN, or the side to move in negamax form), its window on entry and its backed-up value; the move is written
//! on the edge. A cut node gets a dashed grey box listing the children it pruned and the bound that pruned them;
//! nodes past the drawing cap are summarised in a dotted box under their deepest drawn ancestor.

use super::tree::{kind_note, role, summary};
use sente_registry::{TreeAlgorithm, TreeNodeView, TreeView};
use std::fmt::Write as _;

const SLOT: f64 = 112.0;
const BOX_W: f64 = 104.0;
const BOX_H: f64 = 48.0;
const ROW: f64 = 96.0;
const TOP: f64 = 40.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// At most three moves, then how many more.
fn short_list(moves: &[String]) -> String {
    let mut s = moves.iter().take(3).cloned().collect::<Vec<_>>().join(" ");
    if moves.len() > 3 {
        let _ = write!(s, " +{}", moves.len() - 3);
    }
    s
}

struct Layout<'a> {
    view: &'a TreeView,
    next_slot: f64,
    body: String,
    max_ply: u32,
}

impl Layout<'_> {
    fn y(ply: u32) -> f64 {
        TOP + f64::from(ply) * ROW
    }

    /// Takes the next leaf slot, returning its centre x.
    fn slot(&mut self) -> f64 {
        let x = self.next_slot * SLOT + SLOT / 2.0;
        self.next_slot += 1.0;
        x
    }

    fn edge(&mut self, from: (f64, f64), to: (f64, f64), label: &str, dash: &str) {
        let _ = writeln!(
            self.body,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#888"{dash}/>"##,
            from.0,
            from.1 + BOX_H,
            to.0,
            to.1
        );
        if !label.is_empty() {
            let (mx, my) = ((from.0 + to.0) / 2.0, (from.1 + BOX_H + to.1) / 2.0);
            let _ = writeln!(
                self.body,
                r##"<text x="{mx:.1}" y="{my:.1}" text-anchor="middle" fill="#333" paint-order="stroke" stroke="#fff" stroke-width="3">{}</text>"##,
                esc(label)
            );
        }
    }

    fn extra_box(&mut self, x: f64, y: f64, lines: [&str; 2], style: &str) {
        let _ = writeln!(
            self.body,
            r##"<rect x="{:.1}" y="{y:.1}" width="{BOX_W}" height="{BOX_H}" rx="4" fill="#f4f4f4" stroke="#999" {style}/>"##,
            x - BOX_W / 2.0
        );
        for (i, line) in lines.iter().enumerate() {
            let _ = writeln!(
                self.body,
                r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#666">{}</text>"##,
                y + 18.0 + 16.0 * i as f64,
                esc(line)
            );
        }
    }

    /// Draws `node` and its subtree; returns the node's centre x.
    fn node(&mut self, node: &TreeNodeView) -> f64 {
        self.max_ply = self.max_ply.max(node.ply + 1);
        let y = Self::y(node.ply);
        let child_y = Self::y(node.ply + 1);
        let mut xs = Vec::new();
        let mut edges = Vec::new();
        for child in &node.children {
            let cx = self.node(child);
            xs.push(cx);
            edges.push((cx, child.mv.clone().unwrap_or_default()));
        }
        let pruned_x = node.cut.as_ref().map(|_| self.slot());
        let hidden_x = (node.hidden > 0).then(|| self.slot());
        xs.extend(pruned_x);
        xs.extend(hidden_x);
        let x = match (xs.first(), xs.last()) {
            (Some(a), Some(b)) => (a + b) / 2.0,
            _ => self.slot(),
        };
        for (cx, mv) in edges {
            self.edge((x, y), (cx, child_y), &mv, "");
        }
        if let (Some(px), Some(cut)) = (pruned_x, &node.cut) {
            self.edge((x, y), (px, child_y), "", r#" stroke-dasharray="4 3""#);
            let list = format!("✂ {}", short_list(&node.pruned));
            self.extra_box(px, child_y, [&list, cut], r#"stroke-dasharray="4 3""#);
        }
        if let Some(hx) = hidden_x {
            self.edge((x, y), (hx, child_y), "", r#" stroke-dasharray="1 3""#);
            let more = format!("… {} more", node.hidden);
            self.extra_box(hx, child_y, [&more, "not drawn"], r#"stroke-dasharray="1 3""#);
        }
        let minimax = self.view.algorithm == TreeAlgorithm::Minimax;
        let fill = if node.max || self.view.algorithm == TreeAlgorithm::Negamax { "#e6efff" } else { "#ffeede" };
        let _ = writeln!(
            self.body,
            r##"<g class="node" data-n="{}"><title>{}</title><rect x="{:.1}" y="{y:.1}" width="{BOX_W}" height="{BOX_H}" rx="{}" fill="{fill}" stroke="#446"/>"##,
            node.n,
            esc(&format!("#{} {}{}", node.n, role(self.view, node), kind_note(node))),
            x - BOX_W / 2.0,
            if node.children.is_empty() && node.hidden == 0 { 12 } else { 2 }
        );
        let head = format!("#{} {}", node.n, role(self.view, node).split(' ').next().unwrap_or(""));
        let window = if minimax { String::new() } else { format!("α {} β {}", node.alpha, node.beta) };
        for (i, line) in [head, window, format!("v = {}", node.value)].iter().enumerate() {
            if line.is_empty() {
                continue;
            }
            let _ = writeln!(
                self.body,
                r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle"{}>{}</text>"##,
                y + 14.0 + 14.0 * i as f64,
                if i == 2 { r#" font-weight="bold""# } else { "" },
                esc(line)
            );
        }
        self.body.push_str("</g>\n");
        x
    }
}

/// The whole picture.
#[must_use]
pub fn svg(view: &TreeView) -> String {
    let mut layout = Layout { view, next_slot: 0.0, body: String::new(), max_ply: 0 };
    layout.node(&view.root);
    let title = summary(view);
    // Wide enough for the tree and for the title line (about 8 px a character at 13 px monospace).
    let width = (layout.next_slot * SLOT).max(title.chars().count() as f64 * 8.0 + 16.0);
    let height = Layout::y(layout.max_ply) + 8.0;
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="monospace" font-size="11">
<rect width="100%" height="100%" fill="#fff"/>
<text x="8" y="20" font-size="13">{}</text>
"##,
        esc(&title)
    );
    out.push_str(&layout.body);
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sente_registry::{GameKind, TreeRequest};

    #[test]
    fn one_group_per_drawn_node_and_a_box_per_cut() {
        let game = GameKind::TicTacToe.open();
        let req = TreeRequest { algorithm: TreeAlgorithm::AlphaBeta, depth: 2, draw_cap: 5000, node_limit: None };
        let view = game.tree(&game.initial(), &req).unwrap();
        let s = svg(&view);
        assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(s.ends_with("</svg>\n"));
        assert_eq!(s.matches("<g class=\"node\"").count() as u64, view.drawn);
        assert!(s.contains("✂ "));
    }
}
