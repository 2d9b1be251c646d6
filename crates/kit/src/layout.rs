//! [`Options`] and the [`Geometry`] they give: where the board sits on a front, how many
//! fronts a sheet holds — and the limits: a front too small to draw the board legibly,
//! or too large for the page, is refused with the limits stated.

use crate::size::{FrontSize, Paper};
use crate::KitError;

/// Page margin on every side, mm.
pub const MARGIN: f32 = 10.0;
/// The section heading above the fronts, mm.
pub const HEADER: f32 = 12.0;
/// The colour key and page line below the fronts, mm.
pub const FOOTER: f32 = 9.0;
/// Space between two fronts (and their tabs), mm: each is cut out on its own.
pub const GAP: f32 = 2.0;
/// White space between a front's edge and what is drawn on it, mm.
pub const INSET: f32 = 1.0;
/// The strip below an upright front's board for its number, mm.
pub const LABEL_BELOW: f32 = 4.0;
/// The strip beside a sideways front's board for its number, mm.
pub const LABEL_BESIDE: f32 = 10.0;
/// The smallest board drawn: 3 mm a square, bead counts still legible (1.3 mm digits).
pub const MIN_BOARD: f32 = 9.0;
/// The glue tab's depth by default, mm.
pub const DEFAULT_TAB: f32 = 5.0;
/// The deepest glue tab, mm.
pub const MAX_TAB: f32 = 15.0;

/// How a kit is laid out.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// The matchbox front each picture is cut to.
    pub front: FrontSize,
    /// The paper.
    pub paper: Paper,
    /// Depth of the glue tab above each front, mm (0: none).
    pub tab: f32,
    /// Tint each move's fronts a different light colour.
    pub tint: bool,
    /// The command that made the kit, printed at the foot of every page.
    pub command: String,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            front: FrontSize::SCROGGS,
            paper: Paper::A4,
            tab: DEFAULT_TAB,
            tint: false,
            command: String::new(),
        }
    }
}

/// Where things go, from [`Options`] (checked).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geometry {
    /// The paper, mm.
    pub page: (f32, f32),
    /// The front, mm.
    pub front: (f32, f32),
    /// The glue tab's depth, mm.
    pub tab: f32,
    /// The board's side on a front, mm.
    pub board: f32,
    /// Number below the board (`true`) or beside it.
    pub upright: bool,
    /// Fronts across and down a sheet.
    pub columns: usize,
    /// Rows of fronts on a sheet.
    pub rows: usize,
    /// The top left corner of the first front (below its tab), mm.
    pub origin: (f32, f32),
}

impl Geometry {
    /// Checks `opts` and lays out a sheet.
    ///
    /// # Errors
    /// [`KitError::TooSmall`], [`KitError::TooLarge`] or [`KitError::Tab`], stating the
    /// limits.
    pub fn new(opts: &Options) -> Result<Geometry, KitError> {
        let (w, h) = (opts.front.width, opts.front.height);
        if !(0.0..=MAX_TAB).contains(&opts.tab) || !opts.tab.is_finite() {
            return Err(KitError::Tab {
                tab: opts.tab,
                max: MAX_TAB,
            });
        }
        let page = opts.paper.size_mm();
        let usable = (
            page.0 - 2.0 * MARGIN,
            page.1 - 2.0 * MARGIN - HEADER - FOOTER,
        );
        if w > usable.0 || h + opts.tab > usable.1 {
            return Err(KitError::TooLarge {
                front: opts.front,
                paper: opts.paper,
                max: (usable.0, usable.1 - opts.tab),
                tab: opts.tab,
            });
        }
        let upright = (w - 2.0 * INSET).min(h - 2.0 * INSET - LABEL_BELOW);
        let sideways = (h - 2.0 * INSET).min(w - 2.0 * INSET - LABEL_BESIDE);
        let board = upright.max(sideways);
        if board < MIN_BOARD {
            return Err(KitError::TooSmall {
                front: opts.front,
                upright: (
                    MIN_BOARD + 2.0 * INSET,
                    MIN_BOARD + 2.0 * INSET + LABEL_BELOW,
                ),
                sideways: (
                    MIN_BOARD + 2.0 * INSET + LABEL_BESIDE,
                    MIN_BOARD + 2.0 * INSET,
                ),
            });
        }
        let columns = ((usable.0 + GAP) / (w + GAP)).floor().max(1.0) as usize;
        let rows = ((usable.1 + GAP) / (h + opts.tab + GAP)).floor().max(1.0) as usize;
        let grid_w = columns as f32 * w + (columns - 1) as f32 * GAP;
        Ok(Geometry {
            page,
            front: (w, h),
            tab: opts.tab,
            board,
            upright: upright >= sideways,
            columns,
            rows,
            origin: (
                MARGIN + (usable.0 - grid_w) / 2.0,
                MARGIN + HEADER + opts.tab,
            ),
        })
    }

    /// Fronts on one sheet.
    #[must_use]
    pub fn per_sheet(&self) -> usize {
        self.columns * self.rows
    }

    /// The top left corner of the `i`-th front of a sheet (row by row).
    #[must_use]
    pub fn slot(&self, i: usize) -> (f32, f32) {
        let (col, row) = (i % self.columns, i / self.columns);
        (
            self.origin.0 + col as f32 * (self.front.0 + GAP),
            self.origin.1 + row as f32 * (self.front.1 + self.tab + GAP),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(front: &str, paper: Paper, tab: f32) -> Result<Geometry, KitError> {
        Geometry::new(&Options {
            front: front.parse().unwrap(),
            paper,
            tab,
            ..Options::default()
        })
    }

    #[test]
    fn scroggs_fronts_on_a4_and_letter() {
        let g = with("15x35mm", Paper::A4, 5.0).unwrap();
        assert_eq!((g.columns, g.rows, g.board, g.upright), (11, 6, 13.0, true));
        let l = with("15x35mm", Paper::Letter, 5.0).unwrap();
        assert_eq!((l.columns, l.rows), (11, 5));
        // The last front ends inside the margins.
        let (x, y) = g.slot(g.per_sheet() - 1);
        assert!(
            x + 15.0 <= 200.0 && y + 35.0 <= 297.0 - MARGIN - FOOTER,
            "{x} {y}"
        );
        let side = with("50x15mm", Paper::A4, 0.0).unwrap();
        assert!(!side.upright);
        assert_eq!(side.board, 13.0);
    }

    #[test]
    fn limits_are_stated() {
        let e = with("10x14mm", Paper::A4, 5.0).unwrap_err().to_string();
        assert!(e.contains("too small"), "{e}");
        assert!(
            e.contains("11 × 15 mm upright") && e.contains("21 × 11 mm sideways"),
            "{e}"
        );
        assert!(with("11x15mm", Paper::A4, 5.0).is_ok());
        assert!(with("21x11mm", Paper::A4, 5.0).is_ok());
        let e = with("191x30mm", Paper::A4, 5.0).unwrap_err().to_string();
        assert!(
            e.contains("larger than the page") && e.contains("190 × 251 mm"),
            "{e}"
        );
        // from 1,000 up with thousands
        let e = with("1000x1000mm", Paper::A4, 5.0).unwrap_err().to_string();
        assert!(
            e.starts_with("a box front of 1,000 × 1,000 mm is larger"),
            "{e}"
        );
        assert!(with("190x251mm", Paper::A4, 5.0).is_ok());
        assert!(with("190x252mm", Paper::A4, 5.0).is_err());
        let e = with("15x35mm", Paper::A4, 16.0).unwrap_err().to_string();
        assert!(e.contains("glue tab"), "{e}");
    }
}
