//! The assembler for the builder's notation, and the listing in the article's style.
//!
//! ```text
//! main:                   ; a label on its own line (or before an instruction)
//!     MOVI A, 8           ; `;` starts a comment
//!     STORE A, 0x90       ; numbers: 0x… hex, 0b… binary, decimal
//!     ADD A, A, 4         ; ALU: destination, first source, register or 0-7
//!     CMP A, B            ; = SUB F, A, B (F: flags only)
//!     TST C, 1            ; = AND F, C, 1
//!     JMP NZ, main        ; = MOVI NZ, PC, main; JMP main = JMP A, main (A: always)
//!     JNZ main            ; short form; also JZ JNS JC JNC JS
//!     MOVI Z, C, 1        ; condition first
//!     LOAD B, S           ; through a pointer register (M, S, L, PC); `(S)` also accepted
//!     CALL sub            ; RET = MOV PC, L
//!     ORG 0x20            ; continue at an address (forward only; the gap is NOPs)
//!     DW 0x1234           ; a raw word (ludomat's addition: the disassembler uses it for
//!                         ; reserved and non-canonical words)
//! ```
//! Mnemonics, registers and conditions ignore case; labels do not. Errors name the line
//! and column; every error in the source is reported, and no image is produced.

use std::collections::BTreeMap;
use std::fmt;

use crate::instruction::{bits, Imm3, Instruction, Operand};
use crate::memory::{DEFAULT_ROM_WORDS, MAX_ROM_WORDS};
use crate::{BinaryOp, Condition, Destination, Register, UnaryOp};

/// One assembly error, at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {kind}", ludomat_io::text::line_column(*line, *column))]
pub struct AsmError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was wrong.
    pub kind: AsmErrorKind,
}

/// Why a label is refused, a hidden character in it named first, where it is: `character
/// 5 is a zero-width space (U+200B); a label starts with a letter …`.
fn label_why(name: &str, why: &str) -> String {
    match ludomat_io::text::first_hidden(name) {
        Some((at, kind)) => format!("character {at} is {kind}; {why}"),
        None => why.to_string(),
    }
}

/// What was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AsmErrorKind {
    /// Not an instruction, pseudo-instruction or directive.
    #[error("unknown mnemonic '{}'", ludomat_io::text::escape_controls(.0))]
    UnknownMnemonic(String),
    /// Too many or too few operands.
    #[error("{mnemonic} takes {expected}, found {found}")]
    OperandCount {
        /// The mnemonic.
        mnemonic: String,
        /// What it takes.
        expected: &'static str,
        /// How many were given.
        found: usize,
    },
    /// An operand of the wrong kind.
    #[error(
        "'{}' is not {expected}{}",
        ludomat_io::text::escape_controls(text),
        ludomat_io::error::hidden_in(text)
    )]
    BadOperand {
        /// The operand as written.
        text: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// A number that does not fit its field: as written, its value beside it when
    /// written otherwise (`0x100 (256) does not fit an 8-bit immediate: -128 to 255`).
    #[error(
        "{} does not fit {field}: {} to {}",
        as_written(text, *value),
        ludomat_io::text::thousands_signed(*min),
        ludomat_io::text::thousands_signed(*max)
    )]
    OutOfRange {
        /// The operand as written.
        text: String,
        /// The value.
        value: i64,
        /// The field.
        field: &'static str,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// A number too large for any field (`99999999999999999999999999999`): quoted as
    /// written, with the field's range.
    #[error(
        "'{}' is a number too large for {field} ({} to {})",
        ludomat_io::text::thousands_written(&ludomat_io::text::escape_controls(text)),
        ludomat_io::text::thousands_signed(*min),
        ludomat_io::text::thousands_signed(*max)
    )]
    NumberTooLarge {
        /// The operand as written.
        text: String,
        /// The field.
        field: &'static str,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// A memory pointer that cannot address memory.
    #[error("{0} cannot address memory: the pointers are M, S, L and PC")]
    NotAPointer(Register),
    /// A label used but never defined.
    #[error("undefined label '{}'", ludomat_io::text::escape_controls(.0))]
    UndefinedLabel(String),
    /// A label defined twice.
    #[error(
        "label '{}' is already defined on {}",
        ludomat_io::text::escape_controls(name),
        ludomat_io::text::line(*first_line)
    )]
    DuplicateLabel {
        /// The label.
        name: String,
        /// Where it was first defined.
        first_line: usize,
    },
    /// A label name that is not an identifier or clashes with a register or condition.
    #[error("'{}' cannot be a label: {}", ludomat_io::text::escape_controls(.0), label_why(.0, .1))]
    BadLabel(String, &'static str),
    /// ORG backwards.
    #[error("ORG {target:#04x} goes back: {here:#04x} words are already placed")]
    OrgBackwards {
        /// Requested address.
        target: usize,
        /// Current address.
        here: usize,
    },
    /// Bytes that are not UTF-8 text.
    #[error("byte {byte:#04x} is not UTF-8 text (save the source as UTF-8)")]
    NotUtf8 {
        /// The first offending byte.
        byte: u8,
    },
    /// The program does not fit the ROM.
    #[error("the program does not fit: this word would be at {addr:#04x}, but the ROM holds {size} words")]
    TooLarge {
        /// Address of the word.
        addr: usize,
        /// ROM words.
        size: usize,
    },
    /// A source without a single instruction or word (empty, or only comments, labels
    /// and ORG): it would make an empty ROM.
    #[error("no instruction: the program would be an empty ROM (write one instruction a line, e.g. HALT)")]
    NoInstruction,
}

/// Every error found in a source, in line order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmErrors(pub Vec<AsmError>);

impl fmt::Display for AsmErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            e.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for AsmErrors {}

/// One line of a listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListingLine {
    /// `name:`
    Label(String),
    /// An instruction or `DW`, as written, with its address and word.
    Word {
        /// Source text (mnemonic and operands, no comment).
        text: String,
        /// Where it is.
        addr: u8,
        /// Its word.
        word: u16,
    },
    /// `ORG n`.
    Org(usize),
}

/// An assembled program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// The image from address 0 up to the last word placed (gaps are 0, `NOP`).
    pub words: Vec<u16>,
    /// Labels and their addresses.
    pub labels: BTreeMap<String, u8>,
    /// The listing.
    pub listing: Vec<ListingLine>,
}

impl Program {
    /// The listing in the article's style: labels on their own lines, then
    /// `mnemonic   addr: bbbbbbbb bbbbbbbb` (byte 1 first).
    #[must_use]
    pub fn listing_text(&self) -> String {
        let mut out = String::new();
        for l in &self.listing {
            match l {
                ListingLine::Label(name) => out.push_str(&format!("{name}:\n")),
                ListingLine::Word { text, addr, word } => {
                    out.push_str(&format!("{text:<24}{addr:02x}: {}\n", bits(*word)));
                }
                ListingLine::Org(n) => out.push_str(&format!("ORG {n:#04x}\n")),
            }
        }
        out
    }
}

/// Assemble for the standard 64-word ROM.
///
/// # Errors
/// Every error in the source, with line and column.
pub fn assemble(source: &str) -> Result<Program, AsmErrors> {
    assemble_for(source, DEFAULT_ROM_WORDS)
}

/// A piece of a line with its 1-based column.
#[derive(Debug, Clone)]
struct Tok<'a> {
    text: &'a str,
    col: usize,
}

struct Line<'a> {
    number: usize,
    labels: Vec<Tok<'a>>,
    mnemonic: Option<Tok<'a>>,
    operands: Vec<Tok<'a>>,
}

fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '.')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// Column (1-based, characters) of byte offset `off` in `line`.
fn column(line: &str, off: usize) -> usize {
    line[..off].chars().count() + 1
}

/// Split `s` (starting at byte `base` of `line`) on commas into trimmed tokens.
fn split_operands<'a>(line: &'a str, base: usize, s: &'a str) -> Vec<Tok<'a>> {
    if s.trim().is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut start = 0;
    for piece in s.split(',') {
        let lead = piece.len() - piece.trim_start().len();
        out.push(Tok {
            text: piece.trim(),
            col: column(line, base + start + lead),
        });
        start += piece.len() + 1;
    }
    out
}

fn split_line(number: usize, raw: &str) -> Line<'_> {
    let code = raw.split(';').next().unwrap_or("");
    let mut line = Line {
        number,
        labels: Vec::new(),
        mnemonic: None,
        operands: Vec::new(),
    };
    let mut off = 0;
    loop {
        let rest = &code[off..];
        let lead = rest.len() - rest.trim_start().len();
        let rest = rest.trim_start();
        if rest.is_empty() {
            return line;
        }
        let word_end = rest
            .find(|c: char| c.is_whitespace() || c == ':' || c == ',')
            .unwrap_or(rest.len());
        let start = off + lead;
        if rest[word_end..].starts_with(':') {
            line.labels.push(Tok {
                text: &rest[..word_end],
                col: column(raw, start),
            });
            off = start + word_end + 1;
            continue;
        }
        line.mnemonic = Some(Tok {
            text: &rest[..word_end],
            col: column(raw, start),
        });
        let ops_start = start + word_end;
        line.operands = split_operands(raw, ops_start, &code[ops_start..]);
        return line;
    }
}

const RESERVED_NAMES: [&str; 9] = ["A", "B", "C", "D", "M", "S", "L", "PC", "F"];

fn label_problem(name: &str) -> Option<&'static str> {
    if !is_ident(name) {
        return Some("a label starts with a letter and has letters, digits and _");
    }
    if RESERVED_NAMES.iter().any(|r| r.eq_ignore_ascii_case(name))
        || name.parse::<Condition>().is_ok()
    {
        return Some("it is a register or condition name");
    }
    None
}

/// Parse a number: `0x…`, `0b…`, decimal, optionally negative; `_` separators allowed.
/// A number operand's value: `None` when it is not written as a number, `Some(None)`
/// when it is one too large for any field.
fn parse_number(text: &str) -> Option<Option<i64>> {
    let (neg, t) = match text.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, text),
    };
    let t = t.replace('_', "");
    let lower = t.to_ascii_lowercase();
    let (digits, radix) = if let Some(h) = lower.strip_prefix("0x") {
        (h, 16)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (b, 2)
    } else {
        (lower.as_str(), 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let v = i64::from_str_radix(digits, radix).ok();
    Some(v.map(|v| if neg { -v } else { v }))
}

/// A number as written, its value beside it when written otherwise: `70,000`, `0x100
/// (256)`.
fn as_written(text: &str, value: i64) -> String {
    let shown = ludomat_io::text::thousands_signed(value);
    if text.replace('_', "") == value.to_string() {
        shown
    } else {
        format!("{} ({shown})", ludomat_io::text::escape_controls(text))
    }
}

struct Ctx<'a> {
    labels: &'a BTreeMap<String, (u8, usize)>,
    line: usize,
}

type R<T> = Result<T, AsmError>;

impl Ctx<'_> {
    fn err(&self, tok: &Tok<'_>, kind: AsmErrorKind) -> AsmError {
        AsmError {
            line: self.line,
            column: tok.col,
            kind,
        }
    }

    fn bad(&self, tok: &Tok<'_>, expected: &'static str) -> AsmError {
        self.err(
            tok,
            AsmErrorKind::BadOperand {
                text: tok.text.to_string(),
                expected,
            },
        )
    }

    fn register(&self, tok: &Tok<'_>) -> R<Register> {
        tok.text
            .parse()
            .map_err(|_| self.bad(tok, "a register (A, B, C, D, M, S, L, PC)"))
    }

    fn destination(&self, tok: &Tok<'_>) -> R<Destination> {
        tok.text
            .parse()
            .map_err(|_| self.bad(tok, "a register or F (flags only)"))
    }

    fn condition(&self, tok: &Tok<'_>) -> R<Condition> {
        tok.text
            .parse()
            .map_err(|_| self.bad(tok, "a condition (A, Z, NS, C, NC, S, NZ)"))
    }

    /// A number or label within `min..=max`.
    fn value(&self, tok: &Tok<'_>, field: &'static str, min: i64, max: i64) -> R<i64> {
        let v = if let Some(v) = parse_number(tok.text) {
            let Some(v) = v else {
                let text = tok.text.to_string();
                return Err(self.err(
                    tok,
                    AsmErrorKind::NumberTooLarge {
                        text,
                        field,
                        min,
                        max,
                    },
                ));
            };
            v
        } else if is_ident(tok.text) {
            if tok.text.parse::<Register>().is_ok() {
                return Err(self.bad(tok, "a number or label"));
            }
            match self.labels.get(tok.text) {
                Some(&(addr, _)) => i64::from(addr),
                None => {
                    return Err(self.err(tok, AsmErrorKind::UndefinedLabel(tok.text.to_string())))
                }
            }
        } else {
            return Err(self.bad(tok, "a number (0x.., 0b.., decimal) or label"));
        };
        if v < min || v > max {
            return Err(self.err(
                tok,
                AsmErrorKind::OutOfRange {
                    text: tok.text.to_string(),
                    value: v,
                    field,
                    min,
                    max,
                },
            ));
        }
        Ok(v)
    }

    fn address(&self, tok: &Tok<'_>) -> R<u8> {
        Ok(self.value(tok, "an 8-bit address", 0, 255)? as u8)
    }

    fn imm8(&self, tok: &Tok<'_>) -> R<u8> {
        Ok(self.value(tok, "an 8-bit immediate", -128, 255)? as u8)
    }

    fn second(&self, tok: &Tok<'_>) -> R<Operand> {
        if let Ok(r) = tok.text.parse::<Register>() {
            return Ok(Operand::Reg(r));
        }
        let v = self.value(tok, "the ALU's 3-bit unsigned immediate", 0, 7)?;
        Imm3::new(v as u8)
            .map(Operand::Imm)
            .ok_or_else(|| self.bad(tok, "a register or 0–7"))
    }

    /// `LOAD`/`STORE` operand: a pointer register (bare or in parentheses) or an address.
    fn memory(&self, tok: &Tok<'_>) -> R<Result<Register, u8>> {
        let inner = tok
            .text
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .map(str::trim);
        let name = inner.unwrap_or(tok.text);
        if let Ok(r) = name.parse::<Register>() {
            if !r.is_pointer() {
                return Err(self.err(tok, AsmErrorKind::NotAPointer(r)));
            }
            return Ok(Ok(r));
        }
        if inner.is_some() {
            return Err(self.bad(tok, "a pointer register (M, S, L, PC)"));
        }
        Ok(Err(self.address(tok)?))
    }
}

enum Item {
    Word(u16),
    Org(usize),
}

fn count_error(line: usize, m: &Tok<'_>, expected: &'static str, found: usize) -> AsmError {
    AsmError {
        line,
        column: m.col,
        kind: AsmErrorKind::OperandCount {
            mnemonic: m.text.to_ascii_uppercase(),
            expected,
            found,
        },
    }
}

/// What a mnemonic takes, or `None` if unknown: (allowed operand counts, description).
fn arity(mnemonic: &str) -> Option<(&'static [usize], &'static str)> {
    Some(match mnemonic {
        "NOP" | "HALT" | "RET" => (&[0], "no operands"),
        "MOV" | "CMP" | "TST" | "LOAD" | "STORE" | "NOT" | "ROR" | "SHR" | "RCR" => {
            (&[2], "two operands")
        }
        "MOVI" => (&[2, 3], "[condition,] register, value"),
        "JMP" | "CALL" => (&[1, 2], "[condition,] address"),
        "JZ" | "JNS" | "JC" | "JNC" | "JS" | "JNZ" | "JA" | "ORG" | "DW" => (&[1], "one operand"),
        m if m.parse::<BinaryOp>().is_ok() => (&[3], "three operands"),
        _ => return None,
    })
}

fn encode_line(ctx: &Ctx<'_>, m: &Tok<'_>, ops: &[Tok<'_>]) -> R<Item> {
    let upper = m.text.to_ascii_uppercase();
    let word = |i: Instruction| Ok(Item::Word(i.encode()));
    match upper.as_str() {
        "NOP" => word(Instruction::Nop),
        "HALT" => word(Instruction::Halt),
        "RET" => word(Instruction::RET),
        "MOV" => word(Instruction::Mov {
            dst: ctx.register(&ops[0])?,
            src: ctx.register(&ops[1])?,
        }),
        "MOVI" => {
            let (cond, rest) = if ops.len() == 3 {
                (ctx.condition(&ops[0])?, &ops[1..])
            } else {
                (Condition::Always, ops)
            };
            word(Instruction::Movi {
                cond,
                dst: ctx.register(&rest[0])?,
                imm: ctx.imm8(&rest[1])?,
            })
        }
        "JMP" | "CALL" => {
            let (cond, target) = if ops.len() == 2 {
                (ctx.condition(&ops[0])?, &ops[1])
            } else {
                (Condition::Always, &ops[0])
            };
            let addr = ctx.address(target)?;
            word(if upper == "JMP" {
                Instruction::Movi {
                    cond,
                    dst: Register::Pc,
                    imm: addr,
                }
            } else {
                Instruction::Call { cond, addr }
            })
        }
        j @ ("JZ" | "JNS" | "JC" | "JNC" | "JS" | "JNZ" | "JA") => {
            let cond = j[1..].parse::<Condition>().unwrap_or(Condition::Always);
            word(Instruction::Movi {
                cond,
                dst: Register::Pc,
                imm: ctx.address(&ops[0])?,
            })
        }
        "LOAD" => {
            let dst = ctx.register(&ops[0])?;
            word(match ctx.memory(&ops[1])? {
                Ok(ptr) => Instruction::LoadPtr { dst, ptr },
                Err(addr) => Instruction::LoadAddr { dst, addr },
            })
        }
        "STORE" => {
            let src = ctx.register(&ops[0])?;
            word(match ctx.memory(&ops[1])? {
                Ok(ptr) => Instruction::StorePtr { src, ptr },
                Err(addr) => Instruction::StoreAddr { src, addr },
            })
        }
        "CMP" | "TST" => word(Instruction::Binary {
            op: if upper == "CMP" {
                BinaryOp::Sub
            } else {
                BinaryOp::And
            },
            dst: Destination::Flags,
            a: ctx.register(&ops[0])?,
            b: ctx.second(&ops[1])?,
        }),
        "NOT" | "ROR" | "SHR" | "RCR" => word(Instruction::Unary {
            op: upper.parse::<UnaryOp>().unwrap_or(UnaryOp::Not),
            dst: ctx.destination(&ops[0])?,
            src: ctx.register(&ops[1])?,
        }),
        "ORG" => Ok(Item::Org(
            ctx.value(&ops[0], "an address", 0, MAX_ROM_WORDS as i64)? as usize,
        )),
        "DW" => Ok(Item::Word(
            ctx.value(&ops[0], "a 16-bit word", 0, 0xffff)? as u16
        )),
        _ => {
            let op = upper
                .parse::<BinaryOp>()
                .map_err(|_| ctx.err(m, AsmErrorKind::UnknownMnemonic(m.text.to_string())))?;
            word(Instruction::Binary {
                op,
                dst: ctx.destination(&ops[0])?,
                a: ctx.register(&ops[1])?,
                b: ctx.second(&ops[2])?,
            })
        }
    }
}

/// The text of a source file: UTF-8, a leading byte-order mark dropped.
///
/// # Errors
/// [`AsmErrorKind::NotUtf8`] at the line and column (in characters) of the first byte
/// that is not UTF-8.
pub fn source_text(bytes: &[u8]) -> Result<&str, AsmError> {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        // the prefix is valid UTF-8 by construction
        let before = std::str::from_utf8(good).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        AsmError {
            line,
            column,
            kind: AsmErrorKind::NotUtf8 {
                byte: bytes[e.valid_up_to()],
            },
        }
    })
}

/// Assemble a source file's bytes ([`source_text`], then [`assemble_for`]).
///
/// # Errors
/// As [`source_text`] and [`assemble_for`].
pub fn assemble_bytes(bytes: &[u8], rom_words: usize) -> Result<Program, AsmErrors> {
    let text = source_text(bytes).map_err(|e| AsmErrors(vec![e]))?;
    assemble_for(text, rom_words)
}

/// Assemble for a ROM of `rom_words` words (1–256; other sizes are clamped into that
/// range).
///
/// # Errors
/// Every error in the source, with line and column (at most one per line).
pub fn assemble_for(source: &str, rom_words: usize) -> Result<Program, AsmErrors> {
    let size = rom_words.clamp(1, MAX_ROM_WORDS);
    let lines: Vec<Line<'_>> = source
        .lines()
        .enumerate()
        .map(|(i, l)| split_line(i + 1, l))
        .collect();
    let mut errors = Vec::new();
    // Pass 1: addresses of labels; operand counts; ORG targets.
    let mut labels: BTreeMap<String, (u8, usize)> = BTreeMap::new();
    let mut here = 0usize;
    let no_labels = BTreeMap::new();
    let mut valid = vec![true; lines.len()];
    for (li, line) in lines.iter().enumerate() {
        for l in &line.labels {
            let err = |kind| AsmError {
                line: line.number,
                column: l.col,
                kind,
            };
            if let Some(why) = label_problem(l.text) {
                errors.push(err(AsmErrorKind::BadLabel(l.text.to_string(), why)));
            } else if let Some(&(_, first_line)) = labels.get(l.text) {
                errors.push(err(AsmErrorKind::DuplicateLabel {
                    name: l.text.to_string(),
                    first_line,
                }));
            } else {
                labels.insert(l.text.to_string(), ((here & 0xff) as u8, line.number));
            }
        }
        let Some(m) = &line.mnemonic else { continue };
        let upper = m.text.to_ascii_uppercase();
        let Some((counts, expected)) = arity(&upper) else {
            errors.push(AsmError {
                line: line.number,
                column: m.col,
                kind: AsmErrorKind::UnknownMnemonic(m.text.to_string()),
            });
            valid[li] = false;
            continue;
        };
        if !counts.contains(&line.operands.len()) {
            errors.push(count_error(line.number, m, expected, line.operands.len()));
            valid[li] = false;
            if upper != "ORG" {
                here += 1;
            }
            continue;
        }
        if upper == "ORG" {
            let ctx = Ctx {
                labels: &no_labels,
                line: line.number,
            };
            match ctx.value(&line.operands[0], "an address", 0, MAX_ROM_WORDS as i64) {
                Ok(t) if (t as usize) < here => {
                    errors.push(ctx.err(
                        &line.operands[0],
                        AsmErrorKind::OrgBackwards {
                            target: t as usize,
                            here,
                        },
                    ));
                    valid[li] = false;
                }
                Ok(t) => here = t as usize,
                Err(e) => {
                    errors.push(e);
                    valid[li] = false;
                }
            }
        } else {
            here += 1;
        }
    }
    // Pass 2: encode.
    let mut words: Vec<u16> = Vec::new();
    let mut listing = Vec::new();
    let mut here = 0usize;
    let mut too_large_reported = false;
    for (li, line) in lines.iter().enumerate() {
        for l in &line.labels {
            listing.push(ListingLine::Label(l.text.to_string()));
        }
        let Some(m) = &line.mnemonic else { continue };
        let ctx = Ctx {
            labels: &labels,
            line: line.number,
        };
        if !valid[li] {
            if !m.text.eq_ignore_ascii_case("ORG") {
                here += 1;
            }
            continue;
        }
        match encode_line(&ctx, m, &line.operands) {
            Ok(Item::Org(t)) => {
                here = t;
                listing.push(ListingLine::Org(t));
            }
            Ok(Item::Word(w)) => {
                if here >= size {
                    if !too_large_reported {
                        errors.push(ctx.err(m, AsmErrorKind::TooLarge { addr: here, size }));
                        too_large_reported = true;
                    }
                } else {
                    if words.len() <= here {
                        words.resize(here + 1, 0);
                    }
                    words[here] = w;
                    let ops: Vec<&str> = line.operands.iter().map(|t| t.text).collect();
                    let text = if ops.is_empty() {
                        m.text.to_ascii_uppercase()
                    } else {
                        format!("{} {}", m.text.to_ascii_uppercase(), ops.join(", "))
                    };
                    listing.push(ListingLine::Word {
                        text,
                        addr: here as u8,
                        word: w,
                    });
                }
                here += 1;
            }
            Err(e) => {
                errors.push(e);
                here += 1;
            }
        }
    }
    if errors.is_empty() && words.is_empty() {
        errors.push(AsmError {
            line: lines.len().max(1),
            column: 1,
            kind: AsmErrorKind::NoInstruction,
        });
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| (e.line, e.column));
        return Err(AsmErrors(errors));
    }
    Ok(Program {
        words,
        labels: labels.into_iter().map(|(k, (a, _))| (k, a)).collect(),
        listing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_accepted_and_bad_utf8_named_by_line() {
        let p = assemble_bytes("\u{feff}MOVI A, 8\n".as_bytes(), 64).unwrap();
        assert_eq!(p.words, assemble("MOVI A, 8").unwrap().words);
        let e = assemble_bytes(b"MOVI A, 8\n; caf\xe9\n", 64).unwrap_err();
        assert_eq!(e.0.len(), 1);
        assert_eq!((e.0[0].line, e.0[0].column), (2, 6));
        assert!(e.to_string().contains("byte 0xe9 is not UTF-8"), "{e}");
    }

    /// Hostile item 14: an empty source assembled to an empty image, exit 0.
    #[test]
    fn a_source_without_an_instruction_is_refused() {
        for src in ["", "\n\n", "; only a comment\n", "start:\n    ORG 4\n"] {
            let e = assemble(src).unwrap_err();
            assert_eq!(e.0.len(), 1, "{src:?}");
            assert_eq!(e.0[0].kind, AsmErrorKind::NoInstruction, "{src:?}");
            assert!(e.to_string().contains("no instruction"), "{e}");
        }
        assert_eq!(assemble("HALT").unwrap().words.len(), 1);
    }

    /// Numbers out of range are quoted as written, with thousands and a range in words;
    /// one too large for any field is still called a number.
    #[test]
    fn numbers_out_of_range_are_said_as_written() {
        let said = |src: &str| err(src).kind.to_string();
        assert_eq!(
            said("MOVI A, 99999999999999999999999999999"),
            "'99,999,999,999,999,999,999,999,999,999' is a number too large for an 8-bit \
             immediate (-128 to 255)"
        );
        assert_eq!(
            said("MOVI A, 0x100"),
            "0x100 (256) does not fit an 8-bit immediate: -128 to 255"
        );
        assert_eq!(
            said("MOVI A, 70000"),
            "70,000 does not fit an 8-bit immediate: -128 to 255"
        );
        assert_eq!(
            said("MOVI A, 0xZZ"),
            "'0xZZ' is not a number (0x.., 0b.., decimal) or label"
        );
        // a character one cannot see: shown escaped, and named
        assert_eq!(
            said("MOVI A, 1\u{200b}0"),
            "'1\\u{200b}0' is not a number (0x.., 0b.., decimal) or label: it has a \
             zero-width space (U+200B) in it"
        );
    }

    fn one(src: &str) -> u16 {
        let p = assemble(src).unwrap_or_else(|e| panic!("{src}: {e}"));
        assert_eq!(p.words.len(), 1, "{src}");
        p.words[0]
    }

    fn err(src: &str) -> AsmError {
        assemble(src).unwrap_err().0.remove(0)
    }

    #[test]
    fn spec_known_encodings() {
        assert_eq!(one("LOAD A, 0x80"), 0x2080);
        assert_eq!(one("LOAD B, S"), 0x2905);
        assert_eq!(one("LOAD B, (S)"), 0x2905);
        assert_eq!(one("CALL 0x55"), 0x8F55);
        assert_eq!(one("CALL NS, 0x17"), 0xAF17);
        assert_eq!(one("ADD A, A, B"), 0x4809);
        assert_eq!(one("SHR A, A"), 0x780C);
        assert_eq!(one("ADD A, A, 4"), 0b01001000_10001100);
        assert_eq!(one("SHR C, C"), 0b01111010_00101100);
        assert_eq!(one("ROR A, A"), 0b01111000_00001010);
        assert_eq!(one("RET"), 0x1F60);
        assert_eq!(one("HALT"), 0x1000);
    }

    #[test]
    fn pseudo_instructions_and_short_forms() {
        assert_eq!(one("CMP A, B"), one("SUB F, A, B"));
        assert_eq!(one("TST C, 1"), one("AND F, C, 1"));
        assert_eq!(one("JMP 0x25"), one("JMP A, 0x25"));
        assert_eq!(one("JMP 0x25"), one("MOVI PC, 0x25"));
        assert_eq!(one("JNZ 0x12"), one("JMP NZ, 0x12"));
        assert_eq!(one("jc 3"), one("MOVI C, PC, 3"));
        assert_eq!(one("MOVI Z, C, 1"), 0b10010010_00000001);
        assert_eq!(one("MOVI A, -1"), one("MOVI A, 0xff"));
        assert_eq!(one("MOVI A, 0b1010"), one("movi a, 10"));
    }

    #[test]
    fn labels_org_and_listing() {
        let p = assemble("start: NOP\n  JMP end ; forward\nORG 4\nend:\n  JMP start\n").unwrap();
        assert_eq!(p.words, [0x0000, 0x8704, 0, 0, 0x8700]);
        assert_eq!(p.labels["end"], 4);
        assert_eq!(
            p.listing_text(),
            "start:\nNOP                     00: 00000000 00000000\n\
             JMP end                 01: 10000111 00000100\nORG 0x04\nend:\n\
             JMP start               04: 10000111 00000000\n"
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = err("NOP\n  FOO A, B");
        assert_eq!((e.line, e.column), (2, 3));
        assert_eq!(e.to_string(), "line 2, column 3: unknown mnemonic 'FOO'");
        let e = err("ADD A, A, 8");
        assert_eq!((e.line, e.column), (1, 11));
        assert!(e.to_string().contains("3-bit"), "{e}");
        let e = err("MOVI A, 256");
        assert_eq!(e.column, 9);
        let e = err("JMP nowhere");
        assert_eq!(e.kind, AsmErrorKind::UndefinedLabel("nowhere".into()));
        let e = err("x: NOP\nx: NOP");
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.to_string().contains("line 1"), "{e}");
        let e = err("LOAD A, B");
        assert_eq!(e.kind, AsmErrorKind::NotAPointer(Register::B));
        let e = err("MOV A");
        assert!(
            e.to_string().contains("MOV takes two operands, found 1"),
            "{e}"
        );
        let e = err("ADD Q, A, B");
        assert_eq!(e.column, 5);
        let e = err("NOP\nORG 0");
        assert!(matches!(e.kind, AsmErrorKind::OrgBackwards { .. }));
        let e = err("C: NOP");
        assert!(matches!(e.kind, AsmErrorKind::BadLabel(..)));
        // a hidden character in a label is named where it is
        let e = err("main\u{200b}: NOP").to_string();
        assert!(
            e.contains("'main\\u{200b}' cannot be a label: character 5 is a zero-width space (U+200B); a label starts"),
            "{e}"
        );
        let e = err("MOVI A, 0x1g");
        assert!(matches!(e.kind, AsmErrorKind::BadOperand { .. }));
        // Every error is reported.
        let all = assemble("FOO\nADD A, A, 9\nJMP x\n").unwrap_err();
        assert_eq!(all.0.len(), 3);
        assert_eq!(all.0.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 2, 3]);
    }

    proptest::proptest! {
        /// Any text at all: an image or errors, never a panic.
        #[test]
        fn never_panics(text in "(?s).{0,200}") {
            let _ = assemble(&text);
        }

        #[test]
        fn never_panics_on_near_miss_lines(
            lines in proptest::collection::vec(
                "[a-zA-Z_:]{0,6} ?(MOVI|ADD|LOAD|JMP|CALL|CMP|ORG|DW|SHR)? ?[-A-Za-z0-9_(),x ]{0,14}(;.*)?",
                0..12,
            )
        ) {
            let _ = assemble(&lines.join("\n"));
        }
    }

    #[test]
    fn too_large_for_the_rom() {
        let src = "NOP\n".repeat(65);
        let e = err(&src);
        assert_eq!(e.line, 65);
        assert_eq!(e.kind, AsmErrorKind::TooLarge { addr: 64, size: 64 });
        assert!(assemble_for(&src, 128).is_ok());
        assert!(assemble(&"NOP\n".repeat(64)).is_ok());
    }
}

/// Text that is not one instruction.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseInstructionError {
    /// The assembler refused it (line and column within the text).
    #[error("{0}")]
    Asm(AsmErrors),
    /// It assembled to no word, several words, or a raw `DW` word that is not an
    /// instruction's canonical encoding.
    #[error("'{}' is not exactly one instruction", ludomat_io::text::escape_controls(.0))]
    NotOne(String),
}

impl std::str::FromStr for Instruction {
    type Err = ParseInstructionError;
    /// One instruction in the builder's notation (`ADD A, A, 4`, `JNZ 0x12`, `RET`);
    /// numbers only, no labels.
    fn from_str(s: &str) -> Result<Instruction, ParseInstructionError> {
        let p = assemble(s).map_err(ParseInstructionError::Asm)?;
        match p.words.as_slice() {
            [w] => Instruction::decode(*w)
                .ok()
                .filter(|i| i.encode() == *w)
                .ok_or_else(|| ParseInstructionError::NotOne(s.trim().to_string())),
            _ => Err(ParseInstructionError::NotOne(s.trim().to_string())),
        }
    }
}

#[cfg(test)]
mod from_str_tests {
    use super::*;

    #[test]
    fn instructions_parse_and_display_round_trip() {
        for w in [
            0x2080u16, 0x2905, 0x8F55, 0xAF17, 0x4809, 0x780C, 0x1F60, 0x60A1,
        ] {
            let i = Instruction::decode(w).unwrap();
            assert_eq!(i.to_string().parse::<Instruction>(), Ok(i));
        }
        assert!("NOP\nNOP".parse::<Instruction>().is_err());
        assert!("DW 0x0123".parse::<Instruction>().is_err());
        assert!("JMP label".parse::<Instruction>().is_err());
        assert_eq!(
            "ADD A, A, 4"
                .parse::<Instruction>()
                .map(Instruction::encode),
            Ok(0x488C)
        );
    }
}
