//! One matchbox front: the glue tab, the cut and fold lines, the picture with its beads
//! (MENACE: a disc of the bead's colour on each empty square with the number of beads;
//! HER: an arrow of the bead's colour for each move, the number on it), and the box
//! number.

use crate::colour::{self, Rgb};
use crate::font::{self, Weight};
use crate::kit::{KitBox, Machine, Piece, Slot};
use crate::layout::{Geometry, INSET, LABEL_BELOW};
use crate::sheet::{Anchor, Page, Pen, Role, Shape};

/// Cut lines, mm.
const CUT: f32 = 0.2;

/// Draw box `b`'s front with its top left corner at `(x, y)` (the tab goes above).
pub(crate) fn draw(
    page: &mut Page,
    machine: Machine,
    b: &KitBox,
    (x, y): (f32, f32),
    g: &Geometry,
    tint: Option<Rgb>,
) {
    let (w, h) = g.front;
    // The front itself: exactly w × h (tests measure it in the PDF).
    page.shapes.push(Shape::Path {
        points: vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
        closed: true,
        fill: Some(tint.unwrap_or(Rgb::WHITE)),
        stroke: None,
        role: Role::Front(b.number),
    });
    let cut = Pen::solid(colour::INK, CUT);
    if g.tab > 0.0 {
        let t = g.tab;
        let chamfer = t.min(w / 4.0);
        page.shapes.push(Shape::Path {
            points: vec![
                (x, y),
                (x + chamfer, y - t),
                (x + w - chamfer, y - t),
                (x + w, y),
            ],
            closed: false,
            fill: Some(colour::GLUE),
            stroke: Some(cut),
            role: Role::Plain,
        });
        if t >= 3.0 && w - 2.0 * chamfer >= 6.0 {
            let size = (t * 0.45).min(2.2);
            page.text(
                (x + w / 2.0, y - t / 2.0 + size * font::CAP_HEIGHT / 2.0),
                size,
                "glue",
                colour::GREY,
                Anchor::Middle,
                Weight::Regular,
            );
        }
        // Fold here; cut the other three sides.
        page.line((x, y), (x + w, y), Pen::dashed(colour::GREY, CUT, 1.0, 0.8));
        let sides = vec![(x, y), (x, y + h), (x + w, y + h), (x + w, y)];
        page.shapes.push(Shape::Path {
            points: sides,
            closed: false,
            fill: None,
            stroke: Some(cut),
            role: Role::Plain,
        });
    } else {
        page.rect(x, y, w, h, None, Some(cut));
    }

    let s = g.board;
    let (bx, by, label) = if g.upright {
        let room = h - 2.0 * INSET - LABEL_BELOW;
        let top = y + INSET + (room - s) / 2.0;
        (x + (w - s) / 2.0, top, Label::Below)
    } else {
        (x + INSET, y + (h - s) / 2.0, Label::Beside)
    };
    board(page, machine, b, bx, by, s);

    // The number, as the machine's `boxes` command prints it; the move if there is room.
    let number = format!("#{}", b.number);
    let mv = format!("move {}", b.game_move);
    match label {
        Label::Below => {
            let size = (s * 0.2).min(LABEL_BELOW * 0.7);
            let base = y + h - INSET - (LABEL_BELOW - size * font::CAP_HEIGHT) / 2.0;
            let small = size * 0.75;
            let room = w - 2.0 * INSET - 0.6;
            let nw = font::width(&number, size, Weight::Bold);
            if nw + 1.0 + font::width(&mv, small, Weight::Regular) <= room {
                page.text(
                    (x + INSET + 0.3, base),
                    size,
                    number,
                    colour::INK,
                    Anchor::Start,
                    Weight::Bold,
                );
                page.text(
                    (x + w - INSET - 0.3, base),
                    small,
                    mv,
                    colour::GREY,
                    Anchor::End,
                    Weight::Regular,
                );
            } else {
                let fit = size.min(size * room / nw);
                page.text(
                    (x + w / 2.0, base),
                    fit,
                    number,
                    colour::INK,
                    Anchor::Middle,
                    Weight::Bold,
                );
            }
        }
        Label::Beside => {
            let left = bx + s + 1.0;
            let room = x + w - INSET - left;
            let size = (s * 0.22).min(room / font::width("#000", 1.0, Weight::Bold));
            let cx = left + room / 2.0;
            page.text(
                (cx, y + h / 2.0 - 0.4),
                size,
                number,
                colour::INK,
                Anchor::Middle,
                Weight::Bold,
            );
            let small = (size * 0.75).min(room / font::width(&mv, 1.0, Weight::Regular));
            page.text(
                (cx, y + h / 2.0 + small * 1.2),
                small,
                mv,
                colour::GREY,
                Anchor::Middle,
                Weight::Regular,
            );
        }
    }
}

enum Label {
    Below,
    Beside,
}

/// The picture with its beads, `s` mm a side, top left at `(bx, by)`.
pub(crate) fn board(page: &mut Page, machine: Machine, b: &KitBox, bx: f32, by: f32, s: f32) {
    let c = s / 3.0;
    let grid = Pen::solid(colour::INK, (s * 0.018).max(0.15));
    for i in 1..3 {
        let d = i as f32 * c;
        page.line((bx + d, by), (bx + d, by + s), grid);
        page.line((bx, by + d), (bx + s, by + d), grid);
    }
    if machine == Machine::Her {
        page.rect(bx, by, s, s, None, Some(grid));
    }
    let centre = |sq: usize| {
        (
            bx + (sq % 3) as f32 * c + c / 2.0,
            by + (sq / 3) as f32 * c + c / 2.0,
        )
    };
    let stroke = (c * 0.09).max(0.2);
    for (sq, piece) in b.picture.iter().enumerate() {
        let Some(piece) = piece else { continue };
        let (cx, cy) = centre(sq);
        match piece {
            Piece::Cross => {
                let r = c * 0.28;
                let pen = Pen::solid(colour::X_INK, stroke);
                page.line((cx - r, cy - r), (cx + r, cy + r), pen);
                page.line((cx - r, cy + r), (cx + r, cy - r), pen);
            }
            Piece::Nought => {
                page.circle(
                    (cx, cy),
                    c * 0.29,
                    None,
                    Some(Pen::solid(colour::O_INK, stroke)),
                );
            }
            Piece::White => pawn(page, (cx, cy), c, false),
            Piece::Black => pawn(page, (cx, cy), c, true),
        }
    }
    for slot in &b.slots {
        match slot.from {
            None => bead_disc(page, centre(slot.square), c * 0.36, slot),
            Some(from) => arrow(page, centre(from), centre(slot.square), c, slot),
        }
    }
}

/// A pawn: a small piece with a round head on a broad foot; Black's filled.
fn pawn(page: &mut Page, (cx, cy): (f32, f32), c: f32, black: bool) {
    let (fill, ink) = if black {
        (colour::INK, colour::INK)
    } else {
        (Rgb::WHITE, colour::INK)
    };
    let pen = Some(Pen::solid(ink, (c * 0.05).max(0.12)));
    let foot = c * 0.26;
    page.shapes.push(Shape::Path {
        points: vec![
            (cx - foot, cy + c * 0.3),
            (cx + foot, cy + c * 0.3),
            (cx + c * 0.1, cy - c * 0.02),
            (cx - c * 0.1, cy - c * 0.02),
        ],
        closed: true,
        fill: Some(fill),
        stroke: pen,
        role: Role::Plain,
    });
    page.circle((cx, cy - c * 0.12), c * 0.14, Some(fill), pen);
}

/// A MENACE bead: a disc of its colour with the count; with no bead of the colour, a
/// dashed ring with a 0 (never a solid ring, which could be taken for a nought).
fn bead_disc(page: &mut Page, at: (f32, f32), r: f32, slot: &Slot) {
    if slot.count == 0 {
        zero(page, at, r * 0.8, slot);
        return;
    }
    page.circle(
        at,
        r,
        Some(slot.colour.fill),
        Some(Pen::solid(colour::INK, (r * 0.06).max(0.08))),
    );
    count_text(page, at, r, slot);
}

/// No bead of this colour: a dashed ring in the colour with a grey 0.
fn zero(page: &mut Page, at: (f32, f32), r: f32, slot: &Slot) {
    let ink = if slot.colour.fill == Rgb::WHITE {
        colour::GREY
    } else {
        slot.colour.fill
    };
    let w = (r * 0.14).max(0.1);
    let dash = std::f32::consts::PI * r / 6.0;
    page.circle(
        at,
        r,
        Some(Rgb::WHITE),
        Some(Pen::dashed(ink, w, dash * 0.6, dash * 0.4)),
    );
    let size = r * 1.1;
    page.text(
        (at.0, at.1 + size * font::CAP_HEIGHT / 2.0),
        size,
        "0",
        colour::GREY,
        Anchor::Middle,
        Weight::Regular,
    );
}

/// The number of beads, as large as fits a disc of radius `r`.
fn count_text(page: &mut Page, (cx, cy): (f32, f32), r: f32, slot: &Slot) {
    let text = slot.count.to_string();
    let size = (r * 1.25).min(r * 1.6 / font::width(&text, 1.0, Weight::Bold));
    page.text(
        (cx, cy + size * font::CAP_HEIGHT / 2.0),
        size,
        text,
        slot.colour.ink,
        Anchor::Middle,
        Weight::Bold,
    );
}

/// A HER move: an arrow from the pawn into the square it goes to, in the bead's colour,
/// with the number of beads in a disc on its shaft (a dashed ring with 0 when there is
/// none). Two arrows never share a disc's place: they leave different squares.
fn arrow(page: &mut Page, from: (f32, f32), to: (f32, f32), c: f32, slot: &Slot) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
    let (ux, uy) = (dx / len, dy / len);
    let start = (from.0 + ux * c * 0.22, from.1 + uy * c * 0.22);
    let tip = (to.0 + ux * c * 0.3, to.1 + uy * c * 0.3);
    let head = c * 0.22;
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let pen = Pen::solid(slot.colour.fill, (c * 0.07).max(0.18));
    page.line(start, base, pen);
    let half = c * 0.1;
    page.shapes.push(Shape::Path {
        points: vec![
            tip,
            (base.0 - uy * half, base.1 + ux * half),
            (base.0 + uy * half, base.1 - ux * half),
        ],
        closed: true,
        fill: Some(slot.colour.fill),
        stroke: None,
        role: Role::Plain,
    });
    let t = 0.42;
    let at = (
        start.0 + (base.0 - start.0) * t,
        start.1 + (base.1 - start.1) * t,
    );
    let r = c * 0.15;
    if slot.count == 0 {
        zero(page, at, r, slot);
    } else {
        page.circle(
            at,
            r,
            Some(slot.colour.fill),
            Some(Pen::solid(Rgb::WHITE, (r * 0.12).max(0.08))),
        );
        count_text(page, at, r, slot);
    }
}
