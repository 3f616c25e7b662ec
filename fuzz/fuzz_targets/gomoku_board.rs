//! Gomoku board text, as the contest harness reads it (`parse_board` on the 19×19 board, every rule) and as the
//! web page loads it (the registry's `view`, which also deduces the board size). Properties: a board that parses
//! keeps every core invariant (text round-trip included); a view's canonical position views again to itself with
//! the same moves and outcome.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sente_core::testkit::check_position;
use sente_gomoku::notation::parse_board;
use sente_gomoku::{Gomoku, Rule};
use sente_registry::GameKind;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Renju] {
        let game = Gomoku::standard().with_rule(rule);
        if let Ok(pos) = parse_board(game, text) {
            check_position(&game, &pos);
        }
    }
    static PAGE: OnceLock<Box<dyn sente_registry::DynGame>> = OnceLock::new();
    let page = PAGE.get_or_init(|| GameKind::Gomoku.open());
    if let Ok(view) = page.view(text) {
        let again = page.view(&view.position).unwrap_or_else(|e| panic!("own text {:?} fails: {e}", view.position));
        assert_eq!(again.position, view.position, "the page's position text is not canonical: {text:?}");
        assert_eq!(again.moves.len(), view.moves.len());
        assert_eq!(again.to_move, view.to_move);
        assert_eq!(again.outcome.map(|o| o.text), view.outcome.map(|o| o.text));
    }
});
