//! Save-file loading from disk on arbitrary bytes, for every game: `save::load` must return a
//! game or an error, never panic, and a game that loads must save and load back the same.

#![no_main]

use std::io::Write;

use libfuzzer_sys::fuzz_target;
use tabula_core::save::{self, SaveFile};
use tabula_core::Game;

fn check<G: Game>(path: &std::path::Path) {
    if let Ok(loaded) = save::load::<G>(path) {
        let again = path.with_extension("again");
        let file = SaveFile::new(&loaded.start, &loaded.moves, loaded.seats.clone());
        save::save(&again, &file).expect("a loaded game saves");
        let reloaded = save::load::<G>(&again).expect("a saved game loads");
        assert_eq!(reloaded.moves, loaded.moves);
    }
}

fuzz_target!(|data: &[u8]| {
    let dir = std::env::temp_dir().join(format!("tabula-fuzz-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = dir.join("game.json");
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(data))
        .expect("the input is written");
    check::<tabula_tictactoe::TicTacToe>(&path);
    check::<tabula_reversi::Reversi>(&path);
    check::<tabula_gomoku::Gomoku>(&path);
    check::<tabula_2048::Game2048>(&path);
});
