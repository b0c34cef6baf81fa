//! Scored-position files, as `tune --scored` fits and `proofs` tests: each line a position (a
//! board string or a move list, see the README's gomoku notation), a tab and the expected
//! result for its side to move (0–1), such as a stronger engine's evaluation turned into a
//! winning chance (`scripts/gomoku/score_positions.py`); blank and `#` lines are skipped.

use tabula_core::Game;
use tabula_gomoku::Gomoku;

/// The positions of the scored-position file `text` with their expected results; `file` names
/// it in errors, which give the line too.
pub fn parse(text: &str, file: &str) -> Result<Vec<(Gomoku, f64)>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("{file}: line {}: {why}", i + 1);
        let (position, result) = line
            .rsplit_once('\t')
            .ok_or_else(|| bad("no tab between the position and its result"))?;
        let result: f64 = result
            .trim()
            .parse()
            .ok()
            .filter(|r| (0.0..=1.0).contains(r))
            .ok_or_else(|| bad("the result is not a number from 0 to 1"))?;
        let game = Gomoku::parse_position(position).map_err(|e| bad(&e.to_string()))?;
        out.push((game, result));
    }
    Ok(out)
}
