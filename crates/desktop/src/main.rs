//! `tabula-desktop`: the desktop window, or with `--screenshot FILE.png` one frame of a
//! position written to a PNG.

use std::process::ExitCode;

use eframe::egui;
use tabula_desktop::options::{Options, USAGE};
use tabula_desktop::screenshot::Screenshot;
use tabula_desktop::{app, DesktopApp, APP_ID};

fn main() -> ExitCode {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("tabula-desktop: {e}");
            return ExitCode::from(2);
        }
    };
    let play = match options.game {
        Some(kind) => match app::prepared(kind, options.moves.as_deref()) {
            Ok(play) => Some(play),
            Err(e) => {
                eprintln!("tabula-desktop: {e}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let shot = options
        .screenshot
        .clone()
        .map(|path| Screenshot::new(path).at_animation(options.anim_at_ms));
    let outcome = shot.as_ref().map(Screenshot::outcome);
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tabula")
            .with_inner_size(options.size),
        persist_window: shot.is_none(),
        ..Default::default()
    };
    let lang = options.lang;
    let run = eframe::run_native(
        APP_ID,
        native,
        Box::new(move |cc| Ok(Box::new(DesktopApp::new(cc, lang, play, shot)))),
    );
    if let Err(e) = run {
        eprintln!(
            "tabula-desktop: cannot open a window: {e} (it needs a graphical display; \
             without one, run it under xvfb-run -a)"
        );
        return ExitCode::FAILURE;
    }
    match outcome.map(|o| o.lock().ok().and_then(|mut slot| slot.take())) {
        None => ExitCode::SUCCESS,
        Some(Some(Ok(()))) => ExitCode::SUCCESS,
        Some(Some(Err(e))) => {
            eprintln!("tabula-desktop: {e}");
            ExitCode::FAILURE
        }
        Some(None) => {
            eprintln!("tabula-desktop: the window closed before the screenshot was taken");
            ExitCode::FAILURE
        }
    }
}
