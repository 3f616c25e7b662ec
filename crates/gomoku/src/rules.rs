//! The rules and parameters of a Gomoku game: board size and the winning-line rule (freestyle, exact five, renju).
//!
//! [`Gomoku`] is the immutable [`Game`]; positions are [`crate::Position`]. Rows are counted from the top and
//! columns from the left, as the contest harness prints them; Piskvork's `x,y` are column and row from 0.

use crate::error::Error;
use crate::position::Position;
use sente_core::grid::Dims;
use sente_core::{Game, Player};
use std::fmt;
use std::str::FromStr;

/// The largest board side supported (columns are lettered A to Z).
pub const MAX_SIDE: usize = 26;
/// The smallest board side supported.
pub const MIN_SIDE: usize = 5;

/// Which lines of stones win.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Five or more in a row wins, for both sides (Gomocup rule 0; the default).
    #[default]
    Freestyle,
    /// Exactly five wins; an overline (six or more) does not (Gomocup rule 1).
    ExactFive,
    /// Renju: black wins with exactly five and may not play a double three, a double four or an overline; white wins
    /// with five or more (Gomocup rule 4).
    Renju,
}

impl Rule {
    /// The rule named by Piskvork's `INFO rule` bit mask (1 exact five, 4 renju; other bits are ignored).
    #[must_use]
    pub fn from_gomocup(bits: u32) -> Rule {
        if bits & 4 != 0 {
            Rule::Renju
        } else if bits & 1 != 0 {
            Rule::ExactFive
        } else {
            Rule::Freestyle
        }
    }

    /// True when only an exact five wins for `player` (an overline does not).
    #[must_use]
    pub fn exact_for(self, player: Player) -> bool {
        match self {
            Rule::Freestyle => false,
            Rule::ExactFive => true,
            Rule::Renju => player == Player::First,
        }
    }

    /// The rule's short name, as [`FromStr`] accepts it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::ExactFive => "exact",
            Rule::Renju => "renju",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = Error;

    fn from_str(s: &str) -> Result<Rule, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "free" | "0" => Ok(Rule::Freestyle),
            "exact" | "exact5" | "exactfive" | "standard" | "1" => Ok(Rule::ExactFive),
            "renju" | "4" => Ok(Rule::Renju),
            _ => Err(Error::Rule(s.to_string())),
        }
    }
}

/// A Gomoku game: board dimensions and rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gomoku {
    dims: Dims,
    rule: Rule,
}

impl Gomoku {
    /// A square board of `size` cells a side.
    ///
    /// # Errors
    /// [`Error::Size`] outside 5..=26.
    ///
    /// # Examples
    /// ```
    /// use sente_gomoku::{Gomoku, Rule};
    /// let g = Gomoku::new(15, Rule::Renju)?;
    /// assert_eq!(g.dims().cells(), 225);
    /// # Ok::<(), sente_gomoku::Error>(())
    /// ```
    pub fn new(size: usize, rule: Rule) -> Result<Gomoku, Error> {
        Gomoku::rect(size, size, rule)
    }

    /// A rectangular board, `cols` wide and `rows` high (Piskvork's RECTSTART).
    ///
    /// # Errors
    /// [`Error::Size`] when a side is outside 5..=26.
    pub fn rect(cols: usize, rows: usize, rule: Rule) -> Result<Gomoku, Error> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&cols) || !(MIN_SIDE..=MAX_SIDE).contains(&rows) {
            return Err(Error::Size { cols, rows });
        }
        Ok(Gomoku { dims: Dims::new(rows as u8, cols as u8), rule })
    }

    /// The contest's game: 19×19, freestyle.
    #[must_use]
    pub fn standard() -> Gomoku {
        Gomoku { dims: Dims::new(19, 19), rule: Rule::Freestyle }
    }

    /// Board dimensions.
    #[must_use]
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The rule.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The same board under another rule.
    #[must_use]
    pub fn with_rule(self, rule: Rule) -> Gomoku {
        Gomoku { rule, ..self }
    }
}

impl Game for Gomoku {
    type State = Position;

    fn name(&self) -> &'static str {
        "gomoku"
    }

    fn initial_state(&self) -> Position {
        Position::new(*self)
    }

    fn max_game_length(&self) -> usize {
        self.dims.cells()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_parse_and_map_from_gomocup_bits() {
        assert_eq!("Renju".parse::<Rule>(), Ok(Rule::Renju));
        assert_eq!("exact".parse::<Rule>(), Ok(Rule::ExactFive));
        assert!("caro".parse::<Rule>().is_err());
        assert_eq!(Rule::from_gomocup(0), Rule::Freestyle);
        assert_eq!(Rule::from_gomocup(1), Rule::ExactFive);
        assert_eq!(Rule::from_gomocup(4), Rule::Renju);
        assert_eq!(Rule::from_gomocup(2), Rule::Freestyle);
        assert!(Rule::Renju.exact_for(Player::First));
        assert!(!Rule::Renju.exact_for(Player::Second));
        assert!(Gomoku::new(4, Rule::Freestyle).is_err());
        assert!(Gomoku::rect(20, 15, Rule::Freestyle).is_ok());
    }
}
