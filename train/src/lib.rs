//! # cescacs-train
//!
//! Trains the engine's evaluation network (`cescacs_engine::nnue`) on the
//! CPU from the positions `research/src/bin/gen_positions.rs` writes:
//! [`data`] reads them as features and labels, [`model`] is the float
//! network with its forward and backward pass and its quantization into
//! the engine's file, [`trainer`] the seeded, multi-threaded loop (Adam on
//! the mean squared error of the win probability).
//!
//! Why a trainer in Rust: the network is a sparse sum (about 40 active
//! inputs of 3,042) and two layers of a few thousand weights. A sample's
//! pass is a few thousand multiply-adds that a scalar loop does in
//! microseconds, with no framework to install and no threads competing
//! for the two cores of the machines it runs on; it reuses the engine's
//! own feature and file code, so the trainer and the engine cannot
//! disagree on what an input or a weight is. docs/NNUE.md has the commands
//! and the figures.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod data;
pub mod model;
pub mod trainer;
