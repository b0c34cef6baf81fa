//! Reversi in the console, as the classic Reversegam program plays it: the board with its
//! column and row numbers, X or O for the player, a random first mover, both scores after every
//! move, `hints` dots on the legal squares, a pause before the computer's move, passes announced,
//! the final score and the margin — plus the shared console's undo, redo, hint, save and load.

use std::io;
use std::time::Duration;

use clap::Args;
use rand::Rng;
use tabula_core::{AgentCatalog, Game, Outcome, Player, Seat, Session};
use tabula_i18n::{tr, Catalog};
use tabula_reversi::{Move, Reversi};

use crate::console::style::codes;
use crate::console::{
    self, check_two_player, seat_from_arg, seat_label, BoardView, ConsoleOptions, Io, Style,
};
use crate::error::Result;

/// `tabula play reversi` options.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who plays X: `human` or an agent spec. With neither -X nor -O, you are asked which side
    /// you take and the computer (`engine`) plays the other.
    #[arg(short = 'X', value_name = "SEAT")]
    pub x: Option<String>,
    /// Who plays O: `human` or an agent spec.
    #[arg(short = 'O', value_name = "SEAT")]
    pub o: Option<String>,
    /// Who moves first: X, O or random (its discs start on e4 and d5).
    #[arg(
        long,
        visible_alias = "starting",
        value_name = "X|O|random",
        default_value = "random"
    )]
    pub first: String,
    /// Two people at one keyboard (both seats human).
    #[arg(long)]
    pub two_player: bool,
    /// Do not wait before the computer's moves.
    #[arg(long)]
    pub no_pause: bool,
    /// Ask nothing when a game ends.
    #[arg(long)]
    pub once: bool,
}

/// Plays reversi in the console, its texts from `cat`.
pub fn play(args: PlayArgs, cat: &Catalog) -> Result<()> {
    let first = console::first_mover(&args.first)?;
    check_two_player(
        args.two_player,
        &[("-X", args.x.as_deref()), ("-O", args.o.as_deref())],
    )?;
    let mut io = Io::stdio();
    let (x, o) = if args.two_player {
        ("human".to_string(), "human".to_string())
    } else {
        match (args.x, args.o) {
            (None, None) => match ask_side(&mut io, cat)? {
                Some(0) => ("human".to_string(), Reversi::OPPONENT.to_string()),
                Some(_) => (Reversi::OPPONENT.to_string(), "human".to_string()),
                None => return Ok(()),
            },
            (x, o) => (
                x.unwrap_or_else(|| "human".to_string()),
                o.unwrap_or_else(|| Reversi::OPPONENT.to_string()),
            ),
        }
    };
    let seats: Vec<Seat<Reversi>> = vec![seat_from_arg(&x)?, seat_from_arg(&o)?];
    let mut new_start = move || Reversi::start(console::pick_first(first));
    let start = new_start();
    let mut session = Session::new(start, seats, rand::rng().random());
    let pause = if args.no_pause {
        Duration::ZERO
    } else {
        Duration::from_millis(800)
    };
    let options = ConsoleOptions::for_stdout(pause, args.once);
    console::run(
        &mut session,
        &mut ReversiView::default(),
        &mut io,
        &options,
        cat,
        &mut new_start,
    )
}

/// Asks "X or O?" until answered; `None` when input closes.
fn ask_side<R: io::BufRead, W: io::Write>(
    io: &mut Io<R, W>,
    cat: &Catalog,
) -> Result<Option<Player>> {
    loop {
        writeln!(io.output, "{}", tr!(cat, "console-reversi-welcome"))?;
        io.output.flush()?;
        let mut line = String::new();
        if io.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        match line.trim().to_ascii_uppercase().as_str() {
            "X" => return Ok(Some(0)),
            "O" => return Ok(Some(1)),
            _ => {}
        }
    }
}

/// The reversi board view, with the `hints` toggle.
#[derive(Default)]
pub struct ReversiView {
    hints: bool,
}

impl BoardView<Reversi> for ReversiView {
    fn draw(&self, session: &Session<Reversi>, style: &Style, cat: &Catalog) -> String {
        let state = session.state();
        let last = session.moves().last().and_then(|m| m.to_square());
        let legal = if self.hints && session.awaits_human() {
            state.move_mask()
        } else {
            0
        };
        let (black, white) = (state.discs(0), state.discs(1));
        let mut lines = vec![
            style.paint("    a b c d e f g h", codes::DIM),
            style.paint("    1 2 3 4 5 6 7 8", codes::DIM),
            "  +-----------------+".to_string(),
        ];
        for row in 0..8 {
            let mut line = format!("{} |", style.paint(&(row + 1).to_string(), codes::DIM));
            for col in 0..8 {
                let sq = row * 8 + col;
                let text = if black >> sq & 1 == 1 {
                    "X"
                } else if white >> sq & 1 == 1 {
                    "O"
                } else if legal >> sq & 1 == 1 {
                    "."
                } else {
                    " "
                };
                let text = if last == Some(sq) {
                    style.paint(text, codes::LAST)
                } else if text == "." {
                    style.paint(text, codes::DIM)
                } else {
                    text.to_string()
                };
                line.push(' ');
                line.push_str(&text);
            }
            line.push_str(&format!(
                " | {}",
                style.paint(&(row + 1).to_string(), codes::DIM)
            ));
            lines.push(line);
        }
        lines.push("  +-----------------+".to_string());
        lines.push(tr!(
            cat,
            "console-reversi-scores",
            x_seat = seat_label(session, 0, cat),
            x_points = points(black.count_ones(), cat),
            o_seat = seat_label(session, 1, cat),
            o_points = points(white.count_ones(), cat)
        ));
        if state.must_pass() && session.awaits_human() {
            lines.push(tr!(
                cat,
                "console-reversi-must-pass",
                player = Reversi::player_name(state.to_move())
            ));
        }
        lines.join("\n")
    }

    fn move_help(&self, cat: &Catalog) -> String {
        tr!(cat, "console-reversi-move-help")
    }

    fn command(
        &mut self,
        word: &str,
        _session: &mut Session<Reversi>,
        cat: &Catalog,
    ) -> Option<String> {
        (word == "hints").then(|| {
            self.hints = !self.hints;
            if self.hints {
                tr!(cat, "console-reversi-hints-on")
            } else {
                tr!(cat, "console-reversi-hints-off")
            }
        })
    }

    fn command_help(&self, cat: &Catalog) -> Vec<(&'static str, String)> {
        vec![
            ("hints", tr!(cat, "console-reversi-help-hints")),
            ("pass", tr!(cat, "console-reversi-help-pass")),
        ]
    }

    fn announce(&self, before: &Reversi, mv: Move, _after: &Reversi, cat: &Catalog) -> String {
        let name = Reversi::player_name(before.to_move());
        if mv.is_pass() {
            tr!(cat, "console-reversi-passes", player = name)
        } else {
            tr!(
                cat,
                "console-plays",
                player = name,
                notation = mv.to_string()
            )
        }
    }

    fn outcome(&self, state: &Reversi, outcome: Outcome, cat: &Catalog) -> String {
        let (x, o) = (state.discs(0).count_ones(), state.discs(1).count_ones());
        let scores = tr!(
            cat,
            "console-reversi-final",
            x_points = points(x, cat),
            o_points = points(o, cat)
        );
        let verdict = match outcome {
            Outcome::Win(p) => tr!(
                cat,
                "console-reversi-wins",
                player = Reversi::player_name(p),
                margin = state.margin(p).to_string()
            ),
            _ => tr!(cat, "console-reversi-tie"),
        };
        format!("{scores}\n{verdict}")
    }
}

/// A number of discs as points (`1 point`, `12 points`).
fn points(count: u32, cat: &Catalog) -> String {
    tr!(cat, "console-points", count = count)
}

#[cfg(test)]
mod tests {
    use super::*;

    use tabula_i18n::Lang;

    #[test]
    fn draws_numbers_scores_and_hint_dots() {
        let en = Catalog::new(Lang::En);
        let session = Session::new(Reversi::initial(), vec![Seat::Human, Seat::Human], 0);
        let mut view = ReversiView::default();
        let plain = view.draw(&session, &Style::default(), &en);
        assert!(plain.contains("4 |       O X       | 4"), "{plain}");
        assert!(plain.contains("X (player 1): 2 points.  O (player 2): 2 points."));
        assert_eq!(plain.matches(" .").count(), 0);
        let mut session = session;
        view.command("hints", &mut session, &en);
        let hinted = view.draw(&session, &Style::default(), &en);
        assert_eq!(hinted.matches(" .").count(), 4, "{hinted}");
    }
}
