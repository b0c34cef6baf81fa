//! The GGF game reader on arbitrary text: a game or an error, never a panic; a game that reads
//! writes back to text that reads to the same game.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula_reversi::ggf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(game) = ggf::parse(text) {
        assert_eq!(ggf::parse(&game.to_ggf()).as_ref(), Ok(&game));
    }
    let _ = ggf::parse_all(text);
});
