//! How the emulator runs: the ROM compiled once into ops with their basic blocks
//! ([`code`]), the fast loop over them ([`fast`]), and the loop this crate had before, kept
//! as the reference the fast one is tested against ([`reference`]).

mod code;
pub(crate) mod fast;
pub mod reference;

pub(crate) use code::Code;
pub use fast::StepState;
