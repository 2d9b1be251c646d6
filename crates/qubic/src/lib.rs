//! 3D and 4D tic-tac-toe: the IBM 1620 strategies (under construction).
