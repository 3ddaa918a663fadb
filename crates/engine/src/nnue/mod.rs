//! The neural evaluation (NNUE): [`features`] (the inputs, one per man, by perspective).
//! The data it is trained on and the trainer are in `shatar-engine-tools`.

pub mod features;
