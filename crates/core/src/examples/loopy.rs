//! A small loopy game with hand-checked values for the retrograde solver (being built with the L-Game issue).
