#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| ludomat_fuzzing::session_actions(data));
