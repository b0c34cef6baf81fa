//! The settings kept across runs (in eframe's storage): theme, animation speed, language, and
//! the best 2048 score.

use serde::{Deserialize, Serialize};
use tabula_i18n::Lang;

use crate::anim::AnimSpeed;

/// The storage key of the settings.
const KEY: &str = "tabula-desktop-prefs";

/// Light or dark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    /// Dark text on light panels (the default).
    #[default]
    Light,
    /// Light text on dark panels.
    Dark,
}

impl Theme {
    /// Both themes, in menu order.
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    /// The catalog key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Theme::Light => "desktop-theme-light",
            Theme::Dark => "desktop-theme-dark",
        }
    }

    /// egui's theme.
    pub fn egui(self) -> eframe::egui::Theme {
        match self {
            Theme::Light => eframe::egui::Theme::Light,
            Theme::Dark => eframe::egui::Theme::Dark,
        }
    }
}

/// Everything the window remembers between runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// The theme.
    pub theme: Theme,
    /// The animation speed.
    pub anim: AnimSpeed,
    /// The language's code (`en`, `zh-CN`).
    pub lang: String,
    /// The best 2048 score so far.
    pub best_2048: u64,
}

impl Prefs {
    /// The settings stored, or the defaults (with the language from the environment) when
    /// there are none or they do not read.
    pub fn load(storage: Option<&dyn eframe::Storage>) -> Prefs {
        storage
            .and_then(|s| eframe::get_value::<Prefs>(s, KEY))
            .unwrap_or_else(|| Prefs {
                lang: Lang::from_env(None).unwrap_or_default().code().to_string(),
                ..Prefs::default()
            })
    }

    /// Stores the settings.
    pub fn save(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, KEY, self);
    }

    /// The language; English when the stored code is not one of ours.
    pub fn lang(&self) -> Lang {
        Lang::parse(&self.lang).unwrap_or_default()
    }
}
