//! [`Rgb`] and the bead colours: MENACE's nine, exactly as the museum's MENACE exhibit
//! paints them (`crates/museum/web/src/exhibits/menace.ts`, `BEAD_CSS`), so a kit built
//! on a table matches the boxes on the screen.

/// A colour, 8 bits a channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Black.
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    /// White.
    pub const WHITE: Rgb = Rgb(255, 255, 255);

    /// `#rrggbb`.
    #[must_use]
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// A bead colour: its name, how it is printed, and the colour of a number printed on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BeadColour {
    /// The colour's name (`red`, …), as `ludomat_menace::Bead::colour` names it.
    pub name: &'static str,
    /// The fill.
    pub fill: Rgb,
    /// Text on it (black or white, for contrast).
    pub ink: Rgb,
}

/// The museum's bead colours by name (`BEAD_CSS` in the MENACE exhibit).
pub const PALETTE: [BeadColour; 9] = [
    BeadColour {
        name: "red",
        fill: Rgb(0xd3, 0x3a, 0x2c),
        ink: Rgb::WHITE,
    },
    BeadColour {
        name: "orange",
        fill: Rgb(0xf0, 0x8c, 0x2e),
        ink: Rgb::BLACK,
    },
    BeadColour {
        name: "yellow",
        fill: Rgb(0xf5, 0xd4, 0x32),
        ink: Rgb::BLACK,
    },
    BeadColour {
        name: "green",
        fill: Rgb(0x3b, 0x9b, 0x48),
        ink: Rgb::WHITE,
    },
    BeadColour {
        name: "blue",
        fill: Rgb(0x2f, 0x6f, 0xd0),
        ink: Rgb::WHITE,
    },
    BeadColour {
        name: "indigo",
        fill: Rgb(0x4b, 0x3c, 0x9e),
        ink: Rgb::WHITE,
    },
    BeadColour {
        name: "violet",
        fill: Rgb(0xa4, 0x5c, 0xc7),
        ink: Rgb::WHITE,
    },
    BeadColour {
        name: "white",
        fill: Rgb(0xff, 0xff, 0xff),
        ink: Rgb::BLACK,
    },
    BeadColour {
        name: "black",
        fill: Rgb(0x22, 0x22, 0x22),
        ink: Rgb::WHITE,
    },
];

/// The colour named `name`, if the museum paints it.
#[must_use]
pub fn by_name(name: &str) -> Option<BeadColour> {
    PALETTE.iter().copied().find(|c| c.name == name)
}

/// HER's arrow colours, in the order of a box's moves: Gardner drew each legal move on
/// the box as an arrow of its own colour and put in one bead of that colour. The colours
/// are the museum's, chosen to be told apart at a glance (a box has at most 4 moves).
pub const HER_ARROWS: [&str; 5] = ["red", "blue", "green", "orange", "violet"];

/// The ink of crosses, White pawns' outlines etc.: the museum's X red and O blue.
pub const X_INK: Rgb = Rgb(0xb3, 0x26, 0x1e);
/// Noughts.
pub const O_INK: Rgb = Rgb(0x1f, 0x5f, 0xa8);
/// Cut lines, text.
pub const INK: Rgb = Rgb(0x1d, 0x1b, 0x18);
/// Secondary text, fold lines.
pub const GREY: Rgb = Rgb(0x6b, 0x63, 0x58);
/// The glue tab's shading.
pub const GLUE: Rgb = Rgb(0xdd, 0xd8, 0xcf);

/// Light tints to tell the moves' boxes apart after cutting (`--tint`): by MENACE's or
/// HER's 1st, 2nd, 3rd and 4th move.
pub const MOVE_TINTS: [Rgb; 4] = [
    Rgb(0xfd, 0xf1, 0xc4),
    Rgb(0xd8, 0xea, 0xfb),
    Rgb(0xdc, 0xf2, 0xd8),
    Rgb(0xf8, 0xdc, 0xe4),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_names_menaces_bead_colours_in_order() {
        for (b, c) in ludomat_menace::Bead::ALL.iter().zip(PALETTE) {
            assert_eq!(b.colour(), c.name);
        }
        assert_eq!(
            by_name("indigo").map(|c| c.fill.hex()),
            Some("#4b3c9e".into())
        );
        assert!(HER_ARROWS.iter().all(|n| by_name(n).is_some()));
    }
}
