//! The Computox and AUTOX relay noughts-and-crosses machines (under construction).
