//! Piskvork protocol (being written).
