//! Reading a console line: a shared command, or a word for the game (a move or one of the
//! game's own commands); and the answer to "Play again?".

/// A line typed at the move prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    /// An empty line.
    Empty,
    /// `quit`, `exit`, `q` (`退出`).
    Quit,
    /// `help`, `?` (`帮助`).
    Help,
    /// `undo`, `u` (`悔棋`).
    Undo,
    /// `redo`.
    Redo,
    /// `restart`, `new`.
    Restart,
    /// `hint`.
    Hint,
    /// `save FILE`.
    Save(&'a str),
    /// `load FILE`.
    Load(&'a str),
    /// `save` or `load` without a file: the word, to say how it is used.
    NoFile(&'static str),
    /// Anything else: the first word in lower case (a game command such as `hints`) and the
    /// whole line (a move).
    Other {
        /// The first word, lower-cased.
        word: String,
        /// The line as typed, trimmed.
        line: &'a str,
    },
}

impl<'a> Command<'a> {
    /// Reads one line.
    pub fn parse(line: &'a str) -> Command<'a> {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word.to_lowercase(), rest.trim()),
            None => (line.to_lowercase(), ""),
        };
        match (word.as_str(), rest) {
            ("", _) => Command::Empty,
            ("quit" | "exit" | "q" | "退出", _) => Command::Quit,
            ("help" | "?" | "帮助", _) => Command::Help,
            ("undo" | "u" | "悔棋", _) => Command::Undo,
            ("redo", _) => Command::Redo,
            ("restart" | "new", _) => Command::Restart,
            ("hint", _) => Command::Hint,
            ("save", "") => Command::NoFile("save"),
            ("load", "") => Command::NoFile("load"),
            ("save", file) => Command::Save(file),
            ("load", file) => Command::Load(file),
            _ => Command::Other { word, line },
        }
    }
}

/// An answer to "Play again?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Again {
    /// `y`, `yes` (`是`).
    Yes,
    /// `n`, `no` (`否`).
    No,
    /// `u`, `undo` (`悔棋`): take back the last move instead.
    Undo,
}

impl Again {
    /// Reads an answer; `None` for anything else (the question is asked again).
    pub fn parse(answer: &str) -> Option<Again> {
        match answer.trim().to_lowercase().as_str() {
            "y" | "yes" | "是" => Some(Again::Yes),
            "n" | "no" | "否" => Some(Again::No),
            "u" | "undo" | "悔棋" => Some(Again::Undo),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn commands_and_moves() {
        assert_eq!(Command::parse("  "), Command::Empty);
        assert_eq!(Command::parse("Quit"), Command::Quit);
        assert_eq!(Command::parse("退出"), Command::Quit);
        assert_eq!(Command::parse("帮助"), Command::Help);
        assert_eq!(Command::parse("悔棋"), Command::Undo);
        assert_eq!(
            Command::parse("save  my game.json "),
            Command::Save("my game.json")
        );
        assert_eq!(Command::parse("load"), Command::NoFile("load"));
        assert_eq!(
            Command::parse("B2"),
            Command::Other {
                word: "b2".to_string(),
                line: "B2"
            }
        );
    }

    #[test]
    fn play_again_takes_only_clear_answers() {
        assert_eq!(Again::parse("YES"), Some(Again::Yes));
        assert_eq!(Again::parse("n"), Some(Again::No));
        assert_eq!(Again::parse("undo"), Some(Again::Undo));
        assert_eq!(Again::parse("是"), Some(Again::Yes));
        assert_eq!(Again::parse(" 否 "), Some(Again::No));
        assert_eq!(Again::parse("悔棋"), Some(Again::Undo));
        for typo in ["", "ye", "nope", "yess", "b2"] {
            assert_eq!(Again::parse(typo), None, "{typo:?}");
        }
    }

    proptest! {
        #[test]
        fn any_line_reads_without_panicking(line in "\\PC{0,80}") {
            let command = Command::parse(&line);
            if let Command::Save(file) | Command::Load(file) = command {
                prop_assert!(!file.is_empty() && file == file.trim());
            }
            let _ = Again::parse(&line);
        }
    }
}
