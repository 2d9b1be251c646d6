//! The random numbers MENACE draws: [`Below`], a number below `n` exactly as
//! `rand` 0.8's `gen_range(0..n)` draws it from the generator's 32-bit words, and
//! [`Words`], the same numbers read from a look-ahead buffer so that a long training run
//! pays no mispredicted jump for a rejected word.
//!
//! `gen_range(0..n)` for `u32` multiplies a word by `n` and keeps the high half unless
//! the low half lies above a *zone* `(n << n.leading_zeros()) - 1`; then it rejects the
//! word and takes the next. The zone is a fast, conservative bound: for `n` a power of
//! two half the words are rejected, for `n = 3` a quarter. Which words are rejected is
//! part of which games MENACE plays for a seed, so both forms here consume exactly the
//! words `gen_range` consumes and return what it returns (tested against it word for
//! word).

use ludomat_game::seed;

/// A uniformly random number below `n` (`n >= 1`), as `rand` 0.8's `gen_range(0..n)`.
pub(crate) trait Below {
    /// A number in `0..n`.
    fn below(&mut self, n: u32) -> u32;
}

impl<R: rand::Rng + ?Sized> Below for R {
    #[inline(always)]
    fn below(&mut self, n: u32) -> u32 {
        self.gen_range(0..n)
    }
}

/// Words read at a time from the generator.
const BLOCK: usize = 64;
/// Words looked at at once by one draw.
const AHEAD: usize = 4;

/// A generator's words read ahead in blocks of [`BLOCK`]. Each draw looks at the next
/// [`AHEAD`] words at once, takes the first the zone accepts (found by a bit scan, not a
/// loop), and consumes it and the rejected ones before it. [`Words::finish`] winds the
/// generator back over the words read but not used, so it stands exactly where
/// `gen_range` would have left it.
pub(crate) struct Words<'a> {
    rng: &'a mut seed::Rng,
    buf: [u32; BLOCK],
    at: usize,
    len: usize,
}

impl<'a> Words<'a> {
    /// Draws from `rng`; call [`Words::finish`] when done.
    pub(crate) fn new(rng: &'a mut seed::Rng) -> Words<'a> {
        Words {
            rng,
            buf: [0; BLOCK],
            at: 0,
            len: 0,
        }
    }

    /// Keep the unread words, read more behind them.
    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        let keep = self.len - self.at;
        self.buf.copy_within(self.at..self.len, 0);
        rand::Rng::fill(&mut *self.rng, &mut self.buf[keep..]);
        self.at = 0;
        self.len = BLOCK;
    }

    /// Give the generator back the words read ahead but not used.
    pub(crate) fn finish(self) {
        let unread = (self.len - self.at) as u128;
        if unread > 0 {
            let pos = self.rng.get_word_pos();
            self.rng.set_word_pos(pos.wrapping_sub(unread));
        }
    }
}

impl Below for Words<'_> {
    #[inline(always)]
    fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            // Never asked (`gen_range` would panic); consume nothing.
            return 0;
        }
        let zone = (n << n.leading_zeros()).wrapping_sub(1);
        loop {
            if self.len - self.at < AHEAD {
                self.refill();
            }
            let mut accepted = 0u32;
            let mut high = [0u32; AHEAD];
            for (k, h) in high.iter_mut().enumerate() {
                let m = u64::from(self.buf[(self.at + k) % BLOCK]) * u64::from(n);
                *h = (m >> 32) as u32;
                accepted |= u32::from(m as u32 <= zone) << k;
            }
            if accepted != 0 {
                let k = accepted.trailing_zeros() as usize;
                self.at += k + 1;
                return high[k % AHEAD];
            }
            self.at += AHEAD;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn the_same_numbers_and_words_as_gen_range() {
        let ranges = [1u32, 2, 3, 4, 5, 6, 7, 8, 9, 17, 963_000, u32::MAX, 1 << 31];
        let mut a = seed::rng(3);
        let mut b = seed::rng(3);
        let mut w = Words::new(&mut b);
        let mut got = Vec::new();
        let mut want = Vec::new();
        for i in 0..20_000 {
            let n = ranges[i % ranges.len()];
            want.push(a.gen_range(0..n));
            got.push(w.below(n));
        }
        w.finish();
        assert_eq!(got, want);
        assert_eq!(a.get_word_pos(), b.get_word_pos());
        assert_eq!(a.gen::<u64>(), b.gen::<u64>());
    }
}
