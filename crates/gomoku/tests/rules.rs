//! Win detection under every rule, in every direction, at the edges and with overlines; draws on a full board.

use sente_core::{Game, Notation, Outcome, Player, State};
use sente_gomoku::{Gomoku, Position, Rule};

/// Plays `black` and `white` cells alternately (black first; `white` may be one shorter) and returns the position.
fn play_lines(game: Gomoku, black: &[(u8, u8)], white: &[(u8, u8)]) -> Position {
    let mut pos = game.initial_state();
    for (i, &(r, c)) in black.iter().enumerate() {
        pos.play(pos.move_at(sente_core::grid::Coord::new(r, c)));
        if let Some(&(r, c)) = white.get(i)
            && pos.outcome().is_none()
        {
            pos.play(pos.move_at(sente_core::grid::Coord::new(r, c)));
        }
    }
    pos
}

/// Five black stones from (r, c) in direction (dr, dc), with white stones parked far away in a harmless pattern.
fn five(game: Gomoku, r: u8, c: u8, dr: i8, dc: i8, len: usize) -> Position {
    let black: Vec<(u8, u8)> = (0..len as i8).map(|k| ((r as i8 + k * dr) as u8, (c as i8 + k * dc) as u8)).collect();
    let n = game.dims().rows;
    let white: Vec<(u8, u8)> = (0..len as u8).map(|k| if r < n / 2 { (n - 1, 2 * k) } else { (0, 2 * k) }).collect();
    // Play the stones out of order so the winning stone lands in the middle of the line.
    let mut order = black.clone();
    order.swap(len / 2, len - 1);
    play_lines(game, &order, &white)
}

#[test]
fn five_wins_in_all_four_directions_and_at_every_edge() {
    let g = Gomoku::standard();
    let cases = [
        (0, 0, 0, 1),   // top edge, eastward
        (18, 14, 0, 1), // bottom-right corner
        (0, 18, 1, 0),  // right edge, down
        (14, 0, 1, 0),  // left edge, down to the bottom
        (0, 0, 1, 1),   // corner diagonal
        (14, 14, 1, 1), // into the bottom-right corner
        (0, 18, 1, -1), // anti-diagonal from the top-right corner
        (14, 4, 1, -1), // anti-diagonal into the bottom-left corner
        (7, 7, 0, 1),
    ];
    for (r, c, dr, dc) in cases {
        let pos = five(g, r, c, dr, dc, 5);
        assert_eq!(pos.outcome(), Some(Outcome::Win(Player::First)), "five from ({r},{c}) dir ({dr},{dc})\n{pos:?}");
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(moves.is_empty(), "no moves after a win");
    }
}

#[test]
fn four_is_not_a_win_and_lines_do_not_wrap_around_edges() {
    let g = Gomoku::standard();
    assert_eq!(five(g, 3, 3, 0, 1, 4).outcome(), None);
    // Three stones at the end of row 0 and two at the start of row 1 are consecutive in memory, not on the board.
    let pos = play_lines(g, &[(0, 16), (0, 17), (0, 18), (1, 0), (1, 1)], &[(9, 0), (9, 2), (9, 4), (9, 6)]);
    assert_eq!(pos.outcome(), None, "{pos:?}");
}

#[test]
fn overlines_win_only_in_freestyle_and_for_white_in_renju() {
    for (rule, wins) in [(Rule::Freestyle, true), (Rule::ExactFive, false)] {
        let g = Gomoku::standard().with_rule(rule);
        // x x x _ x x then fill the gap: six in a row.
        let pos = play_lines(
            g,
            &[(5, 2), (5, 3), (5, 4), (5, 6), (5, 7), (5, 5)],
            &[(12, 0), (12, 2), (12, 4), (12, 6), (12, 8)],
        );
        assert_eq!(pos.outcome().is_some(), wins, "{rule}: {pos:?}");
        // Exactly five still wins under every rule.
        let pos = five(g, 5, 5, 1, 1, 5);
        assert_eq!(pos.outcome(), Some(Outcome::Win(Player::First)), "{rule}");
    }
    let g = Gomoku::standard().with_rule(Rule::Renju);
    let text = {
        // White to make an overline: o o o . o o on row 3, black scattered and harmless.
        let mut rows = vec![".".repeat(19); 19];
        rows[3] = "ooo.oo.............".to_string();
        rows[10] = "x.x.x.x.x.x........".to_string();
        rows.join("\n")
    };
    let mut pos = g.parse_state(&text).expect("board");
    assert_eq!(pos.to_move(), Player::Second);
    let gap = g.parse_move(&pos, "D4").expect("legal");
    pos.play(gap);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Second)), "white overline wins in renju");
}

#[test]
fn renju_black_may_not_play_an_overline_but_exact_five_may() {
    let mut rows = vec![".".repeat(19); 19];
    rows[3] = "xxx.xx.............".to_string();
    rows[10] = "o.o.o.o.o..........".to_string();
    let text = rows.join("\n");
    let renju = Gomoku::standard().with_rule(Rule::Renju);
    let pos = renju.parse_state(&text).expect("board");
    assert!(renju.parse_move(&pos, "D4").is_err(), "overline point is forbidden");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(!moves.iter().any(|&m| sente_gomoku::notation::move_text(renju.dims(), m) == "D4"));
    let exact = Gomoku::standard().with_rule(Rule::ExactFive);
    let mut pos = exact.parse_state(&text).expect("board");
    let m = exact.parse_move(&pos, "D4").expect("legal under exact five");
    pos.play(m);
    assert_eq!(pos.outcome(), None, "an overline does not win under exact five");
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    // A 5x5 board filled in a pattern with no five: rows alternate two shifted stripes.
    let g = Gomoku::new(5, Rule::Freestyle).expect("size");
    let text = "xxoox\nooxxo\nxxoox\nooxxo\nxxoo.\n";
    let mut pos = g.parse_state(text).expect("board");
    assert_eq!(pos.outcome(), None);
    let m = g.parse_move(&pos, "E5").expect("last cell");
    pos.play(m);
    assert_eq!(pos.outcome(), Some(Outcome::Draw), "{pos:?}");
}
