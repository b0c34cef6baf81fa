//! The terminal's own words of the game screen: seats and padding (the words every front end
//! shares are in [`tabula_match::words`]).

use tabula_games::GameKind;
use tabula_i18n::{tr, Catalog};
use tabula_match::SeatView;

use crate::strength::Strength;

/// Who sits in a seat: a person, or the computer with its strength in words (or its spec).
pub fn seat_text(cat: &Catalog, kind: GameKind, seat: &SeatView) -> String {
    match &seat.agent {
        None => cat.text("player-person"),
        Some(spec) => {
            let level = Strength::from_spec(kind, spec)
                .map(|s| cat.text(s.key()))
                .unwrap_or_else(|| spec.clone());
            tr!(cat, "player-computer", agent = level)
        }
    }
}

/// `text` padded with spaces to `width` terminal columns (Chinese characters take two).
pub fn pad(text: &str, width: usize) -> String {
    let used = ratatui::text::Span::raw(text).width();
    format!("{text}{}", " ".repeat(width.saturating_sub(used)))
}
