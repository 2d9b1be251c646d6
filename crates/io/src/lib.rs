//! The foundation every ludomat crate stands on.
//!
//! * [`text`] — how numbers, counts, times and columns are written for people: padding
//!   that cannot panic whatever the width, plurals, thousands separators, wall and CPU
//!   times, wrapping to a width.
//! * [`layout`] — help pages and packed lists laid out in a width.

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod layout;
pub mod text;
