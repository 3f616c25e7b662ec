//! Every game's move notation against a position reached by seeded random play. Input: byte 0 picks the game (and
//! Gomoku's rule), byte 1 the number of random plies, bytes 2..10 the seed, the rest is the move text. Properties:
//! a move text that parses names a legal move, its canonical text parses back to the same move, and the position
//! after it keeps every core invariant.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sente_fuzz::{check_move_text, random_position};
use sente_gomoku::{Gomoku, Rule};
use sente_lgame::LGame;
use sente_rowcol::{RowCol, random_board};
use sente_starcircle::StarCircle;

fuzz_target!(|data: &[u8]| {
    if data.len() < 10 {
        return;
    }
    let (pick, plies) = (data[0], usize::from(data[1] % 48));
    let seed = u64::from_le_bytes(data[2..10].try_into().unwrap_or_default());
    let Ok(text) = std::str::from_utf8(&data[10..]) else { return };
    match pick % 6 {
        0 => {
            let rows = 1 + (seed % 8) as usize;
            let cols = 1 + ((seed >> 8) % 8) as usize;
            let game = RowCol::new(random_board(rows, cols, 0.5, seed));
            check_move_text(&game, &random_position(&game, plies, seed), text);
        }
        1 => check_move_text(&StarCircle::default(), &random_position(&StarCircle::default(), plies, seed), text),
        2 => check_move_text(&LGame, &random_position(&LGame, plies, seed), text),
        rule => {
            let rule = [Rule::Freestyle, Rule::ExactFive, Rule::Renju][usize::from(rule - 3)];
            let size = [15, 19, 7][(seed % 3) as usize];
            let game = Gomoku::new(size, rule).unwrap_or_else(|_| Gomoku::standard());
            check_move_text(&game, &random_position(&game, plies, seed), text);
        }
    }
});
