//! VCD
