//! Printable matchbox kits for MENACE and HER: every box's picture drawn to the size of a
//! real matchbox front, so a class can build the machine on a table — fresh, or from a
//! trained state with its bead counts.
//!
//! * [`Kit`] — what goes on the boxes: number (as `ludomat menace boxes` / `ludomat her
//!   boxes` print it), the move it serves, the picture, the beads colour by colour; from
//!   MENACE's `Matchboxes`, HER's boxes, or a museum visit's view.
//! * [`Options`], [`FrontSize`], [`Paper`] — the front in millimetres (`15x35mm`, Matthew
//!   Scroggs' MENACE boxes, by default), A4 or Letter, the glue tab, a tint per move;
//!   [`Geometry`] checks them and refuses a front too small for a legible board or larger
//!   than the page, with the limits stated.
//! * [`document`] — the pages ([`sheet::Page`], shapes in mm): an assembly page (beads to
//!   buy by colour, the colour key, how to print, cut, fill and play), the contents of
//!   every box, and a section of sheets per move with cut lines, glue tabs and numbered
//!   fronts. [`pdf::write`] makes a PDF of them (krilla: vector shapes, DejaVu Sans
//!   embedded), [`svg::page`] an SVG of one page.
//! * [`files`] — the files of a kit (one PDF, or one per move; SVGs) with their names, all
//!   made before anything is written.
//!
//! The bead colours are the museum's ([`colour::PALETTE`]).
//!
//! ```
//! use ludomat_game::Player;
//! use ludomat_kit::{document, Kit, Options, Part};
//! use ludomat_menace::{Menace, Preset};
//!
//! let menace = Menace::new(Preset::Michie.rules(), 1);
//! let kit = Kit::menace(menace.boxes(Player::First), &Preset::Michie.rules(), "fresh, Michie's rules");
//! // Michie's 4 / 3 / 2 / 1 beads per legal move: box #0 holds 4 of each of 9 colours.
//! assert_eq!(kit.boxes[0].total(), 36);
//! let doc = document(&kit, &Options::default(), Part::Move(3))?;
//! assert_eq!(doc.pages.len(), 1); // 12 boxes fit one A4 sheet
//! let pdf = ludomat_kit::pdf::write(&doc)?;
//! assert!(pdf.starts_with(b"%PDF-"));
//! # Ok::<(), ludomat_kit::KitError>(())
//! ```

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod colour;
pub mod font;
mod front;
mod kit;
pub mod layout;
pub mod output;
mod pages;
pub mod pdf;
pub mod sheet;
pub mod size;
pub mod svg;
mod view;

pub use kit::{Kit, KitBox, Machine, Piece, Slot};
pub use layout::{Geometry, Options};
pub use pages::{document, files, files_stem, KitFile, Part};
pub use sheet::Document;
pub use size::{FrontSize, Paper, ParsePaperError, ParseSizeError};

/// Why a kit cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum KitError {
    /// The front is too small to draw the board legibly.
    #[error(
        "a box front of {} × {} mm is too small to draw the board legibly: the board needs at \
         least {} mm a side ({} mm a square) and room for the box number — at least {} × {} mm \
         upright (number below the board) or {} × {} mm sideways (number beside it)",
        mm(front.width), mm(front.height), mm(layout::MIN_BOARD), mm(layout::MIN_BOARD / 3.0),
        mm(upright.0), mm(upright.1), mm(sideways.0), mm(sideways.1)
    )]
    TooSmall {
        /// The front asked for.
        front: FrontSize,
        /// The smallest upright front (width, height).
        upright: (f32, f32),
        /// The smallest sideways front.
        sideways: (f32, f32),
    },
    /// The front (with its glue tab) does not fit the page.
    #[error(
        "a box front of {} × {} mm is larger than the page: on {paper} paper, inside {} mm \
         margins and below the sheet's heading, a front can be at most {} × {} mm{}",
        mm(front.width), mm(front.height), mm(layout::MARGIN), mm(max.0), mm(max.1),
        if *tab > 0.0 { format!(" (with a {} mm glue tab; --tab 0 for none)", mm(*tab)) } else { String::new() }
    )]
    TooLarge {
        /// The front asked for.
        front: FrontSize,
        /// The paper.
        paper: Paper,
        /// The largest front (width, height).
        max: (f32, f32),
        /// The glue tab's depth.
        tab: f32,
    },
    /// The glue tab's depth is out of range.
    #[error("a glue tab of {} mm: it must be from 0 (none) to {max} mm deep", ludomat_io::text::short(*tab))]
    Tab {
        /// Asked for.
        tab: f32,
        /// The deepest.
        max: f32,
    },
    /// A museum view that is not a machine's matchboxes.
    #[error("cannot make a kit of this visit: {0}")]
    View(String),
    /// The kit has no boxes for this move.
    #[error("{machine} has no boxes for move {game_move} (its boxes serve moves {moves})")]
    NoSuchMove {
        /// The machine.
        machine: String,
        /// The move asked for.
        game_move: u32,
        /// The moves it has.
        moves: String,
    },
    /// The PDF writer failed.
    #[error("the PDF writer failed: {0}")]
    Pdf(String),
}

/// A length in mm as people write it: to 0.1 mm, no trailing zeros.
pub(crate) fn mm(x: f32) -> String {
    let r = (x * 10.0).round() / 10.0;
    // `1,000 × 1,000 mm`, as every number from 1,000 up
    ludomat_io::text::thousands_decimal(&format!("{r}"))
}
