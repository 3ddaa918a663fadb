//! The neural evaluation (NNUE): [`features`] (the inputs, one per man, by perspective),
//! [`network`] (the layers, quantised), [`accumulator`] (the first layer kept along the
//! search's path, updated by each move), [`file`](mod@file) (the network file). The data it is
//! trained on and the trainer are in `shatar-engine-tools`.

pub mod accumulator;
pub mod features;
pub mod file;
pub mod network;
