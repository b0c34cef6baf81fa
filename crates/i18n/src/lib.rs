//! Tabula's message catalog: every user-facing text of the front ends in English and
//! Simplified Chinese, as Fluent files (`locales/en.ftl`, `locales/zh-CN.ftl`) built into the
//! binary.
//!
//! The language is chosen by [`Lang::detect`]: a `--lang` flag, else `TABULA_LANG`, else the
//! system locale (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English. Game notation (`e4`, `h8`,
//! `left`) is the same in both languages and never goes through the catalog.
//!
//! ```
//! use tabula_i18n::{Catalog, Lang};
//! let zh = Catalog::new(Lang::ZhCn);
//! assert_eq!(zh.text("menu-quit"), "退出");
//! let en = Catalog::new(Lang::En);
//! assert_eq!(en.format("moves-count", &[("count", 1.into())]), "1 move");
//! ```

use std::fmt;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use tabula_core::session::MoveError;
use tabula_core::{ParseError, Reason};

/// A language of the catalog.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Simplified Chinese.
    ZhCn,
}

/// A language code that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self.0.chars().take(60).collect();
        write!(f, "unknown language {shown:?} (known: en, zh-CN)")
    }
}

impl std::error::Error for UnknownLang {}

impl Lang {
    /// Every language, in menu order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhCn];

    /// The language's code (`en`, `zh-CN`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
        }
    }

    /// The language's own name, for a menu (`English`, `简体中文`).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhCn => "简体中文",
        }
    }

    /// Reads a language code: `en`, `zh-CN`, and what locales write for them (`zh_CN.UTF-8`,
    /// `zh`, `en_US`, `C`, `POSIX`).
    pub fn parse(code: &str) -> Result<Lang, UnknownLang> {
        let base = code
            .split(['.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
            .replace('_', "-");
        match base.as_str() {
            "en" | "c" | "posix" => Ok(Lang::En),
            b if b.starts_with("en-") => Ok(Lang::En),
            "zh" | "zh-cn" | "zh-hans" | "zh-sg" | "zh-hans-cn" => Ok(Lang::ZhCn),
            _ => Err(UnknownLang(code.to_string())),
        }
    }

    /// The language to use: `flag` when given (an unknown code is an error), else the first of
    /// `TABULA_LANG`, `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty, read by
    /// `env`; a locale we have no catalog for means English.
    pub fn detect(
        flag: Option<&str>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Lang, UnknownLang> {
        if let Some(code) = flag {
            return Lang::parse(code);
        }
        if let Some(code) = env("TABULA_LANG").filter(|c| !c.is_empty()) {
            return Lang::parse(&code);
        }
        Ok(["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|name| env(name).filter(|c| !c.is_empty()))
            .and_then(|code| Lang::parse(&code).ok())
            .unwrap_or_default())
    }

    /// [`Lang::detect`] with the process environment.
    pub fn from_env(flag: Option<&str>) -> Result<Lang, UnknownLang> {
        Lang::detect(flag, |name| std::env::var(name).ok())
    }

    /// The Fluent source of this language's catalog.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en.ftl"),
            Lang::ZhCn => include_str!("../locales/zh-CN.ftl"),
        }
    }
}

/// A value for a placeholder: a number (which also picks plural forms) or a text.
pub type Arg<'a> = FluentValue<'a>;

/// The messages of one language.
pub struct Catalog {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl Catalog {
    /// The catalog of `lang`.
    pub fn new(lang: Lang) -> Catalog {
        let resource = FluentResource::try_new(lang.source().to_string())
            .unwrap_or_else(|(resource, _)| resource);
        let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Terminals show Unicode isolation marks as junk; our texts mix no scripts that need them.
        bundle.set_use_isolating(false);
        // Both catalogs are checked by the tests: every message parses and is added once.
        let _ = bundle.add_resource(resource);
        Catalog { lang, bundle }
    }

    /// The catalog's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The message `key` with no placeholders; the key itself where the catalog lacks it (the
    /// tests make sure none is missing).
    pub fn text(&self, key: &str) -> String {
        self.format(key, &[])
    }

    /// The message `key` with its placeholders filled from `args`.
    pub fn format(&self, key: &str, args: &[(&str, Arg<'_>)]) -> String {
        let Some(pattern) = self.bundle.get_message(key).and_then(|m| m.value()) else {
            return key.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }

    /// Whether the catalog has `key`.
    pub fn has(&self, key: &str) -> bool {
        self.bundle.has_message(key)
    }

    /// A game's reason for refusing a move or position, in this language; its English text
    /// where the catalog lacks the id (the tests make sure none of the games' ids is missing).
    pub fn reason(&self, reason: &Reason) -> String {
        if !self.has(reason.id) {
            return reason.english().to_string();
        }
        let args: Vec<(&str, Arg<'_>)> = reason
            .args
            .iter()
            .map(|(name, value)| (*name, Arg::from(value.as_str())))
            .collect();
        self.format(reason.id, &args)
    }

    /// Why a move or position could not be read, in this language where the game gave a
    /// translatable reason, else in the game's English words.
    pub fn parse_error(&self, error: &ParseError) -> String {
        match &error.reason {
            Some(reason) => self.reason(reason),
            None => error.message.clone(),
        }
    }

    /// A refused move in this language; in English it is the error's own text.
    pub fn move_error(&self, error: &MoveError) -> String {
        match error {
            MoveError::Parse(e) => self.parse_error(e),
            MoveError::Illegal(e) => self.format(
                "move-error-illegal",
                &[
                    ("notation", Arg::from(e.notation.as_str())),
                    ("reason", Arg::from(self.reason(&e.reason))),
                ],
            ),
            MoveError::NotYourTurn => self.text("move-error-not-your-turn"),
            MoveError::GameOver => self.reason(&tabula_core::game_over()),
        }
    }
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog").field("lang", &self.lang).finish()
    }
}

/// Formats a catalog message with named placeholders:
/// `tr!(catalog, "moves-count", count = 3)`.
#[macro_export]
macro_rules! tr {
    ($catalog:expr, $key:expr) => {
        $catalog.text($key)
    };
    ($catalog:expr, $key:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $catalog.format($key, &[$((stringify!($name), $crate::Arg::from($value))),+])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn language_choice_follows_flag_then_variables_then_locale() {
        assert_eq!(Lang::detect(None, env(&[])), Ok(Lang::En));
        assert_eq!(
            Lang::detect(None, env(&[("LANG", "zh_CN.UTF-8")])),
            Ok(Lang::ZhCn)
        );
        assert_eq!(
            Lang::detect(None, env(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")])),
            Ok(Lang::En)
        );
        assert_eq!(
            Lang::detect(None, env(&[("LANG", "de_DE.UTF-8")])),
            Ok(Lang::En),
            "a locale without a catalog means English"
        );
        assert_eq!(
            Lang::detect(None, env(&[("LANG", "en_US"), ("TABULA_LANG", "zh-CN")])),
            Ok(Lang::ZhCn)
        );
        assert_eq!(
            Lang::detect(Some("en"), env(&[("TABULA_LANG", "zh-CN")])),
            Ok(Lang::En)
        );
        assert!(Lang::detect(Some("klingon"), env(&[])).is_err());
        assert!(Lang::detect(None, env(&[("TABULA_LANG", "xx")])).is_err());
        let long = "x".repeat(10_000);
        assert!(UnknownLang(long).to_string().len() < 120);
    }

    #[test]
    fn placeholders_and_plurals() {
        let en = Catalog::new(Lang::En);
        assert_eq!(tr!(en, "moves-count", count = 1), "1 move");
        assert_eq!(tr!(en, "moves-count", count = 3), "3 moves");
        let zh = Catalog::new(Lang::ZhCn);
        assert_eq!(tr!(zh, "moves-count", count = 3), "3 步");
        assert_eq!(en.text("no-such-key"), "no-such-key");
    }
}
