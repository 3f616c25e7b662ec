//! Where a check's cases come from: reproducible random draws for the generated ones (SplitMix64, the generator
//! the Zobrist keys and `rowcol gen` use, so a seed gives the same cases on every machine and with every dependency
//! version), `MIN-MAX` ranges for the generator options, and the folder of inputs given with `--inputs`.

use crate::error::CliError;
use sente_core::zobrist::splitmix64;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A seeded stream of random numbers for one generated case.
pub struct Draw(u64);

impl Draw {
    /// The stream for case seed `seed`; `stream` separates draws made for different purposes from one seed.
    pub fn new(seed: u64, stream: u64) -> Draw {
        Draw(splitmix64(seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15)).1)
    }

    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        let (state, out) = splitmix64(self.0);
        self.0 = state;
        out
    }

    /// A whole number in `lo..=hi` (the tiny modulo bias does not matter for test cases).
    pub fn int(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.bits() % (hi - lo + 1)
    }

    /// A number in `lo..=hi`.
    pub fn float(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.bits() >> 11) as f64 / (1u64 << 53) as f64)
    }
}

/// An inclusive range of option values, written `N` or `MIN-MAX` (`1-8`, `0.2-0.8`).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Range<T> {
    /// The smallest value.
    pub lo: T,
    /// The largest value.
    pub hi: T,
}

impl<T: FromStr + PartialOrd + Copy + fmt::Display> Range<T> {
    /// Parses `N` or `MIN-MAX`.
    ///
    /// # Errors
    /// Not numbers, or MIN above MAX.
    pub fn parse(text: &str) -> Result<Range<T>, String> {
        let num = |t: &str| t.trim().parse::<T>().map_err(|_| format!("{text:?} is not N or MIN-MAX"));
        let range = match text.split_once('-') {
            Some((lo, hi)) => Range { lo: num(lo)?, hi: num(hi)? },
            None => {
                let n = num(text)?;
                Range { lo: n, hi: n }
            }
        };
        if range.lo > range.hi {
            return Err(format!("{text:?}: the minimum is above the maximum"));
        }
        Ok(range)
    }

    /// Checks that the range lies within `lo..=hi`, for the option named `name`.
    ///
    /// # Errors
    /// A usage error naming the option and the allowed values.
    pub fn within(&self, name: &str, lo: T, hi: T) -> Result<(), CliError> {
        if self.lo < lo || self.hi > hi {
            return Err(CliError::Usage(format!("--{name} {}-{} is outside {lo}-{hi}", self.lo, self.hi)));
        }
        Ok(())
    }
}

/// One input taken from `--inputs`: its case name, its path (for error messages) and its text.
pub struct InputFile {
    /// The file's name, or the name of the folder holding it as `input.txt`.
    pub name: String,
    /// Where it was read from.
    pub path: PathBuf,
    /// Its contents.
    pub text: String,
}

/// Lists a folder of inputs, in name order: each `*.txt` or `*.in` file (hidden ones skipped) and each subfolder
/// holding an `input.txt` is one case; anything else (a README, expected outputs in `*.out`) is left alone.
///
/// # Errors
/// The folder cannot be read, or holds no input.
pub fn input_files(dir: &Path) -> Result<Vec<InputFile>, CliError> {
    let read_err = |source| CliError::Read { path: dir.display().to_string(), source };
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).map_err(read_err)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    let mut inputs = Vec::new();
    for entry in entries {
        let name = entry.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let is_input = name.ends_with(".txt") || name.ends_with(".in");
        let path = if entry.is_dir() { entry.join("input.txt") } else { entry.clone() };
        if name.starts_with('.') || !path.is_file() || (!entry.is_dir() && !is_input) {
            continue;
        }
        let text = crate::io::read_input(&path)?;
        inputs.push(InputFile { name, path, text });
    }
    if inputs.is_empty() {
        return Err(CliError::Usage(format!(
            "{}: no input files (*.txt, *.in, or folders holding an input.txt)",
            dir.display()
        )));
    }
    Ok(inputs)
}

/// The name of generated case `k` (from 1) of `n`: `case-007`.
pub fn case_name(k: usize, n: usize) -> String {
    format!("case-{k:0width$}", width = n.to_string().len().max(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_single_values() {
        assert_eq!(Range::<u32>::parse("1-8"), Ok(Range { lo: 1, hi: 8 }));
        assert_eq!(Range::<u32>::parse("5"), Ok(Range { lo: 5, hi: 5 }));
        assert_eq!(Range::<f64>::parse("0.2-0.8"), Ok(Range { lo: 0.2, hi: 0.8 }));
        assert!(Range::<u32>::parse("8-1").is_err());
        assert!(Range::<u32>::parse("a-b").is_err());
        assert!(Range::<u32>::parse("").is_err());
        assert!(Range::<u32>::parse("1-8").unwrap().within("rows", 1, 16).is_ok());
        assert!(Range::<u32>::parse("0-8").unwrap().within("rows", 1, 16).is_err());
    }

    #[test]
    fn draws_are_reproducible_and_in_range() {
        let mut a = Draw::new(7, 1);
        let mut b = Draw::new(7, 1);
        for _ in 0..1000 {
            let (x, y) = (a.int(3, 9), b.int(3, 9));
            assert_eq!(x, y);
            assert!((3..=9).contains(&x));
            let f = a.float(0.2, 0.8);
            assert!((0.2..=0.8).contains(&f));
            b.float(0.0, 1.0);
        }
        assert_ne!(Draw::new(7, 1).bits(), Draw::new(7, 2).bits());
    }

    #[test]
    fn case_names_sort_in_order() {
        assert_eq!(case_name(7, 20), "case-007");
        assert_eq!(case_name(12, 1000), "case-0012");
    }
}
