//! Command-line arguments (clap derive). Subcommands name the game first; each game's own subcommands live in
//! `commands/<game>.rs` beside the code that runs them.

use clap::{Parser, Subcommand};

/// Sente plays and solves two-player board games by adversarial search.
#[derive(Debug, Parser)]
#[command(
    name = "sente",
    version,
    about,
    after_help = "Examples:\n  sente rowcol solve input.txt output.txt     solve a row/column board exactly\n  sente starcircle solve                      the course's input.txt -> output.txt\n  sente lgame stats                           the complete L-Game analysis\n  sente gomoku nptu Black < board.txt          one Gomoku move for the contest harness\n  sente tree starcircle input.txt --svg > t.svg  draw the course's search tree"
)]
pub struct Cli {
    /// The game (or tool) to run.
    #[command(subcommand)]
    pub command: Command,
}

/// Top-level subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Row/column game (縱橫殺棋): exact solver, generator, grader.
    #[cfg(feature = "rowcol")]
    #[command(
        after_help = "Examples:\n  sente rowcol solve                          input.txt -> output.txt (the course's defaults)\n  sente rowcol solve board.txt - --all-moves  every first move's exact value, on stdout\n  sente rowcol gen --rows 8 --cols 8 --density 0.5 --seed 1 --count 5 --dir inputs\n  sente rowcol check --program \"$PWD/a.out\"       grade a student's program"
    )]
    Rowcol(crate::commands::rowcol::Args),
    /// Star/Circle: the course's MINIMAX/ALPHABETA, a playing engine, a grader.
    #[cfg(feature = "starcircle")]
    #[command(
        after_help = "Examples:\n  sente starcircle solve                      input.txt -> output.txt, as the grader runs it\n  sente starcircle play --time-ms 500         play the engine in the terminal\n  sente starcircle match --games 10 --time-ms 100\n  sente starcircle check --program \"$PWD/a.out\"   grade a student's program"
    )]
    Starcircle(crate::commands::starcircle::Args),
    /// L-Game: complete retrograde analysis, perfect play, a grader.
    #[cfg(feature = "lgame")]
    #[command(
        after_help = "Examples:\n  sente lgame stats --json                    the complete analysis as JSON\n  echo 'NXX./.OX./.OX./.OON' | sente lgame best\n  sente lgame check --program \"$PWD/my-lgame\" --all   grade a program on every position"
    )]
    Lgame(crate::commands::lgame::Args),
    /// Gomoku: contest harness, Piskvork brain protocol, benchmark, matches, gauntlets and contests.
    #[cfg(feature = "gomoku")]
    #[command(
        after_help = "Examples:\n  sente gomoku nptu Black < board.txt         one move for the contest harness, e.g. `J, 10`\n  sente gomoku pbrain                         speak the Piskvork protocol on stdin/stdout\n  sente gomoku bench\n  sente gomoku gauntlet weights --games 20     the engine against opponents, Elo per opponent\n  sente gomoku contest nptu:./a.out weights sente   the NPTU contest: crosstable and records"
    )]
    Gomoku(crate::commands::gomoku::Args),
    /// Play Gomoku engines against each other (the same as `sente gomoku match`).
    #[cfg(feature = "gomoku")]
    #[command(
        after_help = "Examples:\n  sente match sente weights --games 20 --time-ms 200\n  sente match sente 'pbrain:./pbrain-other' --size 15 --rule exact --games 10"
    )]
    Match(crate::commands::matches::MatchArgs),
    /// The web arena: every game against the engine in a browser, and its JSON API.
    #[cfg(feature = "web")]
    Serve(crate::commands::serve::Args),
    /// Play a game against the engine in the terminal.
    #[cfg(feature = "web")]
    Play(crate::commands::play::Args),
    /// Draw the minimax / alpha-beta search tree of a position: text, DOT, SVG or JSON.
    #[cfg(feature = "tree")]
    Tree(crate::commands::tree::Args),
    /// Regenerate the pictures in docs/figures: SVG charts, each with the CSV of its data.
    #[command(
        after_help = "Examples:\n  sente report                                all pictures into docs/figures (about 70 s)\n  \
        sente report --only lgame,starcircle        just those two\n  \
        sente report --only rowcol --rowcol-sizes 4-16 --baseline-max 14 --rowcol-boards 5 --threads 2\n  \
        sente report --only starcircle --starcircle-depth 9 --out /tmp/figures\n  \
        sente report --only gomoku --gauntlet-csv results/summary.csv\n\n\
        Pictures: rowcol-solve, lgame-remoteness, starcircle-nodes, and gomoku-ladder when the gauntlet's summary \
        CSV exists. The folder's README.md lists each with the command, commit, date and machine. \
        Build with --release: the row/column figure is a timing. See docs/report.md."
    )]
    Report(crate::commands::report::Args),
}
