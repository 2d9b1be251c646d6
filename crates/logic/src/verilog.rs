//! verilog
