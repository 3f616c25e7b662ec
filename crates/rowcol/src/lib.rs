//! Row/column removal scoring game (縱橫殺棋): exact solver and the course's file interface.
