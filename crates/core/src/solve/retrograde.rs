//! Retrograde analysis over an enumerable, possibly loopy state space (being built with the L-Game issue).
