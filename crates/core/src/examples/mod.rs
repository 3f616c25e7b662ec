//! Small games kept as worked examples and as test subjects for the core's searches and solvers: tic-tac-toe
//! (acyclic, exhaustively searchable) and a loopy take-or-return counter game for the retrograde solver.

pub mod loopy;
pub mod tictactoe;
