//! The trainer of the neural evaluation, on the CPU: the records of `nnue_data` runs of one
//! bers family, a held-out part, minibatches over several threads, Adam, a loss on a blend
//! of the search's score and the game's result, a checkpoint after every epoch.
//!
//! 1. Data: the records of the family's rulesets; every [`HOLD_OUT_EVERY`]th block of
//!    [`BLOCK`] records (a block is a few whole games, so no game is on both sides) is
//!    held out.
//! 2. Loss: the network's output `o` (1.0 = 400 cp) is read as an expected score
//!    `σ(o)`; the target is `λ·σ(score/400) + (1−λ)·result` (result 0, ½, 1 for the side
//!    to move); the loss is the mean squared difference.
//! 3. Steps: each epoch shuffles the training records (seeded) and takes minibatches;
//!    the threads split a minibatch and their gradients are summed; Adam updates every
//!    weight.
//! 4. Schedule: the learning rate drops tenfold for the last [`LR_DROP_FRACTION`] of the
//!    epochs.
//! 5. Output: after every epoch the checkpoint (weights and Adam's moments, to resume
//!    from) and the quantised network file.

pub mod model;

use crate::nnue_data::record::{RECORD_BYTES, Record};
use crate::nnue_data::replace_file;
use model::Weights;
use shatar_engine::nnue::network::{Family, HIDDEN};
use shatar_engine::rng::Xorshift;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Records in a block of the hold-out split.
pub const BLOCK: usize = 1024;
/// One block in this many is held out.
pub const HOLD_OUT_EVERY: usize = 20;
/// The share of the epochs, at the end, trained at a tenth of the learning rate.
pub const LR_DROP_FRACTION: f64 = 0.25;
/// The score scale of the loss's sigmoid, in centipawns (the network's `SCALE`).
pub const SIGMOID_CP: f32 = 400.0;

/// How to train.
#[derive(Debug, Clone)]
pub struct TrainConfig {
    /// The family whose records are used.
    pub family: Family,
    /// Passes over the training records.
    pub epochs: usize,
    /// Records a minibatch.
    pub batch: usize,
    /// Adam's learning rate.
    pub lr: f32,
    /// The weight of the search's score in the target (the rest is the result's).
    pub lambda: f32,
    /// Threads.
    pub threads: usize,
    /// The seed of the first weights and the shuffles.
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            family: Family::QueenBers,
            epochs: 20,
            batch: 16384,
            lr: 0.001,
            lambda: 0.75,
            threads: 2,
            seed: 1,
        }
    }
}

/// Why training could not go on.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// Reading or writing a file.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A data file that cannot be read or is not whole valid records.
    #[error(transparent)]
    Data(#[from] crate::nnue_data::RunError),
    /// A checkpoint that cannot be read.
    #[error("{path}: not a checkpoint of this network: {message}")]
    BadCheckpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// Too little data.
    #[error("{0} records of the family: too few to train on (at least {min})", min = 2 * BLOCK * HOLD_OUT_EVERY)]
    TooFew(usize),
}

/// The records of one family, split.
pub struct Dataset {
    /// Training records.
    pub train: Vec<[u8; RECORD_BYTES]>,
    /// Held-out records.
    pub valid: Vec<[u8; RECORD_BYTES]>,
}

impl Dataset {
    /// Reads data files and keeps the records of `family`, checking every one.
    pub fn load(paths: &[PathBuf], family: Family) -> Result<Dataset, TrainError> {
        let mut kept = Vec::new();
        for path in paths {
            crate::nnue_data::visit_records(path, &mut |b, r| {
                if Family::of(r.preset.ruleset().bers) == family {
                    kept.push(*b);
                }
            })?;
        }
        if kept.len() < 2 * BLOCK * HOLD_OUT_EVERY {
            return Err(TrainError::TooFew(kept.len()));
        }
        let (mut train, mut valid) = (Vec::new(), Vec::new());
        for (i, block) in kept.chunks(BLOCK).enumerate() {
            if i % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
                valid.extend_from_slice(block);
            } else {
                train.extend_from_slice(block);
            }
        }
        Ok(Dataset { train, valid })
    }
}

/// A position as the network reads it: its features and the target.
struct Sample {
    us: arrayvec::ArrayVec<usize, 32>,
    them: arrayvec::ArrayVec<usize, 32>,
    target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn sample(bytes: &[u8; RECORD_BYTES], lambda: f32) -> Option<Sample> {
    let r = Record::from_bytes(bytes).ok()?;
    let target =
        lambda * sigmoid(f32::from(r.score) / SIGMOID_CP) + (1.0 - lambda) * r.result.score();
    Some(Sample {
        us: r.features(r.turn).collect(),
        them: r.features(!r.turn).collect(),
        target,
    })
}

/// The loss of one sample and its derivative by the output.
fn loss(w: &Weights, s: &Sample, acc: &mut [[f32; HIDDEN]; 2]) -> (f32, f32) {
    let p = sigmoid(w.forward(&s.us, &s.them, acc));
    let e = p - s.target;
    (e * e, 2.0 * e * p * (1.0 - p))
}

/// The mean loss over `records`, on `threads` threads.
pub fn mean_loss(w: &Weights, records: &[[u8; RECORD_BYTES]], lambda: f32, threads: usize) -> f64 {
    if records.is_empty() {
        return 0.0;
    }
    let chunk = records.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = records
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut acc = [[0.0; HIDDEN]; 2];
                    part.iter()
                        .filter_map(|b| sample(b, lambda))
                        .map(|s| f64::from(loss(w, &s, &mut acc).0))
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / records.len() as f64
}

/// Adam's state.
#[derive(Clone)]
pub struct Adam {
    /// First moments.
    pub m: Weights,
    /// Second moments.
    pub v: Weights,
    /// Steps taken.
    pub t: u64,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl Adam {
    /// A fresh optimiser.
    pub fn new() -> Adam {
        Adam {
            m: Weights::zeros(),
            v: Weights::zeros(),
            t: 0,
        }
    }

    /// One step of `lr` along the mean gradient `grad` (a sum over `n` samples).
    pub fn step(&mut self, w: &mut Weights, grad: &Weights, n: usize, lr: f32) {
        self.t += 1;
        let c1 = 1.0 - BETA1.powi(self.t.min(1 << 20) as i32);
        let c2 = 1.0 - BETA2.powi(self.t.min(1 << 20) as i32);
        let scale = 1.0 / n.max(1) as f32;
        for (((w, g), m), v) in w
            .values_mut()
            .zip(grad.values())
            .zip(self.m.values_mut())
            .zip(self.v.values_mut())
        {
            let g = g * scale;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *w -= lr * (*m / c1) / ((*v / c2).sqrt() + EPSILON);
        }
    }
}

impl Default for Adam {
    fn default() -> Self {
        Adam::new()
    }
}

/// A training run's state: what a checkpoint holds.
#[derive(Clone)]
pub struct State {
    /// The weights.
    pub weights: Weights,
    /// The optimiser.
    pub adam: Adam,
    /// Epochs done.
    pub epoch: usize,
}

/// A report after each epoch.
#[derive(Debug, Clone, Copy)]
pub struct EpochReport {
    /// The epoch just done (1 = the first).
    pub epoch: usize,
    /// The mean training loss over the epoch's minibatches.
    pub train_loss: f64,
    /// The held-out loss after it.
    pub valid_loss: f64,
    /// Training records a second in the epoch.
    pub positions_per_second: f64,
}

const CHECKPOINT_MAGIC: &[u8; 8] = b"SHNNCKPT";

impl State {
    /// A new run from seeded weights.
    pub fn new(seed: u64) -> State {
        State {
            weights: Weights::random(seed),
            adam: Adam::new(),
            epoch: 0,
        }
    }

    /// The checkpoint's bytes: magic, hidden size, epoch, Adam's step, then the weights and
    /// both moments as `f32`, little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = CHECKPOINT_MAGIC.to_vec();
        b.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        b.extend_from_slice(&(self.epoch as u32).to_le_bytes());
        b.extend_from_slice(&self.adam.t.to_le_bytes());
        for w in [&self.weights, &self.adam.m, &self.adam.v] {
            for x in w.values() {
                b.extend_from_slice(&x.to_le_bytes());
            }
        }
        b
    }

    /// Reads a checkpoint.
    pub fn from_bytes(b: &[u8]) -> Result<State, String> {
        let count = Weights::zeros().values().count();
        let expected = 24 + 3 * 4 * count;
        if b.len() != expected {
            return Err(format!("{} bytes, a checkpoint has {expected}", b.len()));
        }
        if &b[..8] != CHECKPOINT_MAGIC {
            return Err("no SHNNCKPT at its start".into());
        }
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        if u32_at(8) as usize != HIDDEN {
            return Err(format!(
                "accumulator size {}, this trainer's is {HIDDEN}",
                u32_at(8)
            ));
        }
        let mut t = [0u8; 8];
        t.copy_from_slice(&b[16..24]);
        let mut state = State {
            weights: Weights::zeros(),
            adam: Adam {
                t: u64::from_le_bytes(t),
                ..Adam::new()
            },
            epoch: u32_at(12) as usize,
        };
        let mut floats = b[24..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        for w in [&mut state.weights, &mut state.adam.m, &mut state.adam.v] {
            for (x, f) in w.values_mut().zip(&mut floats) {
                *x = f;
            }
        }
        Ok(state)
    }

    /// Reads a checkpoint file.
    pub fn load(path: &Path) -> Result<State, TrainError> {
        let b = std::fs::read(path).map_err(|source| TrainError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        State::from_bytes(&b).map_err(|message| TrainError::BadCheckpoint {
            path: path.to_path_buf(),
            message,
        })
    }
}

/// Trains `state` on `data` up to `config.epochs`, writing after each epoch the
/// checkpoint to `checkpoint` and the network file to `net_out` (each written whole to a
/// new file, then renamed over the old). `on_batch` hears (epoch, minibatch, minibatches).
pub fn train(
    config: &TrainConfig,
    data: &Dataset,
    state: &mut State,
    checkpoint: &Path,
    net_out: &Path,
    on_epoch: &mut dyn FnMut(&EpochReport),
    on_batch: &mut dyn FnMut(usize, usize, usize),
) -> Result<(), TrainError> {
    let threads = config.threads.max(1);
    let mut grads: Vec<Weights> = (0..threads).map(|_| Weights::zeros()).collect();
    let mut order: Vec<usize> = (0..data.train.len()).collect();
    while state.epoch < config.epochs {
        let start = Instant::now();
        // 3. A seeded shuffle per epoch, the same on a resumed run.
        let mut rng = Xorshift::new(
            config.seed ^ (state.epoch as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d),
        );
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        // 4. The schedule.
        let drop_at = ((1.0 - LR_DROP_FRACTION) * config.epochs as f64).ceil() as usize;
        let lr = if state.epoch >= drop_at {
            config.lr / 10.0
        } else {
            config.lr
        };
        let batches = order.len().div_ceil(config.batch.max(1));
        let mut loss_sum = 0.0f64;
        for (b, batch) in order.chunks(config.batch.max(1)).enumerate() {
            let chunk = batch.len().div_ceil(threads);
            let weights = &state.weights;
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .chunks(chunk)
                    .zip(grads.iter_mut())
                    .map(|(part, grad)| {
                        scope.spawn(move || {
                            grad.values_mut().for_each(|x| *x = 0.0);
                            let mut acc = [[0.0; HIDDEN]; 2];
                            let mut sum = 0.0f64;
                            for &i in part {
                                if let Some(s) = sample(&data.train[i], config.lambda) {
                                    let (l, d) = loss(weights, &s, &mut acc);
                                    weights.backward(&s.us, &s.them, &acc, d, grad);
                                    sum += f64::from(l);
                                }
                            }
                            sum
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0.0))
                    .collect()
            });
            let used = batch.chunks(chunk).count();
            let (first, rest) = grads.split_at_mut(1);
            for g in rest.iter().take(used.saturating_sub(1)) {
                first[0].add(g);
            }
            state
                .adam
                .step(&mut state.weights, &first[0], batch.len(), lr);
            loss_sum += losses.iter().sum::<f64>();
            on_batch(state.epoch + 1, b + 1, batches);
        }
        state.epoch += 1;
        let seconds = start.elapsed().as_secs_f64();
        // 5. Output.
        write_whole(checkpoint, &state.to_bytes())?;
        write_whole(
            net_out,
            &shatar_engine::nnue::file::write(&state.weights.quantise(config.family)),
        )?;
        on_epoch(&EpochReport {
            epoch: state.epoch,
            train_loss: loss_sum / order.len().max(1) as f64,
            valid_loss: mean_loss(&state.weights, &data.valid, config.lambda, threads),
            positions_per_second: order.len() as f64 / seconds.max(1e-9),
        });
    }
    Ok(())
}

/// Writes `bytes` to `path` whole (see [`replace_file`]).
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    replace_file(path, bytes).map_err(|source| TrainError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_engine::nnue::accumulator::{Accumulator, Men};
    use shatar_rules::{Position, Ruleset};

    #[test]
    fn the_quantised_network_gives_the_float_output() {
        // Output weights of a trained network's size (the random start's are a few
        // quantisation steps, where rounding alone moves the output by a tenth).
        let mut w = Weights::random(5);
        w.output.iter_mut().flatten().for_each(|x| *x *= 8.0);
        let net = w.quantise(Family::WeakBers);
        let mut pos = Position::start(Ruleset::FSF);
        let mut rng = Xorshift::new(9);
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.after(moves[rng.below(moves.len())]);
            let r = Record::from_position(
                &pos,
                0,
                crate::nnue_data::record::Wdl::Draw,
                shatar_rules::Preset::Fsf,
            )
            .unwrap();
            let us: Vec<usize> = r.features(r.turn).collect();
            let them: Vec<usize> = r.features(!r.turn).collect();
            let float_cp = w.forward(&us, &them, &mut [[0.0; HIDDEN]; 2]) * SIGMOID_CP;
            let int_cp = Accumulator::fresh(&net, &Men::of(&pos)).output(&net, pos.turn());
            assert!(
                (float_cp - int_cp as f32).abs() <= 4.0 + 0.02 * float_cp.abs(),
                "{float_cp} {int_cp}"
            );
        }
    }

    #[test]
    fn a_checkpoint_round_trips() {
        let mut s = State::new(3);
        s.epoch = 4;
        s.adam.t = 77;
        s.adam.m.output_bias = 0.5;
        let back = State::from_bytes(&s.to_bytes()).unwrap();
        assert_eq!(back.epoch, 4);
        assert_eq!(back.adam.t, 77);
        assert!(back.weights.values().eq(s.weights.values()));
        assert!(back.adam.m.values().eq(s.adam.m.values()));
        assert!(State::from_bytes(&s.to_bytes()[..100]).is_err());
    }
}
