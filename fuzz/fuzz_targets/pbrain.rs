//! The pbrain command stream: whole command sequences against one brain, 2,000 nodes a move. Property (checked by
//! the model manager in `sente_fuzz::pbrain`): the brain never answers an illegal move and every command gets the
//! protocol's kind of answer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    sente_fuzz::pbrain::check_session(&text, 2_000);
});
