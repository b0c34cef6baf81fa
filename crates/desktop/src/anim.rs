//! Animation timing: how far along an animation is, from the time since the last move and the
//! speed the player chose.

use serde::{Deserialize, Serialize};

/// The animation speed setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimSpeed {
    /// No animation: every frame shows the end state.
    Off,
    /// Half the normal durations.
    Fast,
    /// The normal durations.
    #[default]
    Normal,
}

impl AnimSpeed {
    /// Every speed, in menu order.
    pub const ALL: [AnimSpeed; 3] = [AnimSpeed::Off, AnimSpeed::Fast, AnimSpeed::Normal];

    /// The catalog key of its name.
    pub fn key(self) -> &'static str {
        match self {
            AnimSpeed::Off => "desktop-anim-off",
            AnimSpeed::Fast => "desktop-anim-fast",
            AnimSpeed::Normal => "desktop-anim-normal",
        }
    }

    fn scale(self) -> f32 {
        match self {
            AnimSpeed::Off => 0.0,
            AnimSpeed::Fast => 0.5,
            AnimSpeed::Normal => 1.0,
        }
    }
}

/// The longest animation any painter runs, in seconds at normal speed (2048's slide then pop,
/// reversi's staggered flips of a long row, the "+N" float).
const LONGEST: f32 = 0.8;

/// Where the animations of the last move stand.
#[derive(Clone, Copy, Debug)]
pub struct Anim {
    /// Seconds since the last move was shown.
    pub elapsed: f32,
    /// The speed setting.
    pub speed: AnimSpeed,
}

impl Anim {
    /// The progress, 0 to 1, of an animation that starts `delay` seconds after the move and
    /// lasts `duration` seconds (both at normal speed). With animation off it is always 1.
    pub fn progress(&self, delay: f32, duration: f32) -> f32 {
        let scale = self.speed.scale();
        if scale == 0.0 {
            return 1.0;
        }
        ((self.elapsed - delay * scale) / (duration * scale)).clamp(0.0, 1.0)
    }

    /// Whether some animation may still be running (the window should paint again).
    pub fn running(&self) -> bool {
        self.progress(0.0, LONGEST) < 1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_scales_with_speed() {
        let normal = Anim {
            elapsed: 0.15,
            speed: AnimSpeed::Normal,
        };
        assert!((normal.progress(0.0, 0.3) - 0.5).abs() < 1e-6);
        assert_eq!(normal.progress(0.2, 0.3), 0.0);
        let fast = Anim {
            speed: AnimSpeed::Fast,
            ..normal
        };
        assert_eq!(fast.progress(0.0, 0.3), 1.0);
        let off = Anim {
            elapsed: 0.0,
            speed: AnimSpeed::Off,
        };
        assert_eq!(off.progress(0.0, 0.3), 1.0);
        assert!(!off.running());
        assert!(Anim {
            elapsed: 0.0,
            speed: AnimSpeed::Normal
        }
        .running());
    }
}
