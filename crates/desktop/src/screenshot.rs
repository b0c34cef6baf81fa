//! Screenshot mode: draw a few frames, take a picture of the window, write it as a PNG and
//! close.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use eframe::egui::{self, ColorImage, ViewportCommand};

/// How a screenshot ended, shared with `main` (which outlives the window).
pub type Outcome = Arc<Mutex<Option<Result<(), String>>>>;

/// The frame at which the picture is asked for: by then fonts are loaded and the layout has
/// settled.
const SHOOT_AT: u32 = 4;

/// Frames to wait for the picture before giving up.
const GIVE_UP_AT: u32 = 600;

/// A screenshot to take.
pub struct Screenshot {
    path: PathBuf,
    frames: u32,
    outcome: Outcome,
    /// Seconds after the last move at which its animations are held, if any.
    anim_at: Option<f64>,
}

impl Screenshot {
    /// A screenshot to be written to `path`.
    pub fn new(path: PathBuf) -> Screenshot {
        Screenshot {
            path,
            frames: 0,
            outcome: Outcome::default(),
            anim_at: None,
        }
    }

    /// Holds the last move's animations `ms` milliseconds in for the picture.
    pub fn at_animation(mut self, ms: Option<u32>) -> Screenshot {
        self.anim_at = ms.map(|ms| f64::from(ms) / 1000.0);
        self
    }

    /// Seconds after the last move at which its animations are held, if asked for.
    pub fn anim_at(&self) -> Option<f64> {
        self.anim_at
    }

    /// How it ended (filled in when the window closes).
    pub fn outcome(&self) -> Outcome {
        self.outcome.clone()
    }

    /// Called once a frame: asks for the picture after a few frames, writes it when it comes
    /// and closes the window.
    pub fn frame(&mut self, ctx: &egui::Context) {
        self.frames += 1;
        if self.frames == SHOOT_AT {
            let (path, outcome, ctx2) = (self.path.clone(), self.outcome.clone(), ctx.clone());
            ctx.request_screenshot(move |image| {
                let result = write_png(&path, &image);
                if let Ok(mut slot) = outcome.lock() {
                    *slot = Some(result);
                }
                ctx2.send_viewport_cmd(ViewportCommand::Close);
                ctx2.request_repaint();
            });
        }
        if self.frames == GIVE_UP_AT {
            if let Ok(mut slot) = self.outcome.lock() {
                slot.get_or_insert(Err("the renderer gave no picture of the window".to_string()));
            }
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
        ctx.request_repaint();
    }
}

/// Writes `image` as an RGBA PNG file.
pub fn write_png(path: &Path, image: &ColorImage) -> Result<(), String> {
    let [w, h] = image.size;
    image::save_buffer(
        path,
        image.as_raw(),
        w as u32,
        h as u32,
        image::ExtendedColorType::Rgba8,
    )
    .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
