//! The [`Game`] trait and the small types every game shares.

use std::fmt;

/// One of the two players of a two-player game, named by turn order: the player who
/// moves first and the player who moves second. A game maps these to its own names
/// (X and O, P and M, …).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Player {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for [`Player::First`], 1 for [`Player::Second`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first player",
            Player::Second => "second player",
        })
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// The given player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The outcome seen from `player`: +1 win, 0 draw, −1 loss.
    #[must_use]
    pub fn score_for(self, player: Player) -> i32 {
        match self {
            Outcome::Win(p) if p == player => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(p) => write!(f, "{p} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// A two-player, alternating, perfect-information game.
///
/// A value of the implementing type is a *position*; [`Game::play`] changes it. Positions
/// are cheap to clone, so search code clones freely.
pub trait Game: Clone + Send + Sync + fmt::Debug + 'static {
    /// A move, in the game's own compact form.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The position at the start of a game.
    fn start() -> Self;

    /// The player whose turn it is. Meaningless once [`Game::outcome`] is `Some`.
    fn side_to_move(&self) -> Player;

    /// Every legal move, in the game's canonical order. Empty once the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Play a legal move. The caller guarantees legality (check with [`Game::is_legal`]);
    /// an implementation may panic on an illegal move in debug builds.
    fn play(&mut self, mv: Self::Move);

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}
