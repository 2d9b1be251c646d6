start: MOVI A, 8
  JMP start
