//! [`PatashnikPlayer`]: the first player on 4×4×4 playing Patashnik's strategy as the
//! dictionary's header prescribes and as [`super::check`] verified it: complete a four;
//! else block the second player's three; else the dictionary's move (under the 192
//! symmetries); else a threat sequence, which it then plays out move by move while the
//! second player makes the forced blocks.

use ludomat_game::{Agent, AgentError, Game, Player};

use super::canonical::SymHashes;
use super::certificate::Bundled;
use super::dictionary::Dictionary;
#[cfg(feature = "patashnik")]
use super::dictionary::DictionaryError;
use super::tables::{image, tables};
use super::threats::{search_on_thread, Board3, O, X};
use crate::{Board, Cell};

/// Most different certificates found by proof runs that are played at once (see
/// [`ProofPlayer::found`]).
pub const FOUND_BOOKS: usize = 4;

/// How the player chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Completes a four.
    Win,
    /// Blocks the second player's three.
    Block,
    /// The dictionary's move, from this file line.
    Dictionary(usize),
    /// The next move of a threat sequence (1-based move within it, its length).
    Threat(usize, usize),
    /// A move stored in the certificate that no simpler rule names.
    Stored,
}

/// What both players do before their own rule: complete a four; else go on with the threat
/// sequence being played (`plan`, at move `step`) while the second player blocks as
/// forced. `Err` with the second player's threes (the cells completing its four) when
/// neither applies; the plan is then dropped.
fn win_or_next_threat(
    plan: &mut Vec<usize>,
    step: &mut usize,
    x: u64,
    o: u64,
) -> Result<(usize, Rule), u64> {
    let b = Board3::from_stones(x, o);
    let mine = b.threats(X);
    if mine != 0 {
        plan.clear();
        return Ok((mine.trailing_zeros() as usize, Rule::Win));
    }
    let theirs = b.threats(O);
    if let Some(&next) = plan.get(*step) {
        let free = (x | o) >> next & 1 == 0;
        if free && (theirs == 0 || theirs == 1 << next) {
            *step += 1;
            return Ok((next, Rule::Threat(*step, plan.len())));
        }
    }
    plan.clear();
    Err(theirs)
}

/// The first player following Patashnik's dictionary.
#[derive(Debug, Clone)]
pub struct PatashnikPlayer {
    dict: Dictionary,
    threat_depth: u8,
    /// The threat sequence being played (board cells) and how far it has got.
    plan: Vec<usize>,
    step: usize,
    /// How the last move was chosen.
    pub last_rule: Option<Rule>,
}

impl PatashnikPlayer {
    /// A player for `dict` (which should have passed [`super::check::check`] with the
    /// same `threat_depth`).
    #[must_use]
    pub fn new(dict: Dictionary, threat_depth: u8) -> PatashnikPlayer {
        PatashnikPlayer {
            dict,
            threat_depth,
            plan: Vec::new(),
            step: 0,
            last_rule: None,
        }
    }

    /// The player for the bundled dictionary (threat sequences of at most 20 threes).
    ///
    /// # Errors
    /// Only if the bundled file were damaged.
    #[cfg(feature = "patashnik")]
    pub fn patashnik() -> Result<PatashnikPlayer, DictionaryError> {
        Ok(PatashnikPlayer::new(Dictionary::patashnik()?, 20))
    }

    /// The move for the position with first-player stones `x` and second-player stones
    /// `o` (the first player to move), and the rule that chose it.
    #[must_use]
    pub fn decide(&mut self, x: u64, o: u64) -> Option<(usize, Rule)> {
        let theirs = match win_or_next_threat(&mut self.plan, &mut self.step, x, o) {
            Ok(decided) => return Some(decided),
            Err(theirs) => theirs,
        };
        if theirs != 0 {
            return Some((theirs.trailing_zeros() as usize, Rule::Block));
        }
        if let Some((i, c)) = self.dict.move_for(x, o) {
            return Some((c, Rule::Dictionary(self.dict.entries[i].line)));
        }
        // As the check does: search in the canonical form, carry the moves back.
        let t = tables();
        let s = SymHashes::of(x, o).best();
        let mut canon = Board3::from_stones(image(t, s, x), image(t, s, o));
        let seq = search_on_thread(&mut canon, self.threat_depth, false)?;
        let back = t.inverse[s];
        self.plan = seq
            .iter()
            .map(|&c| image(t, back, 1 << c).trailing_zeros() as usize)
            .collect();
        self.step = 1;
        Some((self.plan[0], Rule::Threat(1, self.plan.len())))
    }
}

impl Agent<Board<3>> for PatashnikPlayer {
    fn name(&self) -> String {
        "patashnik".into()
    }

    fn new_game(&mut self, _me: Player) {
        self.plan.clear();
        self.last_rule = None;
    }

    fn choose(&mut self, position: &Board<3>) -> Result<Cell<3>, AgentError> {
        let me = position.side_to_move();
        if me != Player::First {
            return Err(AgentError::Failed(
                "Patashnik's strategy is for the first player".into(),
            ));
        }
        let x = position.cells_of(me).0[0];
        let o = position.cells_of(me.opponent()).0[0];
        let (c, rule) = self.decide(x, o).ok_or_else(|| {
            AgentError::Failed("no dictionary move and no threat sequence".into())
        })?;
        self.last_rule = Some(rule);
        Cell::new(c).ok_or_else(|| AgentError::Failed(format!("cell {c}")))
    }
}

/// The first player on 4×4×4 playing **a certificate**: at every position the proof
/// reaches, the record the independent checker re-checked ([`ludomat_qubic_verify::ProofBook`],
/// looked up through the symmetries); a threat line is played out move by move. With
/// Patashnik's dictionary at hand each move is also named in his terms where it is his
/// dictionary's move or a block.
#[derive(Debug, Clone)]
pub struct ProofPlayer {
    book: std::sync::Arc<ludomat_qubic_verify::ProofBook>,
    dict: Option<Dictionary>,
    /// Which certificate it plays, in a few words.
    pub certificate: String,
    plan: Vec<usize>,
    step: usize,
    /// How the last move was chosen.
    pub last_rule: Option<Rule>,
}

impl ProofPlayer {
    /// A player of the certificate in `book` (described as `certificate`), naming moves
    /// from `dict` when given.
    #[must_use]
    pub fn new(
        book: std::sync::Arc<ludomat_qubic_verify::ProofBook>,
        dict: Option<Dictionary>,
        certificate: impl Into<String>,
    ) -> ProofPlayer {
        ProofPlayer {
            book,
            dict,
            certificate: certificate.into(),
            plan: Vec::new(),
            step: 0,
            last_rule: None,
        }
    }

    /// The book of a bundled certificate (checked as it is read, about a second once).
    fn book_of(which: Bundled) -> Result<std::sync::Arc<ludomat_qubic_verify::ProofBook>, String> {
        use ludomat_qubic_verify::{Certificate, Geometry, ProofBook};
        let bytes = which
            .bytes()
            .ok_or_else(|| format!("{} is not in this build", which.describe()))?;
        let cert = Certificate::read(bytes).map_err(|e| format!("{}: {e}", which.describe()))?;
        let book = ProofBook::new(&Geometry::new(), &cert)
            .map_err(|e| format!("{}: {e}", which.describe()))?;
        Ok(std::sync::Arc::new(book))
    }

    /// The player of the bundled certificate of Patashnik's strategy, naming his
    /// dictionary's moves.
    ///
    /// # Errors
    /// Only if the bundled files were damaged: the message says which.
    #[cfg(feature = "patashnik")]
    pub fn bundled() -> Result<ProofPlayer, String> {
        let book = Self::book_of(Bundled::Patashnik)?;
        let dict = Dictionary::patashnik().map_err(|e| format!("Patashnik's dictionary: {e}"))?;
        Ok(ProofPlayer::new(
            book,
            Some(dict),
            Bundled::Patashnik.describe(),
        ))
    }

    /// The player of ludomat's own certificate, found from scratch with no dictionary.
    ///
    /// # Errors
    /// Only if the bundled file were damaged: the message says so.
    pub fn from_scratch() -> Result<ProofPlayer, String> {
        let book = Self::book_of(Bundled::FromScratch)?;
        Ok(ProofPlayer::new(
            book,
            None,
            Bundled::FromScratch.describe(),
        ))
    }

    /// The player of a certificate found by a proof run (`bytes`, gzip), checked as it is
    /// read, described as `certificate`, naming moves from `dict` when given. Players of
    /// the same bytes share one book while any of them is alive, and at most
    /// [`FOUND_BOOKS`] different found books are alive at once (each holds every record
    /// of its proof, tens of megabytes).
    ///
    /// # Errors
    /// A damaged certificate, or [`FOUND_BOOKS`] others in play: the message says which.
    pub fn found(
        bytes: &[u8],
        dict: Option<Dictionary>,
        certificate: impl Into<String>,
    ) -> Result<ProofPlayer, String> {
        use ludomat_qubic_verify::{Certificate, Geometry, ProofBook};
        use std::hash::{Hash, Hasher};
        use std::sync::{Mutex, OnceLock, Weak};
        type Books = Mutex<Vec<((usize, u64), Weak<ProofBook>)>>;
        static BOOKS: OnceLock<Books> = OnceLock::new();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut h);
        let key = (bytes.len(), h.finish());
        let books = BOOKS.get_or_init(|| Mutex::new(Vec::new()));
        let mut books = books
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        books.retain(|(_, b)| b.strong_count() > 0);
        if let Some(book) = books
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, b)| b.upgrade())
        {
            return Ok(ProofPlayer::new(book, dict, certificate));
        }
        if books.len() >= FOUND_BOOKS {
            return Err(format!(
                "{} different found certificates are being played already, the most at once: \
                 play the bundled one, or try again when a game has ended",
                books.len()
            ));
        }
        let cert = Certificate::read(bytes).map_err(|e| format!("the certificate found: {e}"))?;
        let book = ProofBook::new(&Geometry::new(), &cert)
            .map_err(|e| format!("the certificate found: {e}"))?;
        let book = std::sync::Arc::new(book);
        books.push((key, std::sync::Arc::downgrade(&book)));
        Ok(ProofPlayer::new(book, dict, certificate))
    }

    /// The move at (`x`, `o`) (the first player to move) and how it was chosen; `None`
    /// only where the proof does not reach (never after the proof's own moves).
    #[must_use]
    pub fn decide(&mut self, x: u64, o: u64) -> Option<(usize, Rule)> {
        let theirs = match win_or_next_threat(&mut self.plan, &mut self.step, x, o) {
            Ok(decided) => return Some(decided),
            Err(theirs) => theirs,
        };
        match self.book.record(x, o)? {
            ludomat_qubic_verify::Record::Move(c) => {
                let c = usize::from(c);
                let rule = if theirs >> c & 1 == 1 {
                    Rule::Block
                } else {
                    match self
                        .dict
                        .as_ref()
                        .and_then(|d| Some((d, d.move_for(x, o)?)))
                    {
                        Some((d, (i, m))) if m == c => Rule::Dictionary(d.entries[i].line),
                        _ => Rule::Stored,
                    }
                };
                Some((c, rule))
            }
            ludomat_qubic_verify::Record::Threats(line) => {
                self.plan = line.into_iter().map(usize::from).collect();
                self.step = 1;
                Some((self.plan[0], Rule::Threat(1, self.plan.len())))
            }
        }
    }
}

impl Agent<Board<3>> for ProofPlayer {
    fn name(&self) -> String {
        "proof".into()
    }

    fn new_game(&mut self, _me: Player) {
        self.plan.clear();
        self.step = 0;
    }

    fn choose(&mut self, position: &Board<3>) -> Result<Cell<3>, AgentError> {
        let me = position.side_to_move();
        let (mut x, mut o) = (0u64, 0u64);
        for c in position.cells_of(me).iter() {
            x |= 1 << c;
        }
        for c in position.cells_of(me.opponent()).iter() {
            o |= 1 << c;
        }
        let (c, rule) = self
            .decide(x, o)
            .ok_or_else(|| AgentError::Failed("the proof does not reach this position".into()))?;
        self.last_rule = Some(rule);
        Cell::new(c).ok_or_else(|| AgentError::Failed("the proof's cell is off the board".into()))
    }
}
