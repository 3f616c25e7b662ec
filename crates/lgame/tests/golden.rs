//! Golden answers: the engine's move and value for the representative of every symmetry class, as `sente lgame
//! best` prints them (`<input> -> <position after the move, X the mover> <value>`). Any change to the move-choice
//! rules or their tie-breaks shows up here. Regenerate with `BLESS=1 cargo test -p sente-lgame --test golden`.

use sente_core::Notation;
use sente_lgame::classes::Classes;
use sente_lgame::{Analysis, LGame};

const GOLDEN: &str = "tests/golden/best_classes.txt";

fn answers() -> String {
    let a = Analysis::new();
    let classes = Classes::new();
    let mut out = String::new();
    for c in 0..classes.len() {
        let pos = <LGame as sente_core::Enumerable>::state_at(&LGame, classes.representative(c)).unwrap();
        let answer = match a.best_move(&pos) {
            Some(b) => LGame.format_state(&b.after.flipped()),
            None => "-".to_string(),
        };
        out.push_str(&format!("{} -> {answer} {}\n", LGame.format_state(&pos), a.value(&pos)));
    }
    out
}

#[test]
fn best_answers_on_every_class_match_the_golden_file() {
    let actual = answers();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{GOLDEN}: {e} (run with BLESS=1)"));
    if expected != actual {
        let (n, (e, a)) = expected
            .lines()
            .zip(actual.lines())
            .enumerate()
            .find(|(_, (e, a))| e != a)
            .unwrap_or((expected.lines().count().min(actual.lines().count()), ("<end>", "<end>")));
        let ruler = "-".repeat(60);
        panic!("{GOLDEN} differs at line {}:\n{ruler}\nexpected: {e}\nactual:   {a}\n{ruler}", n + 1);
    }
    assert_eq!(actual.lines().count(), 2_296);
}
