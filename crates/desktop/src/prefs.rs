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

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    #[derive(Default)]
    struct Memory(HashMap<String, String>);

    impl eframe::Storage for Memory {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_string(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }

    #[test]
    fn settings_come_back_and_bad_ones_fall_back_to_defaults() {
        let prefs = Prefs {
            theme: Theme::Dark,
            anim: AnimSpeed::Fast,
            lang: "zh-CN".to_string(),
            best_2048: 5120,
        };
        let mut storage = Memory::default();
        prefs.save(&mut storage);
        assert_eq!(Prefs::load(Some(&storage)), prefs);
        assert_eq!(Prefs::load(Some(&storage)).lang(), Lang::ZhCn);
        eframe::Storage::set_string(&mut storage, KEY, "not ron at all".to_string());
        assert_eq!(Prefs::load(Some(&storage)).theme, Theme::Light);
        let odd = Prefs {
            lang: "klingon".to_string(),
            ..Prefs::default()
        };
        assert_eq!(odd.lang(), Lang::En);
    }
}
