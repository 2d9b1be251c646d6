//! A kit from the museum: the `view` JSON of a MENACE or HER visit (`MenaceView`,
//! `HexapawnView`), read trusting nothing — every box is checked against the machine's
//! own generated boxes before a bead is printed.

use ludomat_game::Player;
use ludomat_hexapawn::HerBox;
use ludomat_menace::BoxIndex;
use serde_json::Value;

use crate::{Kit, KitError};

impl Kit {
    /// The kit for the matchboxes a museum visit shows: the `view` JSON of a `menace` or
    /// `hexapawn` exhibit. Every box is checked against the machine's own boxes (number,
    /// picture, beads only on legal squares or moves).
    ///
    /// # Errors
    /// [`KitError::View`] naming the field or box that does not fit.
    pub fn from_view(kind: &str, view: &serde_json::Value) -> Result<Kit, KitError> {
        match kind {
            "menace" => menace(view),
            "hexapawn" => her(view),
            other => Err(KitError::View(format!(
                "the {other} exhibit has no matchboxes: kits are for menace and hexapawn"
            ))),
        }
    }
}

fn bad(what: impl Into<String>) -> KitError {
    KitError::View(what.into())
}

fn field<'a>(v: &'a Value, name: &str, at: &str) -> Result<&'a Value, KitError> {
    v.get(name)
        .ok_or_else(|| bad(format!("{at}: no field '{name}'")))
}

fn number(v: &Value, name: &str, at: &str) -> Result<u64, KitError> {
    field(v, name, at)?.as_u64().ok_or_else(|| {
        bad(format!(
            "{at}: '{}' is not a whole number",
            ludomat_io::text::escape_controls(name)
        ))
    })
}

/// A note for a game in progress: its drawn beads are out of their boxes.
fn in_play(view: &Value) -> String {
    match view
        .get("boxes_in_play")
        .and_then(Value::as_array)
        .map(Vec::len)
    {
        Some(n) if n > 0 => format!(
            "; a game is in progress: the bead{} drawn from {n} box{} in it {} out, as on a table",
            if n == 1 { "" } else { "s" },
            if n == 1 { "" } else { "es" },
            if n == 1 { "is" } else { "are" }
        ),
        _ => String::new(),
    }
}

fn count(v: &Value, at: &str) -> Result<u32, KitError> {
    v.as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .filter(|&n| n <= ludomat_menace::CAPACITY)
        .ok_or_else(|| {
            bad(format!(
                "{at}: a bead count must be a whole number up to {}",
                ludomat_menace::CAPACITY
            ))
        })
}

/// The MENACE exhibit's view.
pub(crate) fn menace(view: &Value) -> Result<Kit, KitError> {
    let side = match field(view, "menace", "view")?.as_str() {
        Some("X") => Player::First,
        Some("O") => Player::Second,
        _ => return Err(bad("view: 'menace' is neither 'X' nor 'O'")),
    };
    let index = BoxIndex::of(side);
    let mut counts = vec![[0u32; 9]; index.len()];
    let mut seen = vec![false; index.len()];
    let groups = field(view, "boxes", "view")?
        .as_array()
        .ok_or_else(|| bad("view: 'boxes' is not a list"))?;
    for g in groups {
        let boxes = field(g, "boxes", "view.boxes[]")?
            .as_array()
            .ok_or_else(|| bad("view.boxes[].boxes is not a list"))?;
        for b in boxes {
            let id = number(b, "id", "a box")? as usize;
            let at = format!("box #{id}");
            let picture = index
                .pictures()
                .get(id)
                .ok_or_else(|| bad(format!("{at}: MENACE has {} boxes", index.len())))?;
            let text = field(b, "picture", &at)?.as_str().unwrap_or("");
            let expect: String = picture.to_string().replace('\n', "");
            if text.replace('/', "") != expect {
                return Err(bad(format!(
                    "{at}: the picture {text} is not box #{id}'s ({expect})"
                )));
            }
            let beads = field(b, "beads", &at)?
                .as_array()
                .filter(|a| a.len() == 9)
                .ok_or_else(|| bad(format!("{at}: 'beads' is not nine counts")))?;
            for (sq, n) in beads.iter().enumerate() {
                let n = count(n, &at)?;
                if n > 0 && expect.as_bytes()[sq] != b'.' {
                    return Err(bad(format!(
                        "{at}: {n} beads for square {sq}, which is taken"
                    )));
                }
                counts[id][sq] = n;
            }
            if std::mem::replace(&mut seen[id], true) {
                return Err(bad(format!("{at} appears twice")));
            }
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return Err(bad(format!(
            "box #{missing} is missing: the view must hold all {} boxes",
            index.len()
        )));
    }
    let games = field(view, "counters", "view")
        .and_then(|c| number(c, "games", "view.counters"))
        .unwrap_or(0);
    let rules = view
        .get("rules_name")
        .and_then(Value::as_str)
        .unwrap_or("unknown");
    let origin = format!(
        "the museum's MENACE after {games} game{} of this visit ({rules} rules){}",
        if games == 1 { "" } else { "s" },
        in_play(view)
    );
    let rules: ludomat_menace::Rules = field(view, "rules", "view").and_then(|r| {
        serde_json::from_value(r.clone())
            .map_err(|e| bad(format!("view.rules: {}", ludomat_io::error::json(&e))))
    })?;
    Ok(Kit::menace_from_counts(side, &counts, &rules, origin))
}

/// The HER exhibit's view.
pub(crate) fn her(view: &Value) -> Result<Kit, KitError> {
    let mut boxes: Vec<HerBox> = ludomat_hexapawn::generate();
    let mut seen = vec![false; boxes.len()];
    let list = field(view, "boxes", "view")?
        .as_array()
        .ok_or_else(|| bad("view: 'boxes' is not a list"))?;
    for b in list {
        let id = number(b, "id", "a box")? as usize;
        let at = format!("box #{id}");
        let n_boxes = boxes.len();
        let mine = boxes
            .get_mut(id)
            .ok_or_else(|| bad(format!("{at}: HER has {n_boxes} boxes")))?;
        let text = field(b, "picture", &at)?.as_str().unwrap_or("");
        if text != mine.picture.line() {
            return Err(bad(format!(
                "{at}: the picture {text} is not box #{id}'s ({})",
                mine.picture.line()
            )));
        }
        let beads = field(b, "beads", &at)?
            .as_array()
            .ok_or_else(|| bad(format!("{at}: 'beads' is not a list")))?;
        for slot in &mut mine.beads {
            slot.1 = 0;
        }
        for bead in beads {
            let name = field(bead, "name", &at)?.as_str().unwrap_or("");
            let n = count(field(bead, "count", &at)?, &at)?;
            let slot = mine
                .beads
                .iter_mut()
                .find(|(m, _)| m.to_string() == name)
                .ok_or_else(|| bad(format!("{at}: {name} is not a move of its picture")))?;
            slot.1 = n;
        }
        if std::mem::replace(&mut seen[id], true) {
            return Err(bad(format!("{at} appears twice")));
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return Err(bad(format!(
            "box #{missing} is missing: the view must hold all {} boxes",
            boxes.len()
        )));
    }
    let games = field(view, "counters", "view")
        .and_then(|c| number(c, "games", "view.counters"))
        .unwrap_or(0);
    let origin = format!(
        "the museum's HER after {games} game{} of this visit{}",
        if games == 1 { "" } else { "s" },
        in_play(view)
    );
    Ok(Kit::her(&boxes, origin))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludomat_game::Session;

    #[test]
    fn a_menace_view_gives_the_sessions_boxes() {
        let mut s = ludomat_menace::MenaceSession::new(ludomat_menace::MenaceConfig {
            opponent: ludomat_menace::OpponentKind::Random,
            seed: Some(3),
            ..Default::default()
        })
        .unwrap_or_else(|e| panic!("{e}"));
        s.apply(ludomat_menace::MenaceAction::PlayGames { n: 20 })
            .unwrap_or_else(|e| panic!("{e}"));
        let v = serde_json::to_value(s.view()).unwrap();
        let kit = Kit::from_view("menace", &v).unwrap();
        assert_eq!(kit.boxes.len(), 304);
        assert_eq!(kit.bead_total(), v["bead_total"].as_u64().unwrap());
        assert!(kit.origin.contains("after 20 games"), "{}", kit.origin);

        let mut broken = v.clone();
        broken["boxes"][1]["boxes"][0]["picture"] = "XXXXXXXXX".into();
        let e = Kit::from_view("menace", &broken).unwrap_err().to_string();
        assert!(
            e.contains("box #1: the picture XXXXXXXXX is not box #1's"),
            "{e}"
        );
        let mut short = v.clone();
        short["boxes"][3]["boxes"] = serde_json::json!([]);
        let e = Kit::from_view("menace", &short).unwrap_err().to_string();
        assert!(e.contains("is missing"), "{e}");
        let e = Kit::from_view("qubic", &v).unwrap_err().to_string();
        assert!(e.contains("no matchboxes"), "{e}");

        // Mid-game, the drawn bead is out of its box, and the kit says so.
        s.apply(ludomat_menace::MenaceAction::NewGame)
            .unwrap_or_else(|e| panic!("{e}"));
        s.apply(ludomat_menace::MenaceAction::Step)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            s.view().boxes_in_play.len(),
            1,
            "MENACE (X) drew its first bead"
        );
        let v = serde_json::to_value(s.view()).unwrap();
        let kit = Kit::from_view("menace", &v).unwrap();
        assert_eq!(kit.bead_total(), v["bead_total"].as_u64().unwrap());
        assert!(
            kit.origin.contains("a game is in progress"),
            "{}",
            kit.origin
        );
    }

    #[test]
    fn a_her_view_gives_the_sessions_boxes() {
        let mut s = ludomat_hexapawn::HexapawnSession::new(ludomat_hexapawn::HexapawnConfig {
            white: ludomat_hexapawn::WhiteKind::Random,
            seed: Some(3),
        })
        .unwrap_or_else(|e| panic!("{e}"));
        s.apply(ludomat_hexapawn::HexapawnAction::PlayGames { n: 30 })
            .unwrap_or_else(|e| panic!("{e}"));
        let v = serde_json::to_value(s.view()).unwrap();
        let kit = Kit::from_view("hexapawn", &v).unwrap();
        assert_eq!(kit.boxes.len(), 19);
        let left: u64 = v["boxes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["total"].as_u64().unwrap())
            .sum();
        assert_eq!(kit.bead_total(), left);
        assert!(
            left < 47,
            "HER lost beads in 30 games against a random White"
        );
    }
}
