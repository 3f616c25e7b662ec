//! Star/Circle checkers variant: grader-exact MINIMAX/ALPHABETA and a playing engine.
