//! The pbrain command stream: whole command sequences against one brain. Budget: 100 nodes a move, 2,000 for the
//! inputs whose length is a multiple of 64 (deeper searches, threat solving), so that millions of sessions fit in
//! a run. Property (checked by the model manager in `sente_fuzz::pbrain`): the brain never answers an illegal move
//! and every command gets the protocol's kind of answer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let nodes = if data.len() % 64 == 0 { 2_000 } else { 100 };
    sente_fuzz::pbrain::check_session(&text, nodes);
});
