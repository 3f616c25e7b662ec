//! Times the complete analysis: `cargo run --release -p sente-lgame --example solve_time -- 50 [analysis|fast|plain|plain1]`.
//! Run it under `/usr/bin/time` to separate CPU time from wall time on a busy machine.

use sente_core::solve::retrograde;
use sente_lgame::{Analysis, LGame, index};
use std::time::Instant;

fn main() {
    let n: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let mode = std::env::args().nth(2).unwrap_or_else(|| "analysis".into());
    let mut best = f64::MAX;
    let t0 = Instant::now();
    for _ in 0..n {
        let t = Instant::now();
        let len = match mode.as_str() {
            "plain" => retrograde::solve(&LGame).map(|s| s.len()).unwrap_or(0),
            "plain1" => retrograde::solve_with_threads(&LGame, 1).map(|s| s.len()).unwrap_or(0),
            "fast" => retrograde::solve_with_successors(&LGame, 64, &index::successors).map(|s| s.len()).unwrap_or(0),
            _ => Analysis::new().class_solution().len(),
        };
        best = best.min(t.elapsed().as_secs_f64());
        std::hint::black_box(len);
    }
    let mean = t0.elapsed().as_secs_f64() / f64::from(n);
    println!("{mode}: {n} runs: best {:.2} ms, mean {:.2} ms (wall)", best * 1e3, mean * 1e3);
}
