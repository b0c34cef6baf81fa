//! Fonts: egui's own fonts lack CJK glyphs, so a subset of Noto Sans CJK SC (the characters of
//! the message catalogs; `assets/make-cjk-font.sh` makes it, `assets/cjk-subset-LICENSE.txt`
//! is its licence) is added as a fallback to every family.

use std::sync::Arc;

use eframe::egui::{self, FontData, FontDefinitions, FontFamily};

/// The CJK subset, built into the binary.
pub const CJK_FONT: &[u8] = include_bytes!("../assets/cjk-subset.otf");

/// Installs egui's default fonts with the CJK subset behind them.
pub fn install(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts
        .font_data
        .insert("cjk".to_owned(), Arc::new(FontData::from_static(CJK_FONT)));
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("cjk".to_owned());
    }
    ctx.set_fonts(fonts);
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::FontId;
    use tabula_i18n::Lang;

    #[test]
    fn every_character_of_the_catalogs_has_a_glyph() {
        let ctx = egui::Context::default();
        install(&ctx);
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        let font = FontId::proportional(14.0);
        let mut missing: Vec<char> = Lang::ALL
            .iter()
            .flat_map(|lang| lang.source().chars())
            .filter(|c| !c.is_control())
            .filter(|&c| !ctx.fonts_mut(|f| f.has_glyph(&font, c)))
            .collect();
        missing.sort_unstable();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "no glyph for {missing:?}: run crates/desktop/assets/make-cjk-font.sh"
        );
    }
}
