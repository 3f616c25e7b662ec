//! The engine (being written).
