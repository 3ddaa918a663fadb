//! Drives an outside UCI engine.
