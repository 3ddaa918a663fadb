//! The network in floating point, as the trainer fits it: the same layers as the engine's
//! (`shatar_engine::nnue::network`), forward and backward for one position, and its
//! quantisation into the engine's integers.

use shatar_engine::nnue::features::FEATURES;
use shatar_engine::nnue::network::{Family, HIDDEN, Network, QA, QB};

/// The weights (or their gradients, or Adam's moments: the same shape).
#[derive(Clone)]
pub struct Weights {
    /// The first layer, one row of [`HIDDEN`] per feature.
    pub feature: Vec<[f32; HIDDEN]>,
    /// The first layer's bias.
    pub feature_bias: [f32; HIDDEN],
    /// The output's weights, the side to move's accumulator's then the other's.
    pub output: [[f32; HIDDEN]; 2],
    /// The output's bias.
    pub output_bias: f32,
}

impl Weights {
    /// All zeros.
    pub fn zeros() -> Weights {
        Weights {
            feature: vec![[0.0; HIDDEN]; FEATURES],
            feature_bias: [0.0; HIDDEN],
            output: [[0.0; HIDDEN]; 2],
            output_bias: 0.0,
        }
    }

    /// Seeded random weights: the first layer uniform in ±0.1 (a few men's rows keep the
    /// accumulator inside the clipping), the output in ±1/√(2·HIDDEN).
    pub fn random(seed: u64) -> Weights {
        let mut rng = shatar_engine::rng::Xorshift::new(seed);
        let mut uniform = |bound: f32| {
            let u = (rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32;
            (2.0 * u - 1.0) * bound
        };
        let mut w = Weights::zeros();
        for row in &mut w.feature {
            row.iter_mut().for_each(|x| *x = uniform(0.1));
        }
        let out = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        for row in &mut w.output {
            row.iter_mut().for_each(|x| *x = uniform(out));
        }
        w
    }

    /// Every value, in a fixed order (for the optimiser and the checkpoints).
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.feature
            .iter_mut()
            .flat_map(|r| r.iter_mut())
            .chain(self.feature_bias.iter_mut())
            .chain(self.output.iter_mut().flat_map(|r| r.iter_mut()))
            .chain(std::iter::once(&mut self.output_bias))
    }

    /// Every value, in the same order.
    pub fn values(&self) -> impl Iterator<Item = f32> + '_ {
        self.feature
            .iter()
            .flat_map(|r| r.iter().copied())
            .chain(self.feature_bias.iter().copied())
            .chain(self.output.iter().flat_map(|r| r.iter().copied()))
            .chain(std::iter::once(self.output_bias))
    }

    /// Adds `other` into these.
    pub fn add(&mut self, other: &Weights) {
        for (a, b) in self.values_mut().zip(other.values()) {
            *a += b;
        }
    }

    /// The network's output for one position: the side to move's features `us` and the
    /// other side's `them`. Output 1.0 is [`shatar_engine::nnue::network::SCALE`]
    /// centipawns.
    pub fn forward(&self, us: &[usize], them: &[usize], acc: &mut [[f32; HIDDEN]; 2]) -> f32 {
        for (a, feats) in acc.iter_mut().zip([us, them]) {
            *a = self.feature_bias;
            for &f in feats {
                for (x, w) in a.iter_mut().zip(&self.feature[f]) {
                    *x += w;
                }
            }
        }
        let mut out = self.output_bias;
        for (a, w) in acc.iter().zip(&self.output) {
            out += a
                .iter()
                .zip(w)
                .map(|(x, w)| x.clamp(0.0, 1.0) * w)
                .sum::<f32>();
        }
        out
    }

    /// Adds into `grad` the gradient of the loss for one position whose forward pass left
    /// `acc`, given the loss's derivative `d` by the output.
    pub fn backward(
        &self,
        us: &[usize],
        them: &[usize],
        acc: &[[f32; HIDDEN]; 2],
        d: f32,
        grad: &mut Weights,
    ) {
        grad.output_bias += d;
        #[allow(clippy::needless_range_loop)] // side indexes three arrays and picks the features
        for side in 0..2 {
            let mut d_acc = [0.0f32; HIDDEN];
            for i in 0..HIDDEN {
                let x = acc[side][i];
                grad.output[side][i] += d * x.clamp(0.0, 1.0);
                // The clipping passes the gradient only inside 0..1.
                let inside = if x > 0.0 && x < 1.0 { 1.0 } else { 0.0 };
                d_acc[i] = d * self.output[side][i] * inside;
            }
            for (g, x) in grad.feature_bias.iter_mut().zip(&d_acc) {
                *g += x;
            }
            let feats = if side == 0 { us } else { them };
            for &f in feats {
                for (g, x) in grad.feature[f].iter_mut().zip(&d_acc) {
                    *g += x;
                }
            }
        }
    }

    /// The engine's integer network of these weights.
    pub fn quantise(&self, family: Family) -> Network {
        let q = |x: f32, scale: i32| {
            (x * scale as f32)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let mut net = Network::zeroed(family);
        for (row, w) in net.feature_weights.iter_mut().zip(&self.feature) {
            for (x, w) in row.iter_mut().zip(w) {
                *x = q(*w, QA);
            }
        }
        for (x, w) in net.feature_bias.iter_mut().zip(&self.feature_bias) {
            *x = q(*w, QA);
        }
        for (row, w) in net.output_weights.iter_mut().zip(&self.output) {
            for (x, w) in row.iter_mut().zip(w) {
                *x = q(*w, QB);
            }
        }
        net.output_bias = (self.output_bias * (QA * QB) as f32).round() as i32;
        net
    }
}
