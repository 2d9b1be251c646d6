; A program that never stops, for measuring the emulator (`ludomat relay bench`,
; `ludomat relay run busy.asm --max-steps 1e9`).
; A 16-bit Galois LFSR in A:B (taps 0xB400, period 65535) stepped by shifts and XOR;
; each time it comes back to its seed 0x0001 the counter C goes up and its low three
; bits are printed.
        MOVI A, 0
        MOVI B, 1
        MOVI C, 0
        MOVI D, 0xb4        ; the taps, high byte
loop:
        SHR A, A            ; shift the high byte right, bit 0 into CY
        RCR B, B            ; and on through the low byte; CY = the bit shifted out
        JNC skip
        XOR A, A, D         ; a 1 came out: apply the taps
skip:
        CMP B, 1            ; back at the seed 0x0001?
        JNZ loop
        CMP A, 0
        JNZ loop
        ADD C, C, 1         ; one more period
        AND M, C, 7
        STORE M, 0x90       ; print it
        JMP loop
