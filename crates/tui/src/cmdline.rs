//! The command line after `:`: the console's commands, or a move in notation.

use std::path::PathBuf;

/// What a command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Nothing typed.
    Empty,
    /// `:undo`
    Undo,
    /// `:redo`
    Redo,
    /// `:hint` turns hint values on or off.
    Hint,
    /// `:new`
    New,
    /// `:help`
    Help,
    /// `:quit` (or `:q`).
    Quit,
    /// `:save FILE`
    Save(PathBuf),
    /// `:load FILE`
    Load(PathBuf),
    /// `:save` or `:load` without a file.
    MissingFile(&'static str),
    /// Anything else: a move in the game's notation.
    Move(String),
}

/// Reads a command line.
pub fn parse(text: &str) -> Line {
    let text = text.trim();
    let (word, rest) = match text.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (text, ""),
    };
    match word.to_ascii_lowercase().as_str() {
        "" => Line::Empty,
        "undo" | "u" => Line::Undo,
        "redo" => Line::Redo,
        "hint" | "hints" => Line::Hint,
        "new" => Line::New,
        "help" => Line::Help,
        "quit" | "q" | "exit" => Line::Quit,
        "save" if rest.is_empty() => Line::MissingFile("save"),
        "load" if rest.is_empty() => Line::MissingFile("load"),
        "save" => Line::Save(PathBuf::from(rest)),
        "load" => Line::Load(PathBuf::from(rest)),
        _ => Line::Move(text.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_moves() {
        assert_eq!(parse(" undo "), Line::Undo);
        assert_eq!(
            parse("save my game.json"),
            Line::Save("my game.json".into())
        );
        assert_eq!(parse("load"), Line::MissingFile("load"));
        assert_eq!(parse("f5"), Line::Move("f5".into()));
        assert_eq!(parse(""), Line::Empty);
    }
}
