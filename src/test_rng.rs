//! A small deterministic generator (xorshift64*) for the unit tests that generate their inputs,
//! so a failure reproduces from its seed.

pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// A number in `0..n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let value = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33;
        usize::try_from(value).unwrap() % n
    }

    /// One of `pool`.
    pub(crate) fn pick<'p>(&mut self, pool: &[&'p str]) -> &'p str {
        pool[self.below(pool.len())]
    }
}
