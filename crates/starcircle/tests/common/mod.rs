//! Support shared by the Star/Circle tests and benchmark (and, through `#[path]`, the CLI's tests): where the
//! public conformance cases are read from ([`conformance`]), the assignment's five examples ([`examples`]) and a
//! naive, independently written model of the course's rules and searches ([`naive`]) that Sente's own generated
//! cases are checked against, so that a fresh clone without the public cases still tests exact node counts.

// Each test binary uses a different part of this module.
#![allow(dead_code)]

pub mod conformance;
pub mod examples;
pub mod naive;
