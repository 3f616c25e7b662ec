//! L-Game position text. Properties: `FromStr` then `Display` then `FromStr` gives the same position, and a parsed
//! position keeps every core invariant.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sente_core::testkit::check_position;
use sente_lgame::{LGame, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = text.parse::<Position>() {
        let written = pos.to_string();
        match written.parse::<Position>() {
            Ok(back) => assert_eq!(back, pos, "position text does not round-trip: {text:?} -> {written:?}"),
            Err(e) => panic!("own position text {written:?} (from {text:?}) does not parse: {e}"),
        }
        check_position(&LGame, &pos);
    }
});
