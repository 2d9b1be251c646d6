//! The pages of a kit ([`document`]) and its files ([`files`]): the assembly page, the
//! contents of every box, and one section of sheets per move.

use crate::colour::{self, Rgb};
use crate::font::{self, Weight};
use crate::kit::{Kit, KitBox, Machine};
use crate::layout::{Geometry, Options, FOOTER, MARGIN};
use crate::sheet::{Anchor, Document, Page, Pen};
use crate::{front, mm, KitError};

/// Which pages to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Everything: assembly, contents, every move's sheets.
    Whole,
    /// The assembly page and the contents of every box.
    Assembly,
    /// The sheets of one move of the game (1, 3, 5, 7 for MENACE as X; 2, 4, 6 for HER).
    Move(u32),
}

/// One file of a kit, made in memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KitFile {
    /// The file name (no folder).
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Pages in it (1 for an SVG).
    pub pages: usize,
    /// Fronts drawn in it.
    pub fronts: usize,
}

/// The pages of `part` of `kit`.
///
/// # Errors
/// The front size or tab out of limits ([`Geometry::new`]), or a move the kit has no
/// boxes for.
pub fn document(kit: &Kit, opts: &Options, part: Part) -> Result<Document, KitError> {
    let g = Geometry::new(opts)?;
    let moves = kit.moves();
    if let Part::Move(m) = part {
        if !moves.contains(&m) {
            return Err(KitError::NoSuchMove {
                machine: kit.machine.title(),
                game_move: m,
                moves: join(moves.iter().map(u32::to_string), ", "),
            });
        }
    }
    let contents = contents_pages(kit, &g);
    let sheets: Vec<(u32, usize)> = moves
        .iter()
        .map(|&m| (m, kit.boxes_of_move(m).count().div_ceil(g.per_sheet())))
        .collect();
    let mut pages = Vec::new();
    match part {
        Part::Whole | Part::Assembly => {
            let mut next = 2 + contents.len();
            let wheres: Vec<(u32, String)> = sheets
                .iter()
                .map(|&(m, n)| {
                    let w = if part == Part::Whole {
                        let s = if n == 1 {
                            format!("page {next}")
                        } else {
                            format!("pages {next}–{}", next + n - 1)
                        };
                        next += n;
                        s
                    } else {
                        format!("{}-move-{m}.pdf", stem(kit.machine))
                    };
                    (m, w)
                })
                .collect();
            pages.push(assembly_page(kit, opts, &g, &wheres));
            pages.extend(contents);
            if part == Part::Whole {
                for &m in &moves {
                    pages.extend(section(kit, opts, &g, m));
                }
            }
        }
        Part::Move(m) => pages.extend(section(kit, opts, &g, m)),
    }
    let total = pages.len();
    for (i, p) in pages.iter_mut().enumerate() {
        page_line(p, opts, i + 1, total);
    }
    let title = match part {
        Part::Whole => format!("{}: a matchbox kit", kit.machine.title()),
        Part::Assembly => format!("{}: a matchbox kit — assembly", kit.machine.title()),
        Part::Move(m) => format!("{}: a matchbox kit — move {m}", kit.machine.title()),
    };
    Ok(Document { title, pages })
}

/// A kit's files: one PDF (`menace-x-kit.pdf`, `her-kit.pdf`), or with `per_move` an
/// assembly PDF and one PDF per move (`menace-x-move-3.pdf`), and with `svg` every page as
/// SVG too (`menace-x-kit-p01.svg`). All are made in memory first: an error leaves
/// nothing half-written.
///
/// # Errors
/// As [`document`] and [`crate::pdf::write`].
pub fn files(
    kit: &Kit,
    opts: &Options,
    per_move: bool,
    svg: bool,
) -> Result<Vec<KitFile>, KitError> {
    let base = stem(kit.machine);
    let parts: Vec<(String, Part)> = if per_move {
        std::iter::once((format!("{base}-assembly"), Part::Assembly))
            .chain(
                kit.moves()
                    .into_iter()
                    .map(|m| (format!("{base}-move-{m}"), Part::Move(m))),
            )
            .collect()
    } else {
        vec![(format!("{base}-kit"), Part::Whole)]
    };
    let mut out = Vec::new();
    for (name, part) in parts {
        let doc = document(kit, opts, part)?;
        out.push(KitFile {
            name: format!("{name}.pdf"),
            bytes: crate::pdf::write(&doc)?,
            pages: doc.pages.len(),
            fronts: doc.pages.iter().map(|p| p.fronts().len()).sum(),
        });
        if svg {
            for (i, p) in doc.pages.iter().enumerate() {
                out.push(KitFile {
                    name: format!("{name}-p{:02}.svg", i + 1),
                    bytes: crate::svg::page(p).into_bytes(),
                    pages: 1,
                    fronts: p.fronts().len(),
                });
            }
        }
    }
    Ok(out)
}

/// The start of a kit's file names: `menace-x`, `menace-o`, `her`.
#[must_use]
pub fn files_stem(kit: &Kit) -> &'static str {
    stem(kit.machine)
}

/// `menace-x`, `menace-o`, `her`.
fn stem(machine: Machine) -> &'static str {
    match machine {
        Machine::Menace(ludomat_game::Player::First) => "menace-x",
        Machine::Menace(ludomat_game::Player::Second) => "menace-o",
        Machine::Her => "her",
    }
}

fn join(parts: impl Iterator<Item = String>, sep: &str) -> String {
    parts.collect::<Vec<_>>().join(sep)
}

/// The sheets of move `m`: fronts row by row, a heading and the colour key on each.
fn section(kit: &Kit, opts: &Options, g: &Geometry, m: u32) -> Vec<Page> {
    let boxes: Vec<&KitBox> = kit.boxes_of_move(m).collect();
    let sheets = boxes.chunks(g.per_sheet()).count();
    let k = kit.moves().iter().position(|&x| x == m).unwrap_or(0);
    let tint = opts
        .tint
        .then(|| colour::MOVE_TINTS[k % colour::MOVE_TINTS.len()]);
    let (first, last) = (
        boxes.first().map_or(0, |b| b.number),
        boxes.last().map_or(0, |b| b.number),
    );
    let mut pages = Vec::new();
    for (i, chunk) in boxes.chunks(g.per_sheet()).enumerate() {
        let mut p = Page::new(g.page.0, g.page.1);
        let right = g.page.0 - MARGIN;
        p.text(
            (MARGIN, MARGIN + 4.5),
            4.2,
            format!(
                "{} · move {m} of the game · {} box{} (#{first}–#{last})",
                kit.machine.title(),
                boxes.len(),
                if boxes.len() == 1 { "" } else { "es" }
            ),
            colour::INK,
            Anchor::Start,
            Weight::Bold,
        );
        p.text(
            (right, MARGIN + 4.5),
            3.0,
            format!("sheet {} of {sheets}", i + 1),
            colour::GREY,
            Anchor::End,
            Weight::Regular,
        );
        let how = if g.tab > 0.0 {
            "Cut on the solid lines, fold the glue tab back on the dashed line, glue the front on its box. "
        } else {
            "Cut on the solid lines and glue each front on its box. "
        };
        let fill = match kit.machine {
            Machine::Menace(_) => "A disc with n: put n beads of its colour in the box.",
            Machine::Her => {
                "An arrow is a move: put in as many beads of its colour as its disc shows."
            }
        };
        p.text(
            (MARGIN, MARGIN + 9.5),
            2.4,
            fit(
                &format!("{how}{fill}"),
                2.4,
                Weight::Regular,
                right - MARGIN,
            ),
            colour::GREY,
            Anchor::Start,
            Weight::Regular,
        );
        for (j, b) in chunk.iter().enumerate() {
            front::draw(&mut p, kit.machine, b, g.slot(j), g, tint);
        }
        key_strip(&mut p, kit, g);
        pages.push(p);
    }
    pages
}

/// Shorten `text` with an ellipsis to fit `width` mm.
fn fit(text: &str, size: f32, weight: Weight, width: f32) -> String {
    if font::width(text, size, weight) <= width {
        return text.to_string();
    }
    let mut t: String = text.to_string();
    while !t.is_empty() && font::width(&format!("{t}…"), size, weight) > width {
        t.pop();
    }
    format!("{}…", t.trim_end())
}

/// The colour key above the page line (MENACE: square → colour).
fn key_strip(p: &mut Page, kit: &Kit, g: &Geometry) {
    let y = g.page.1 - MARGIN - FOOTER + 4.0;
    match kit.machine {
        Machine::Menace(_) => {
            let label = "Bead colours (square of the picture):";
            p.text(
                (MARGIN, y + 0.9),
                2.4,
                label,
                colour::INK,
                Anchor::Start,
                Weight::Regular,
            );
            let start = MARGIN + font::width(label, 2.4, Weight::Regular) + 2.5;
            let entries: Vec<String> = colour::PALETTE
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{} {}", ludomat_menace::Bead::ALL[i], c.name))
                .collect();
            let used: f32 = entries
                .iter()
                .map(|e| 3.0 + font::width(e, 2.4, Weight::Regular))
                .sum();
            let gap = ((g.page.0 - MARGIN - start - used) / 8.0).max(0.8);
            let mut x = start;
            for (c, e) in colour::PALETTE.iter().zip(entries) {
                p.circle(
                    (x + 1.2, y),
                    1.2,
                    Some(c.fill),
                    Some(Pen::solid(colour::INK, 0.1)),
                );
                let w = font::width(&e, 2.4, Weight::Regular);
                p.text(
                    (x + 3.0, y + 0.9),
                    2.4,
                    e,
                    colour::INK,
                    Anchor::Start,
                    Weight::Regular,
                );
                x += 3.0 + w + gap;
            }
        }
        Machine::Her => {
            p.text(
                (MARGIN, y + 0.9),
                2.4,
                "Arrow colours belong to each box: the bead of an arrow's colour makes that move (mirrored back if the board is the picture's mirror image).",
                colour::INK,
                Anchor::Start,
                Weight::Regular,
            );
        }
    }
}

/// The page line at the foot: the command and the page number.
fn page_line(p: &mut Page, opts: &Options, n: usize, total: usize) {
    let y = p.height - MARGIN;
    let left = if opts.command.is_empty() {
        "ludomat".to_string()
    } else {
        opts.command.clone()
    };
    let right = format!(
        "{} · fronts {} × {} mm · page {n} of {total}",
        opts.paper,
        mm(opts.front.width),
        mm(opts.front.height)
    );
    let rw = font::width(&right, 2.2, Weight::Regular);
    p.text(
        (MARGIN, y),
        2.2,
        fit(
            &left,
            2.2,
            Weight::Regular,
            p.width - 2.0 * MARGIN - rw - 4.0,
        ),
        colour::GREY,
        Anchor::Start,
        Weight::Regular,
    );
    p.text(
        (p.width - MARGIN, y),
        2.2,
        right,
        colour::GREY,
        Anchor::End,
        Weight::Regular,
    );
}

/// Words of `text` in lines no wider than `width` mm.
fn wrap(text: &str, size: f32, weight: Weight, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && font::width(&candidate, size, weight) > width {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A column of flowing text on a page.
struct Flow<'a> {
    page: &'a mut Page,
    x: f32,
    y: f32,
    width: f32,
}

impl Flow<'_> {
    fn para(&mut self, text: &str, size: f32, colour: Rgb) {
        for line in wrap(text, size, Weight::Regular, self.width) {
            self.y += size * 1.3;
            self.page.text(
                (self.x, self.y),
                size,
                line,
                colour,
                Anchor::Start,
                Weight::Regular,
            );
        }
        self.y += size * 0.5;
    }

    fn heading(&mut self, text: &str) {
        self.y += 4.0 * 1.5;
        self.page.text(
            (self.x, self.y),
            3.8,
            text,
            colour::INK,
            Anchor::Start,
            Weight::Bold,
        );
        self.y += 0.8;
    }
}

/// Page 1: what the kit is, what to buy, the colour key, how to print, cut, fill, play.
fn assembly_page(kit: &Kit, opts: &Options, g: &Geometry, wheres: &[(u32, String)]) -> Page {
    let mut p = Page::new(g.page.0, g.page.1);
    let width = g.page.0 - 2.0 * MARGIN;
    let n = kit.boxes.len();
    let moves = kit.moves();
    let per_move = join(
        moves.iter().map(|&m| {
            let c = kit.boxes_of_move(m).count();
            format!("{c} for move {m}")
        }),
        ", ",
    );
    let about = match kit.machine {
        Machine::Menace(side) => format!(
            "Donald Michie's Machine Educable Noughts And Crosses Engine (1961): a matchbox for \
             every position MENACE can face, taken once up to the 8 turns and mirror images of \
             the board, leaving out won positions and forced last moves. Here MENACE plays {} \
             ({}): {n} boxes, {per_move}. The boxes are numbered as \u{201c}ludomat menace boxes{}\u{201d} \
             numbers them.",
            ludomat_tictactoe::Mark::of(side),
            if side == ludomat_game::Player::First { "it moves first" } else { "it moves second" },
            if side == ludomat_game::Player::First { "" } else { " --side o" },
        ),
        Machine::Her => format!(
            "Martin Gardner's Hexapawn Educable Robot (Scientific American, March 1962): a \
             matchbox for every position HER (Black, moving second) can face, a position and its \
             mirror image sharing a box: {n} boxes, {per_move}. The boxes are numbered as \
             \u{201c}ludomat her boxes\u{201d} numbers them."
        ),
    };
    let mut f = Flow {
        page: &mut p,
        x: MARGIN,
        y: MARGIN,
        width,
    };
    f.y += 6.0;
    f.page.text(
        (MARGIN, f.y),
        6.0,
        format!("{}: a matchbox kit", kit.machine.title()),
        colour::INK,
        Anchor::Start,
        Weight::Bold,
    );
    f.y += 1.5;
    f.para(&about, 2.9, colour::INK);
    f.para(&format!("Beads: {}.", kit.origin), 2.9, colour::INK);

    // What to buy, and beside it the colour key.
    f.heading("What you need");
    let totals = kit.bead_totals();
    let total = kit.bead_total();
    f.width = width * 0.55;
    f.para(
        &format!(
            "{n} matchboxes with fronts of {} × {} mm, scissors, glue, and {} beads in {} colours:",
            mm(opts.front.width),
            mm(opts.front.height),
            ludomat_io::text::thousands(total),
            totals.len()
        ),
        2.9,
        colour::INK,
    );
    let table_top = f.y;
    let col_count = MARGIN + width * 0.5;
    for (c, count) in &totals {
        f.y += 5.0;
        f.page.circle(
            (MARGIN + 2.5, f.y - 1.1),
            1.9,
            Some(c.fill),
            Some(Pen::solid(colour::INK, 0.15)),
        );
        let what = match kit.machine {
            Machine::Menace(_) => {
                let i = colour::PALETTE.iter().position(|p| p == c).unwrap_or(0);
                format!(
                    "{} — square {} ({})",
                    c.name,
                    ludomat_menace::Bead::ALL[i],
                    SQUARE_WORDS[i]
                )
            }
            Machine::Her => c.name.to_string(),
        };
        f.page.text(
            (MARGIN + 6.0, f.y),
            3.0,
            what,
            colour::INK,
            Anchor::Start,
            Weight::Regular,
        );
        f.page.text(
            (col_count, f.y),
            3.0,
            ludomat_io::text::thousands(*count),
            colour::INK,
            Anchor::End,
            Weight::Bold,
        );
    }
    f.y += 1.5;
    f.page.line(
        (MARGIN + 6.0, f.y),
        (col_count, f.y),
        Pen::solid(colour::GREY, 0.2),
    );
    f.y += 4.5;
    f.page.text(
        (MARGIN + 6.0, f.y),
        3.0,
        "all beads",
        colour::INK,
        Anchor::Start,
        Weight::Bold,
    );
    f.page.text(
        (col_count, f.y),
        3.0,
        ludomat_io::text::thousands(total),
        colour::INK,
        Anchor::End,
        Weight::Bold,
    );
    f.y += 1.0;
    if kit.machine == Machine::Her {
        f.para(
            "HER's arrow colours are chosen box by box, so one colour makes different moves in different boxes.",
            2.6,
            colour::GREY,
        );
    }
    let after_table = f.y;
    key_panel(f.page, kit, MARGIN + width * 0.62, table_top, width * 0.38);
    f.y = after_table.max(table_top + width * 0.38 + 8.0);
    f.width = width;

    f.heading("Print and cut");
    f.para(
        &format!(
            "Print at actual size (100 %, no \u{201c}fit to page\u{201d}) on {} paper. This bar must measure 50 mm:",
            opts.paper
        ),
        2.9,
        colour::INK,
    );
    f.y += 5.5;
    ruler(f.page, MARGIN, f.y);
    f.y += 4.5;
    let sheets = join(wheres.iter().map(|(m, w)| format!("move {m}: {w}")), "; ");
    f.para(
        &format!(
            "Cut each front out along its solid lines{}, and glue it on its matchbox. \
             The sheets come in one section per move ({sheets}){}.",
            if g.tab > 0.0 {
                ", fold its grey glue tab back on the dashed line"
            } else {
                ""
            },
            if opts.tint {
                ", each move's fronts in their own tint"
            } else {
                ""
            }
        ),
        2.9,
        colour::INK,
    );

    f.heading("Fill the boxes");
    let fill = match kit.machine {
        Machine::Menace(_) => "Every front shows its box's beads on the picture: a disc with a number n on a square means n beads of the disc's colour; a dashed ring with 0 means no bead of that colour. The next pages list every box's beads again.",
        Machine::Her => "Every front shows its box's moves as arrows: the disc on an arrow holds the number of beads of the arrow's colour; a dashed ring with 0 means none (its bead was confiscated). The next page lists every box's beads again.",
    };
    f.para(fill, 2.9, colour::INK);

    f.heading("Play");
    f.para(&kit.learning, 2.9, colour::INK);
    p
}

const SQUARE_WORDS: [&str; 9] = [
    "top left",
    "top middle",
    "top right",
    "middle left",
    "centre",
    "middle right",
    "bottom left",
    "bottom middle",
    "bottom right",
];

/// The colour key (MENACE: a board with each square's colour) or an example box (HER).
fn key_panel(p: &mut Page, kit: &Kit, x: f32, y: f32, size: f32) {
    let s = size * 0.8;
    let bx = x + (size - s) / 2.0;
    match kit.machine {
        Machine::Menace(_) => {
            p.text(
                (x, y + 3.0),
                3.2,
                "The bead colour key",
                colour::INK,
                Anchor::Start,
                Weight::Bold,
            );
            let by = y + 6.0;
            let c = s / 3.0;
            let grid = Pen::solid(colour::INK, 0.35);
            for i in 1..3 {
                let d = i as f32 * c;
                p.line((bx + d, by), (bx + d, by + s), grid);
                p.line((bx, by + d), (bx + s, by + d), grid);
            }
            for (i, col) in colour::PALETTE.iter().enumerate() {
                let (cx, cy) = (
                    bx + (i % 3) as f32 * c + c / 2.0,
                    by + (i / 3) as f32 * c + c * 0.42,
                );
                p.circle(
                    (cx, cy),
                    c * 0.3,
                    Some(col.fill),
                    Some(Pen::solid(colour::INK, 0.15)),
                );
                let name = ludomat_menace::Bead::ALL[i].to_string();
                p.text(
                    (cx, cy + 1.0),
                    2.8,
                    name,
                    col.ink,
                    Anchor::Middle,
                    Weight::Bold,
                );
                p.text(
                    (cx, cy + c * 0.3 + 2.8),
                    2.3,
                    col.name,
                    colour::INK,
                    Anchor::Middle,
                    Weight::Regular,
                );
            }
            p.text(
                (x, by + s + 6.0),
                2.4,
                "A bead names a square of the box's picture.",
                colour::GREY,
                Anchor::Start,
                Weight::Regular,
            );
        }
        Machine::Her => {
            let Some(b) = kit.boxes.first() else { return };
            p.text(
                (x, y + 3.0),
                3.2,
                format!("Reading a box: #{}", b.number),
                colour::INK,
                Anchor::Start,
                Weight::Bold,
            );
            front::board(p, kit.machine, b, bx, y + 6.0, s);
            let moves = join(
                b.slots
                    .iter()
                    .map(|sl| format!("{} {}", sl.colour.name, sl.name)),
                ", ",
            );
            p.text(
                (x, y + 6.0 + s + 4.0),
                2.4,
                fit(&moves, 2.4, Weight::Regular, size),
                colour::GREY,
                Anchor::Start,
                Weight::Regular,
            );
        }
    }
}

/// A 50 mm bar with a tick every 10 mm, to check the print's scale.
fn ruler(p: &mut Page, x: f32, y: f32) {
    let pen = Pen::solid(colour::INK, 0.25);
    p.rect(x, y, 50.0, 1.2, Some(colour::INK), None);
    for i in 0..=5 {
        let tx = x + i as f32 * 10.0;
        p.line((tx, y - 1.2), (tx, y + 1.2), pen);
        p.text(
            (tx, y - 1.8),
            2.0,
            format!("{}", i * 10),
            colour::GREY,
            Anchor::Middle,
            Weight::Regular,
        );
    }
    p.text(
        (x + 52.0, y + 1.2),
        2.4,
        "50 mm",
        colour::INK,
        Anchor::Start,
        Weight::Regular,
    );
}

/// Rows of the contents table: each box's number and its beads.
const ROW: f32 = 3.5;

/// "What goes in each box": every box's beads, in columns.
fn contents_pages(kit: &Kit, g: &Geometry) -> Vec<Page> {
    let columns = 3;
    let width = g.page.0 - 2.0 * MARGIN;
    let col_w = (width - (columns - 1) as f32 * 4.0) / columns as f32;
    let top = MARGIN + 12.0;
    let bottom = g.page.1 - MARGIN - FOOTER + 4.0;
    let size = 2.3;
    let mut pages: Vec<Page> = Vec::new();
    let mut col = columns; // start a new page at once
    let mut y = bottom;
    let new_page = |pages: &mut Vec<Page>| {
        let mut p = Page::new(g.page.0, g.page.1);
        p.text(
            (MARGIN, MARGIN + 5.0),
            4.2,
            format!(
                "What goes in each box — {} boxes, {} beads",
                ludomat_io::text::thousands(kit.boxes.len() as u64),
                ludomat_io::text::thousands(kit.bead_total())
            ),
            colour::INK,
            Anchor::Start,
            Weight::Bold,
        );
        p.text(
            (MARGIN, MARGIN + 9.5),
            2.4,
            "Box number (move), then each colour's disc with the number of its beads to put in.",
            colour::GREY,
            Anchor::Start,
            Weight::Regular,
        );
        pages.push(p);
    };
    for b in &kit.boxes {
        // Lay the row out first: it may take more than one line.
        let head = format!("#{}", b.number);
        let indent = font::width("#000", size, Weight::Bold)
            + font::width(" (m0)", size * 0.85, Weight::Regular)
            + 1.5;
        let mut entries: Vec<(f32, &crate::kit::Slot)> = Vec::new();
        let mut lines = 1;
        let mut x = indent;
        for s in b.slots.iter().filter(|s| s.count > 0) {
            let w = entry_width(kit.machine, s, size);
            if x + w > col_w && x > indent {
                lines += 1;
                x = indent;
            }
            entries.push((x, s));
            x += w;
        }
        let h = lines as f32 * ROW;
        if y + h > bottom {
            col += 1;
            y = top;
            if col >= columns {
                new_page(&mut pages);
                col = 0;
            }
        }
        let Some(p) = pages.last_mut() else { continue };
        let x0 = MARGIN + col as f32 * (col_w + 4.0);
        let base = y + ROW - 0.9;
        p.text(
            (x0, base),
            size,
            head.clone(),
            colour::INK,
            Anchor::Start,
            Weight::Bold,
        );
        p.text(
            (x0 + font::width(&head, size, Weight::Bold) + 0.4, base),
            size * 0.85,
            format!("(m{})", b.game_move),
            colour::GREY,
            Anchor::Start,
            Weight::Regular,
        );
        if entries.is_empty() {
            p.text(
                (x0 + indent, base),
                size,
                "empty — no beads",
                colour::GREY,
                Anchor::Start,
                Weight::Regular,
            );
        }
        let mut line = 0;
        let mut last_x = -1.0;
        for (ex, s) in entries {
            if ex < last_x {
                line += 1;
            }
            last_x = ex;
            let ey = base + line as f32 * ROW;
            let r = 1.05;
            p.circle(
                (x0 + ex + r, ey - size * font::CAP_HEIGHT / 2.0),
                r,
                Some(s.colour.fill),
                Some(Pen::solid(colour::INK, 0.1)),
            );
            let label = entry_label(kit.machine, s);
            p.text(
                (x0 + ex + 2.0 * r + 0.5, ey),
                size,
                label,
                colour::INK,
                Anchor::Start,
                Weight::Regular,
            );
        }
        y += h;
    }
    pages
}

/// A box's entry: its bead count (with thousands), and for HER the move's name.
fn entry_label(machine: Machine, s: &crate::kit::Slot) -> String {
    let count = ludomat_io::text::thousands(u64::from(s.count));
    match machine {
        Machine::Menace(_) => count,
        Machine::Her => format!("{count} {}", s.name),
    }
}

fn entry_width(machine: Machine, s: &crate::kit::Slot, size: f32) -> f32 {
    let label = entry_label(machine, s);
    2.1 + 0.5 + font::width(&label, size, Weight::Regular) + 1.8
}
