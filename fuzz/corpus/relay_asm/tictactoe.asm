; Noughts and crosses for the relay computer — the ROM exactly as numbered in the article
; (seed 003, 46 words, 0x00-0x2d). The machine plays first, always in the centre.
;
; Cells (the clockwise ring, centre 8):   0 1 2
;                                         7 8 3
;                                         6 5 4
; "left of" n is (n - 1) & 7, "opposite" n is (n + 4) & 7.
; Registers: A the move being worked on, B the player's last key, C our last move,
; L the return address of CALL.
;
; Erratum (spec relay-cpu.md): the article prints an unnumbered STORE A, 0x90 between
; 0x1a and 0x1b. The numbered words below are what the ROM holds, so after a tie this ROM
; halts WITHOUT printing 9. tictactoe-corrected.asm patches that.

main:
        MOVI A, 8           ; our first move: the centre
        STORE A, 0x90       ; print it
        HALT                ; wait for the player's key
        LOAD A, 0x90        ; read it
        STORE A, 0x90       ; echo it
        CALL move_left      ; play left of the player's cell
        MOV C, A            ; remember our move
        CALL load           ; the player's second key into B
        CALL check_win      ; win opposite our move if the player did not block
        TST C, 1            ; our move on an edge (odd)?
        JMP NZ, tie         ;   then only a tie is possible
        MOV A, C            ; corner: play left of our own move — a fork
        CALL move_left
        MOV C, A
        CALL load
        CALL check_win      ; win opposite the fork move...
        SUB A, C, 1         ; ...or else left of it
        JMP win
tie:
        MOV A, B            ; block: left of the player's last cell
        CALL move_left
        CALL load
        CALL check_win
        MOV A, B
        CALL move_left
        CALL load
        CALL check_win
        MOVI A, 9           ; a tie: 9 is meant to be printed here, but
;       STORE A, 0x90       ; this word is not numbered in the article: not in the ROM
        HALT

move_left:                  ; A := (A - 1) & 7, printed
        SUB A, A, 1
        AND A, A, 7
        STORE A, 0x90
        RET

check_win:                  ; A := opposite of A; if the player's key B is not there, win
        ADD A, A, 4
        AND A, A, 7
        CMP A, B
        JMP NZ, win
        RET

win:                        ; print the winning move, then 9 9, and stop
        STORE A, 0x90
        MOVI A, 9
        STORE A, 0x90
        STORE A, 0x90
        HALT

load:                       ; wait for a key, read it into B, echo it
        HALT
        LOAD B, 0x90
        STORE B, 0x90
        RET
