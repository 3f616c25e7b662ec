//! Row/column `input.txt` and position text. Properties: a board that parses formats back to text that parses to
//! the same board; a position that parses keeps every core invariant (`testkit::check_position`: text round-trip,
//! hash, legal moves empty exactly at the end, move text round-trip, play/undo).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sente_core::Notation;
use sente_core::testkit::check_position;
use sente_rowcol::notation::parse_board_text;
use sente_rowcol::{RowCol, format_board, parse_board};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(board) = parse_board(text) {
        let written = format_board(&board);
        match parse_board(&written) {
            Ok(back) => assert_eq!(back, board, "board text does not round-trip: {text:?} -> {written:?}"),
            Err(e) => panic!("own board text {written:?} (from {text:?}) does not parse: {e}"),
        }
    }
    if let Ok(parsed) = parse_board_text(text) {
        let game = RowCol::new(parsed.board);
        if let Ok(pos) = game.parse_state(text) {
            check_position(&game, &pos);
        }
    }
});
