//! Memoised exact solver for acyclic scoring games (being built with the row/column issue).
