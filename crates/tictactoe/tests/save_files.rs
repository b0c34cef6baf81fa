//! Save files on disk through a real game: what `load` refuses before reading, what `save` says
//! when it cannot write, and arbitrary bytes and text read to a game or an error, never a panic.

use std::fs;
use std::path::Path;

use proptest::prelude::*;
use tabula_core::save::{
    load, parse_saved, save, write_atomic, LoadedGame, SaveError, SaveFile, MAX_FILE_BYTES,
};
use tabula_core::Game;
use tabula_tictactoe::TicTacToe;

fn load_bytes(bytes: &[u8]) -> Result<LoadedGame<TicTacToe>, SaveError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    fs::write(&path, bytes).unwrap();
    load::<TicTacToe>(&path)
}

#[test]
fn devices_and_directories_are_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let e = load::<TicTacToe>(dir.path()).unwrap_err().to_string();
    assert!(e.contains("a directory, not a regular file"), "{e}");
    #[cfg(unix)]
    {
        // An endless device: reading it would never stop.
        let e = load::<TicTacToe>(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("/dev/zero: not a saved game"), "{e}");
        assert!(e.contains("not a regular file"), "{e}");
    }
}

#[test]
fn a_file_over_the_limit_is_refused() {
    let mut big = vec![b' '; MAX_FILE_BYTES as usize + 1];
    let e = load_bytes(&big).unwrap_err().to_string();
    assert!(e.contains("larger than 1024 KiB"), "{e}");
    big.pop();
    let at_limit = load_bytes(&big).map_err(|e| e.to_string());
    assert!(at_limit.is_ok(), "exactly the limit is read: {at_limit:?}");
}

#[test]
fn writing_says_which_step_failed_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let save = |path: &Path| write_atomic(path, b"{}").unwrap_err().to_string();
    let e = save(dir.path());
    assert!(e.contains("it is a directory"), "{e}");
    let e = save(&dir.path().join("missing").join("game.json"));
    assert!(e.contains("missing does not exist"), "{e}");
    #[cfg(unix)]
    {
        let e = save(Path::new("/dev/null"));
        assert!(e.contains("/dev/null: it is a device"), "{e}");
        let e = save(Path::new("/proc/version"));
        assert!(
            e.contains("/proc/version: cannot create a file in /proc: "),
            "{e}"
        );
    }
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "nothing left");
}

proptest! {
    #[test]
    fn any_bytes_load_to_a_game_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = load_bytes(&bytes);
    }

    #[test]
    fn any_text_parses_to_a_game_or_an_error(text in "\\PC{0,200}") {
        let _ = parse_saved::<TicTacToe>(&text);
    }

    #[test]
    fn a_saved_game_loads_back(moves in proptest::collection::vec(0u8..3, 0..20)) {
        let start = TicTacToe::initial();
        let mut state = start;
        let mut played = Vec::new();
        for m in moves {
            if state.is_over() {
                break;
            }
            let mut legal = Vec::new();
            state.legal_moves(&mut legal);
            let mv = legal[m as usize % legal.len()];
            state.play(mv);
            played.push(mv);
        }
        let file = SaveFile::new(&start, &played, vec!["human".into(), "random".into()]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        save(&path, &file).unwrap();
        let loaded = load::<TicTacToe>(&path).unwrap();
        prop_assert_eq!(loaded.moves, played);
        prop_assert_eq!(loaded.seats, file.seats);
    }
}
