//! Shared test kit.
