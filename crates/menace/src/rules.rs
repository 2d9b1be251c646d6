//! [`Rules`]: how MENACE is filled, rewarded and punished, with the three historic
//! presets ([`Preset`]).

use std::fmt;
use std::str::FromStr;

/// How many beads a box holds before the first game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartingBeads {
    /// A random number of beads, `min..=max` per box, each a uniformly random legal
    /// square (duplicates allowed). The seed challenge: "each of the 304 matchboxes
    /// contains beads … of random colour (so duplicates are fine)", and its author's
    /// answer in the comments: from 1 to 9 beads.
    Random {
        /// Fewest beads in a box.
        min: u32,
        /// Most beads in a box.
        max: u32,
    },
    /// This many beads of every legal colour, by MENACE's 1st/2nd/3rd/4th move (moves
    /// 1/3/5/7 of the game when MENACE plays first, 2/4/6/8 when it plays second).
    /// Michie 1961: 4/3/2/1.
    PerMove([u32; 4]),
}

/// What MENACE does when the box for the position is empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmptyBox {
    /// Put this many random legal beads in (duplicates allowed) and draw one (seed
    /// challenge, step 6: three).
    ///
    /// Step 6 of the seed reads "remove the selected bead … if the box is left empty as
    /// a result, put three random (possible) beads into the box, and pick one of them
    /// for the move", which leaves open what becomes of the bead already drawn. We
    /// follow the spec's reading: a box found *empty when MENACE comes to it* is
    /// refilled and one of the new beads is drawn; the last bead of a box is played
    /// like any other. (With the literal reading — refill at once and play a new bead
    /// — MENACE learns markedly slower against perfect play: median about 123 losses
    /// instead of about 52 with the seed's starting beads.)
    Refill(u32),
    /// Resign the game, which counts as a loss (Michie; Scroggs, where an empty first
    /// box means MENACE refuses to play at all).
    Resign,
}

/// Every setting of the machine. Rewards are the *net* change of beads of the drawn
/// colour in each box MENACE used, once the game is over: the drawn bead is taken out
/// during play and `1 + change` beads go back (fewer than none removes more, never
/// below zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    /// The beads in every box at the start.
    pub starting_beads: StartingBeads,
    /// Give beads only to one square of each class of moves that are the same under
    /// the symmetries of the box's picture (Scroggs' one colour per class of move).
    pub one_bead_per_move_class: bool,
    /// Net beads after a win (seed +1, Michie +3).
    pub win: i32,
    /// Net beads after a draw (seed 0, Michie +1).
    pub draw: i32,
    /// Net beads after a loss (−1 everywhere: the drawn bead stays out).
    pub loss: i32,
    /// An empty box: refill or resign.
    pub empty_box: EmptyBox,
}

/// The named rule sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// The source challenge's rules (default): 1–9 random beads per box, win +1,
    /// draw 0, loss −1, an empty box is refilled with three random beads. Named `seed`
    /// in state files and the museum's settings (and still accepted as `--rules seed`).
    #[serde(rename = "seed", alias = "source")]
    Source,
    /// Michie 1961: 4/3/2/1 beads per move, win +3, draw +1, loss −1, resign on empty.
    Michie,
    /// Matthew Scroggs' online MENACE: 8/4/2/1 beads, one colour per class of moves,
    /// win +3, draw +1, loss −1, resign on empty.
    Scroggs,
}

impl Preset {
    /// All presets, the default first.
    pub const ALL: [Preset; 3] = [Preset::Source, Preset::Michie, Preset::Scroggs];

    /// The preset's name (`source`, `michie`, `scroggs`).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Preset::Source => "source",
            Preset::Michie => "michie",
            Preset::Scroggs => "scroggs",
        }
    }

    /// The rules it names.
    #[must_use]
    pub const fn rules(self) -> Rules {
        match self {
            Preset::Source => Rules {
                starting_beads: StartingBeads::Random { min: 1, max: 9 },
                one_bead_per_move_class: false,
                win: 1,
                draw: 0,
                loss: -1,
                empty_box: EmptyBox::Refill(3),
            },
            Preset::Michie => Rules {
                starting_beads: StartingBeads::PerMove([4, 3, 2, 1]),
                one_bead_per_move_class: false,
                win: 3,
                draw: 1,
                loss: -1,
                empty_box: EmptyBox::Resign,
            },
            Preset::Scroggs => Rules {
                starting_beads: StartingBeads::PerMove([8, 4, 2, 1]),
                one_bead_per_move_class: true,
                win: 3,
                draw: 1,
                loss: -1,
                empty_box: EmptyBox::Resign,
            },
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A rule-set name that is not a preset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules '{}': expected source, michie or scroggs", ludomat_io::text::escape_controls(.0))]
pub struct UnknownPreset(pub String);

impl FromStr for Preset {
    type Err = UnknownPreset;
    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.label().eq_ignore_ascii_case(s.trim()))
            // the source preset's former name, kept so old command lines still work
            .or_else(|| {
                s.trim()
                    .eq_ignore_ascii_case("seed")
                    .then_some(Preset::Source)
            })
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}

/// The most beads any one setting may put into a box at once: a starting count, a
/// refill, a reward. Beads are added one at a time where they are random, so this bounds
/// the work of filling MENACE (304 boxes) as well as the size of the boxes.
pub const MAX_BEADS: u32 = 1000;

/// A rule setting that makes no sense.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// `min > max` or no beads at all in the random filling.
    #[error("starting beads from {min} to {max}: {}", if *max == 0 { "a box needs a bead, so the most must be from 1 up" } else if min > max { "the range is empty (the fewest must be no more than the most)" } else { "a box needs a bead, so the fewest must be from 1 up" })]
    BadRange {
        /// Fewest.
        min: u32,
        /// Most.
        max: u32,
    },
    /// A count above [`MAX_BEADS`].
    #[error("{what} {} is more than the limit of {} beads", ludomat_io::text::thousands_signed(*value), ludomat_io::text::thousands(u64::from(MAX_BEADS)))]
    TooMany {
        /// Which setting.
        what: &'static str,
        /// Its value.
        value: i64,
    },
    /// A bead change (win, draw, loss) beyond what a box may gain or lose at once.
    #[error("{what} {} is outside {} to {} beads: a box gains or loses at most that many at once", ludomat_io::text::thousands_signed(*value), ludomat_io::text::thousands_signed(-i64::from(MAX_BEADS)), ludomat_io::text::thousands(u64::from(MAX_BEADS)))]
    OutOfRange {
        /// Which setting.
        what: &'static str,
        /// Its value.
        value: i64,
    },
    /// Refilling with no beads would leave the box empty.
    #[error("an empty box must be refilled with at least one bead (or use resign)")]
    EmptyRefill,
    /// Text that does not describe starting beads or an empty-box policy.
    #[error("cannot read '{}': {reason}", ludomat_io::text::escape_controls(text))]
    Parse {
        /// What was given.
        text: String,
        /// What was expected.
        reason: &'static str,
    },
}

impl Rules {
    /// The source challenge's rules (the default).
    #[must_use]
    pub const fn source() -> Rules {
        Preset::Source.rules()
    }

    /// The preset these rules equal, if any.
    #[must_use]
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.rules() == *self)
    }

    /// Check the settings.
    ///
    /// # Errors
    /// A [`RulesError`] naming the bad setting.
    pub fn validate(&self) -> Result<(), RulesError> {
        let too_many = |what, value: i64| {
            if value.unsigned_abs() > u64::from(MAX_BEADS) {
                Err(RulesError::TooMany { what, value })
            } else {
                Ok(())
            }
        };
        match self.starting_beads {
            StartingBeads::Random { min, max } => {
                if min == 0 || min > max {
                    return Err(RulesError::BadRange { min, max });
                }
                too_many("starting beads", i64::from(max))?;
            }
            StartingBeads::PerMove(counts) => {
                for n in counts {
                    too_many("starting beads", i64::from(n))?;
                }
            }
        }
        match self.empty_box {
            EmptyBox::Refill(0) => return Err(RulesError::EmptyRefill),
            EmptyBox::Refill(n) => too_many("refill", i64::from(n))?,
            EmptyBox::Resign => {}
        }
        for (what, value) in [("win", self.win), ("draw", self.draw), ("loss", self.loss)] {
            if value.unsigned_abs() > MAX_BEADS {
                return Err(RulesError::OutOfRange {
                    what,
                    value: i64::from(value),
                });
            }
        }
        Ok(())
    }

    /// Net bead change for a game that scored `score` (+1 win, 0 draw, −1 loss).
    #[must_use]
    pub const fn reward(&self, score: i32) -> i32 {
        match score {
            1 => self.win,
            0 => self.draw,
            _ => self.loss,
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::source()
    }
}

impl fmt::Display for Rules {
    /// `seed` for a preset, else every setting.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.preset() {
            return write!(f, "{p}");
        }
        write!(
            f,
            "custom: starting beads {}{}, win {:+}, draw {:+}, loss {:+}, empty box {}",
            self.starting_beads,
            if self.one_bead_per_move_class {
                " (one square per class of moves)"
            } else {
                ""
            },
            self.win,
            self.draw,
            self.loss,
            self.empty_box
        )
    }
}

impl fmt::Display for StartingBeads {
    /// `random:1-9` or `4/3/2/1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartingBeads::Random { min, max } => write!(f, "random:{min}-{max}"),
            StartingBeads::PerMove([a, b, c, d]) => write!(f, "{a}/{b}/{c}/{d}"),
        }
    }
}

impl FromStr for StartingBeads {
    type Err = RulesError;
    /// `random:1-9` or four counts `4/3/2/1`.
    fn from_str(s: &str) -> Result<Self, RulesError> {
        let t = s.trim();
        let bad = |reason| RulesError::Parse {
            text: t.to_string(),
            reason,
        };
        if let Some(range) = t.strip_prefix("random:") {
            let (a, b) = range
                .split_once('-')
                .ok_or_else(|| bad("expected random:MIN-MAX, e.g. random:1-9"))?;
            let min = a.trim().parse().map_err(|_| bad("MIN is not a number"))?;
            let max = b.trim().parse().map_err(|_| bad("MAX is not a number"))?;
            if min == 0 || min > max {
                return Err(RulesError::BadRange { min, max });
            }
            if max > MAX_BEADS {
                return Err(RulesError::TooMany {
                    what: "starting beads",
                    value: i64::from(max),
                });
            }
            return Ok(StartingBeads::Random { min, max });
        }
        let parts: Vec<&str> = t.split('/').collect();
        if parts.len() != 4 {
            return Err(bad(
                "expected four counts by MENACE's move (e.g. 4/3/2/1) or random:MIN-MAX",
            ));
        }
        let mut counts = [0u32; 4];
        for (slot, p) in counts.iter_mut().zip(parts) {
            *slot = p
                .trim()
                .parse()
                .map_err(|_| bad("a count is not a number"))?;
            if *slot > MAX_BEADS {
                return Err(RulesError::TooMany {
                    what: "starting beads",
                    value: i64::from(*slot),
                });
            }
        }
        Ok(StartingBeads::PerMove(counts))
    }
}

impl fmt::Display for EmptyBox {
    /// `refill:3` or `resign`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmptyBox::Refill(n) => write!(f, "refill:{n}"),
            EmptyBox::Resign => f.write_str("resign"),
        }
    }
}

impl FromStr for EmptyBox {
    type Err = RulesError;
    /// `resign`, `refill` (three beads) or `refill:N`.
    fn from_str(s: &str) -> Result<Self, RulesError> {
        let t = s.trim().to_ascii_lowercase();
        let bad = |reason| RulesError::Parse {
            text: t.clone(),
            reason,
        };
        match t.as_str() {
            "resign" => Ok(EmptyBox::Resign),
            "refill" => Ok(EmptyBox::Refill(3)),
            _ => {
                let n = t
                    .strip_prefix("refill:")
                    .ok_or_else(|| bad("expected resign, refill or refill:N"))?
                    .parse()
                    .map_err(|_| bad("N in refill:N is not a number"))?;
                if n == 0 {
                    return Err(RulesError::EmptyRefill);
                }
                if n > MAX_BEADS {
                    return Err(RulesError::TooMany {
                        what: "refill",
                        value: i64::from(n),
                    });
                }
                Ok(EmptyBox::Refill(n))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_former_preset_name_still_works() {
        assert_eq!("seed".parse::<Preset>(), Ok(Preset::Source));
        assert_eq!("source".parse::<Preset>(), Ok(Preset::Source));
        assert_eq!(Preset::Source.to_string(), "source");
    }

    #[test]
    fn bead_counts_above_the_limit_are_refused() {
        assert!(matches!(
            "refill:4000000000".parse::<EmptyBox>(),
            Err(RulesError::TooMany { what: "refill", .. })
        ));
        assert!(matches!(
            "random:1-4000000000".parse::<StartingBeads>(),
            Err(RulesError::TooMany { .. })
        ));
        assert!("1001/1/1/1".parse::<StartingBeads>().is_err());
        let mut r = Rules::source();
        r.empty_box = EmptyBox::Refill(u32::MAX);
        assert!(
            r.validate().is_err(),
            "a state file's rules are checked too"
        );
        r = Rules::source();
        r.loss = i32::MIN;
        let e = r.validate().unwrap_err();
        // a negative value is not "more than the limit"
        assert_eq!(
            e.to_string(),
            "loss -2,147,483,648 is outside -1,000 to 1,000 beads: a box gains or loses at most that many at once"
        );
        r.loss = -1;
        r.win = 1001;
        let e = r.validate().unwrap_err().to_string();
        assert!(e.starts_with("win 1,001 is outside"), "{e}");
        assert_eq!(Rules::source().validate(), Ok(()));
    }

    #[test]
    fn presets_match_the_spec_table() {
        let s = Preset::Source.rules();
        assert_eq!((s.win, s.draw, s.loss), (1, 0, -1));
        assert_eq!(s.empty_box, EmptyBox::Refill(3));
        assert_eq!(s.starting_beads, StartingBeads::Random { min: 1, max: 9 });
        let m = Preset::Michie.rules();
        assert_eq!((m.win, m.draw, m.loss), (3, 1, -1));
        assert_eq!(m.starting_beads, StartingBeads::PerMove([4, 3, 2, 1]));
        assert_eq!(m.empty_box, EmptyBox::Resign);
        let c = Preset::Scroggs.rules();
        assert_eq!(c.starting_beads, StartingBeads::PerMove([8, 4, 2, 1]));
        assert!(c.one_bead_per_move_class);
        assert_eq!(Rules::default(), s);
        for p in Preset::ALL {
            assert_eq!(p.label().parse::<Preset>(), Ok(p));
            assert_eq!(p.rules().preset(), Some(p));
            assert_eq!(p.rules().to_string(), p.label());
            p.rules().validate().unwrap();
        }
    }

    #[test]
    fn settings_parse_and_errors_name_the_problem() {
        assert_eq!(
            "random:2-5".parse::<StartingBeads>(),
            Ok(StartingBeads::Random { min: 2, max: 5 })
        );
        assert_eq!(
            "4/3/2/1".parse::<StartingBeads>(),
            Ok(StartingBeads::PerMove([4, 3, 2, 1]))
        );
        assert!("4/3/2"
            .parse::<StartingBeads>()
            .unwrap_err()
            .to_string()
            .contains("four counts"));
        assert_eq!(
            "random:5-2".parse::<StartingBeads>(),
            Err(RulesError::BadRange { min: 5, max: 2 })
        );
        // in words, never Rust's range (`9..=1`)
        assert_eq!(
            RulesError::BadRange { min: 9, max: 1 }.to_string(),
            "starting beads from 9 to 1: the range is empty (the fewest must be no more than \
             the most)"
        );
        let zero = RulesError::BadRange { min: 0, max: 3 }.to_string();
        assert!(zero.ends_with("the fewest must be from 1 up"), "{zero}");
        assert_eq!("refill:4".parse::<EmptyBox>(), Ok(EmptyBox::Refill(4)));
        assert_eq!("Resign".parse::<EmptyBox>(), Ok(EmptyBox::Resign));
        assert_eq!("refill:0".parse::<EmptyBox>(), Err(RulesError::EmptyRefill));
        assert!("quit".parse::<EmptyBox>().is_err());
        assert!("bogus"
            .parse::<Preset>()
            .unwrap_err()
            .to_string()
            .contains("unknown rules 'bogus'"));
        let mut r = Rules::source();
        r.win = 2;
        assert_eq!(r.preset(), None);
        assert!(r.to_string().starts_with("custom:"), "{r}");
    }
}
