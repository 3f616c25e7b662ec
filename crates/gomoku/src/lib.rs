//! Gomoku rules (freestyle, exact five, renju) and a threat-aware engine.
