//! Ternary logic graphs: an event-driven circuit simulator with relays (under construction).
