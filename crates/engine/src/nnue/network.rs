//! The network: the features of each perspective into an accumulator of [`HIDDEN`]
//! values (one weight row per feature, so a move changes a few rows' worth), both
//! accumulators side by side (the side to move's first), clipped to `0..=QA`, into one
//! output. Integers throughout: the first layer's weights at scale [`QA`], the output's at
//! [`QB`]; the output times [`SCALE`] over `QA·QB` is centipawns.

use super::features::FEATURES;

/// The accumulator's size, chosen by measurement (docs/engine/nnue.md).
pub const HIDDEN: usize = 256;

/// The first layer's scale: a weight of 1.0 is stored as 255, and the accumulator's
/// activation clips at 255 (1.0).
pub const QA: i32 = 255;

/// The output layer's scale.
pub const QB: i32 = 64;

/// Centipawns of an output of 1.0 (the trainer's sigmoid scale).
pub const SCALE: i32 = 400;

/// Which bers a network is trained for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// The queen-like bers: `official`, `competition`.
    QueenBers = 0,
    /// The weak bers: `fsf`, `traditional`, `traditional-step-back`.
    WeakBers = 1,
}

impl Family {
    /// Both families.
    pub const ALL: [Family; 2] = [Family::QueenBers, Family::WeakBers];

    /// The family of a ruleset's bers.
    pub fn of(bers: shatar_rules::ruleset::BersMove) -> Family {
        match bers {
            shatar_rules::ruleset::BersMove::Queen => Family::QueenBers,
            shatar_rules::ruleset::BersMove::Weak => Family::WeakBers,
        }
    }

    /// Its name: `queen-bers`, `weak-bers`.
    pub const fn name(self) -> &'static str {
        match self {
            Family::QueenBers => "queen-bers",
            Family::WeakBers => "weak-bers",
        }
    }
}

/// One accumulator's values.
pub type Values = [i16; HIDDEN];

/// A quantised network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// The family it is trained for.
    pub family: Family,
    /// The first layer: one row of [`HIDDEN`] weights per feature.
    pub feature_weights: Vec<Values>,
    /// The first layer's bias.
    pub feature_bias: Values,
    /// The output's weights: the side to move's accumulator's, then the other side's.
    pub output_weights: [Values; 2],
    /// The output's bias, at scale `QA·QB`.
    pub output_bias: i32,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({}, {FEATURES}→{HIDDEN}×2→1)",
            self.family.name()
        )
    }
}

impl Network {
    /// A network of zeros (the start of a test or a file being read).
    pub fn zeroed(family: Family) -> Network {
        Network {
            family,
            feature_weights: vec![[0; HIDDEN]; FEATURES],
            feature_bias: [0; HIDDEN],
            output_weights: [[0; HIDDEN]; 2],
            output_bias: 0,
        }
    }

    /// The accumulator of a perspective whose active features are `active`, from
    /// scratch.
    pub fn accumulate(&self, active: impl IntoIterator<Item = usize>) -> Values {
        let mut values = self.feature_bias;
        for f in active {
            add(&mut values, &self.feature_weights[f]);
        }
        values
    }

    /// The output in centipawns for the side to move, from the side to move's accumulator
    /// and the other side's.
    #[inline]
    pub fn output(&self, us: &Values, them: &Values) -> i32 {
        // Widened: each half may take up nearly all of an i32.
        let sum = i64::from(dot_clipped(us, &self.output_weights[0]))
            + i64::from(dot_clipped(them, &self.output_weights[1]))
            + i64::from(self.output_bias);
        (sum * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// `values += row`, element by element (the compiler vectorises the loop).
#[inline]
pub fn add(values: &mut Values, row: &Values) {
    for (v, w) in values.iter_mut().zip(row) {
        *v = v.wrapping_add(*w);
    }
}

/// `values -= row`.
#[inline]
pub fn sub(values: &mut Values, row: &Values) {
    for (v, w) in values.iter_mut().zip(row) {
        *v = v.wrapping_sub(*w);
    }
}

/// `Σ clamp(v, 0, QA) · w`, in 32 bits: at most 256 · 255 · 32767 < 2³¹.
#[inline]
fn dot_clipped(values: &Values, weights: &Values) -> i32 {
    values
        .iter()
        .zip(weights)
        .map(|(&v, &w)| i32::from(v.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}

/// A network of seeded random weights of the size a trained one has (±200 in the first
/// layer, so the accumulators cross the clipping bounds), for the tests.
#[cfg(test)]
pub(crate) fn random_network(seed: u64) -> Network {
    let mut rng = crate::rng::Xorshift::new(seed);
    let mut net = Network::zeroed(Family::WeakBers);
    let mut w = || (rng.next_u64() % 401) as i16 - 200;
    for row in net
        .feature_weights
        .iter_mut()
        .chain([&mut net.feature_bias])
    {
        row.iter_mut().for_each(|x| *x = w());
    }
    for row in &mut net.output_weights {
        row.iter_mut().for_each(|x| *x = w());
    }
    net.output_bias = -12345;
    net
}
