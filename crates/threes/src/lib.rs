//! Threes!: the exact game and an expectimax AI (under construction).
