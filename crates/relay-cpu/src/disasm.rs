//! The disassembler: an image back to source in the builder's notation.
//!
//! Jump and call targets inside the image get labels (`L1c:`). A word that is reserved,
//! or that has don't-care bits set (so assembling its instruction would give a different
//! word), is written as `DW 0x…` with the reason in a comment, so assembling the
//! disassembly always reproduces the image bit for bit.

use std::collections::BTreeSet;

use crate::instruction::{bits, Instruction};
use crate::{Condition, Register};

/// Refuse an image of more words than an 8-bit address reaches, before disassembling
/// it: `big.bin: 1,000 words, more than the 256 an 8-bit address reaches`.
///
/// # Errors
/// The refusal, naming the file (`name`) and its words.
pub fn fits(name: &std::path::Path, words: usize) -> Result<(), String> {
    if words <= crate::memory::MAX_ROM_WORDS {
        return Ok(());
    }
    Err(format!(
        "{}: {}, more than the {} an 8-bit address reaches",
        ludomat_io::text::path(name),
        ludomat_io::text::count(words as u64, "word", "words"),
        crate::memory::MAX_ROM_WORDS
    ))
}

fn target(i: Instruction) -> Option<u8> {
    match i {
        Instruction::Movi {
            dst: Register::Pc,
            imm,
            ..
        } => Some(imm),
        Instruction::Call { addr, .. } => Some(addr),
        _ => None,
    }
}

fn label(addr: u8) -> String {
    format!("L{addr:02x}")
}

/// One word as source text (no label substitution): the instruction when the word is
/// canonical, otherwise `DW` and the reason.
#[must_use]
pub fn word_text(word: u16) -> (String, Option<String>) {
    match Instruction::decode(word) {
        Ok(i) if i.encode() == word => (i.to_string(), None),
        Ok(i) => (
            format!("DW {word:#06x}"),
            Some(format!("{i} with don't-care bits set")),
        ),
        Err(r) => (
            format!("DW {word:#06x}"),
            Some(format!("reserved: {}", r.kind)),
        ),
    }
}

/// Disassemble an image loaded at address 0.
#[must_use]
pub fn disassemble(words: &[u16]) -> String {
    let decoded: Vec<Option<Instruction>> = words
        .iter()
        .map(|&w| Instruction::decode(w).ok().filter(|i| i.encode() == w))
        .collect();
    let targets: BTreeSet<u8> = decoded
        .iter()
        .flatten()
        .filter_map(|&i| target(i))
        .filter(|&a| (a as usize) < words.len())
        .collect();
    let counted = ludomat_io::text::count(words.len() as u64, "word", "words");
    let mut out = format!("; {counted}, disassembled by ludomat\n");
    for (addr, (&word, ins)) in words.iter().zip(&decoded).enumerate() {
        let addr = addr as u8;
        if targets.contains(&addr) {
            out.push_str(&format!("{}:\n", label(addr)));
        }
        let (text, note) = match ins {
            Some(i) => {
                let text = i.to_string();
                match target(*i) {
                    Some(t) if targets.contains(&t) => {
                        let num = format!("{t:#04x}");
                        let head = text.strip_suffix(&num).unwrap_or(&text);
                        (format!("{head}{}", label(t)), None)
                    }
                    _ => (text, None),
                }
            }
            None => word_text(word),
        };
        let note = note.map(|n| format!("  {n}")).unwrap_or_default();
        out.push_str(&format!(
            "    {text:<20}; {addr:02x}: {}{note}\n",
            bits(word)
        ));
    }
    out
}

/// A condition's name as a short-form jump (`JNZ`), for callers that want it.
#[must_use]
pub fn short_jump(cond: Condition) -> String {
    match cond {
        Condition::Always => "JMP".into(),
        c => format!("J{c}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble_for;

    #[test]
    fn an_image_too_long_is_refused_with_thousands() {
        assert!(fits(std::path::Path::new("b.bin"), 256).is_ok());
        let e = fits(std::path::Path::new("b.bin"), 1000).unwrap_err();
        assert_eq!(
            e,
            "b.bin: 1,000 words, more than the 256 an 8-bit address reaches"
        );
        assert!(disassemble(&[0x1000]).starts_with("; 1 word, disassembled"));
    }

    #[test]
    fn labels_and_raw_words() {
        let words = [0x8F02, 0x0123, 0x1000, 0x0800, 0x8702];
        let text = disassemble(&words);
        assert!(text.contains("L02:\n    HALT"), "{text}");
        assert!(text.contains("CALL L02"), "{text}");
        assert!(text.contains("DW 0x0123"), "{text}");
        assert!(text.contains("reserved: class 001"), "{text}");
        assert_eq!(assemble_for(&text, 64).unwrap().words, words);
        assert_eq!(short_jump(Condition::Nz), "JNZ");
    }

    /// Every 16-bit word, in 256 images of 256 words: disassemble, assemble, compare.
    #[test]
    fn round_trip_every_word() {
        for hi in 0..=255u16 {
            let words: Vec<u16> = (0..=255u16).map(|lo| hi << 8 | lo).collect();
            let text = disassemble(&words);
            let back = assemble_for(&text, 256)
                .unwrap_or_else(|e| panic!("{e}\n{text}"))
                .words;
            assert_eq!(back, words, "high byte {hi:#04x}");
        }
    }
}
