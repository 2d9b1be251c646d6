//! A hobbyist relay computer with its teletype: assembler, emulator, tic-tac-toe ROM (under construction).
