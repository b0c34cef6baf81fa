//! How many of the positions a stronger engine found decided the engine finds decided too, at a
//! given time a move: its tactics measured against an outside judge.
//!
//! ```text
//! cargo run --release -p tabula-gomoku --example proofs -- MS [--every K] SCORED.tsv...
//! ```
//!
//! Reads scored-position files (see `examples/scored`; `crates/gomoku/tuning/rapfi-scored*.tsv`
//! are Rapfi's, where 0.98 and 0.02 are the mates Rapfi found in 150 ms). A position scored
//! 0.98 or more is won for its side to move, 0.02 or less lost; the others are skipped, and with
//! `--every K` all but every `K`th line of each file. The engine thinks `MS` milliseconds
//! (1–60,000) on each, one at a time. A won position counts when the engine proves the win (the
//! verdict of its threat search or of its alpha-beta); a lost one when its best move is proven
//! lost (a mate its search found, or the opponent's VCF after it), so that every move it
//! searched loses. It prints, for each kind, the positions, those the engine found, and the
//! median time it took on them. Bad input (a missing file, a bad line or option) stops it
//! with a message and exit code 2.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use tabula_core::{Game, Turn, Verdict};
use tabula_gomoku::engine::{think, Effort, Thought, MATE};

mod scored;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok((ms, [mut won, mut lost])) => {
            won.report("won for the side to move", ms);
            lost.report("lost for the side to move", ms);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("proofs: {e}");
            ExitCode::from(2)
        }
    }
}

/// What one kind of decided position came to.
#[derive(Default)]
struct Tally {
    positions: usize,
    times_found: Vec<Duration>,
}

impl Tally {
    fn report(&mut self, kind: &str, ms: u64) {
        self.times_found.sort();
        let found = self.times_found.len();
        let median = self
            .times_found
            .get(found / 2)
            .map_or(0.0, |t| t.as_secs_f64() * 1000.0);
        println!(
            "{kind}: {} positions, found in {found} ({:.1} %) at {ms} ms, median {median:.1} ms",
            self.positions,
            100.0 * found as f64 / self.positions.max(1) as f64
        );
    }
}

/// The time a move and the tallies of the won and the lost positions of the command line `args`.
fn run(args: &[String]) -> Result<(u64, [Tally; 2]), String> {
    let usage = "usage: proofs MS [--every K] SCORED.tsv...";
    let number = |s: &str, range: std::ops::RangeInclusive<u64>| {
        s.parse::<u64>()
            .ok()
            .filter(|n| range.contains(n))
            .ok_or_else(|| {
                format!(
                    "{s:?} is not a number from {} to {}",
                    range.start(),
                    range.end()
                )
            })
    };
    let [ms, rest @ ..] = args else {
        return Err(usage.into());
    };
    let ms = number(ms, 1..=60_000)?;
    let (every, files) = match rest {
        [flag, k, files @ ..] if flag == "--every" => (number(k, 1..=1_000_000)? as usize, files),
        [flag] if flag == "--every" => return Err("--every takes a number K".into()),
        files => (1, files),
    };
    if files.is_empty() {
        return Err(usage.into());
    }
    let (mut won, mut lost) = (Tally::default(), Tally::default());
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (game, result) in scored::parse(&text, file)?.into_iter().step_by(every) {
            let (kind, found): (&mut Tally, fn(&Thought) -> bool) = match result {
                r if r >= 0.98 => (&mut won, proven_won),
                r if r <= 0.02 => (&mut lost, proven_lost),
                _ => continue,
            };
            if !matches!(game.turn(), Turn::Player(_)) {
                continue;
            }
            let start = Instant::now();
            let thought = think(&game, Effort::Time(ms));
            let elapsed = start.elapsed();
            kind.positions += 1;
            if found(&thought) {
                kind.times_found.push(elapsed);
            }
        }
    }
    Ok((ms, [won, lost]))
}

/// Whether the thought proves a win for the side to move.
fn proven_won(thought: &Thought) -> bool {
    thought.verdict == Some(Verdict::Win)
}

/// Whether the thought's best move, and so every move it searched, is proven lost.
fn proven_lost(thought: &Thought) -> bool {
    thought.verdict == Some(Verdict::Loss) || thought.values[0].1 <= -MATE / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file_with(text: &str) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        writeln!(file, "{text}").unwrap();
        file
    }

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn counts_the_decided_positions_the_engine_finds_decided() {
        // Black to move with an open four: won. White to move against it: lost. Black to move
        // with a lone stone each: open, skipped.
        let file = file_with(
            "# a comment\n\
             h8 a1 i8 b1 j8 a15 k8 o1\t0.98\n\
             h8 a1 i8 b1 j8 a15 k8\t0.02\n\
             h8 a1\t0.5",
        );
        let path = file.path().display().to_string();
        let (ms, [won, lost]) = run(&args(&["50", &path])).unwrap();
        assert_eq!(ms, 50);
        assert_eq!((won.positions, won.times_found.len()), (1, 1));
        assert_eq!((lost.positions, lost.times_found.len()), (1, 1));
        let (_, [won, lost]) = run(&args(&["50", "--every", "2", &path])).unwrap();
        assert_eq!((won.positions, lost.positions), (1, 0));
    }

    #[test]
    fn refuses_bad_input() {
        let bad_line = file_with("h8 h8\t0.98");
        let bad_line = bad_line.path().display().to_string();
        for (list, why) in [
            (vec![], "usage"),
            (vec!["50"], "usage"),
            (vec!["0", "x.tsv"], "\"0\" is not a number from 1 to 60000"),
            (
                vec!["50", "--every", "0", "x.tsv"],
                "\"0\" is not a number from 1",
            ),
            (vec!["50", "--every"], "--every takes a number"),
            (vec!["50", "/no/such/file.tsv"], "/no/such/file.tsv: "),
            (vec!["50", bad_line.as_str()], "line 1: "),
        ] {
            let err = run(&args(&list)).err().unwrap();
            assert!(err.contains(why), "{list:?}: {err}");
        }
    }
}
