//! The Gomocup protocol's line readers on arbitrary lines: a command or an error, never a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for line in text.lines() {
        let _ = pbrain_tabula::parse_command(line);
        let _ = pbrain_tabula::parse_board_line(line);
        let _ = pbrain_tabula::parse_xy(line);
    }
});
