//! The `tabula-desktop` binary: bad command lines exit 2 with a message that says what is
//! accepted (no display needed), and screenshot mode, under `xvfb-run`, draws every game as
//! the committed pictures in docs/screenshots show it (compared with a tolerance). Without
//! `xvfb-run` the screenshot test says it is skipped; `.ci/run` installs it.
//!
//! Regenerate the pictures: `TABULA_UPDATE_SCREENSHOTS=1 cargo test -p tabula-desktop --test binary`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use image::{Rgba, RgbaImage};

fn desktop(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula-desktop"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("tabula-desktop starts")
}

#[test]
fn bad_command_lines_exit_2_and_say_what_is_accepted() {
    let out = std::env::temp_dir().join("tabula-desktop-never-written.png");
    let out = out.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["--frobnicate"], "unknown argument \"--frobnicate\""),
        (
            &["--lang", "klingon"],
            "unknown language \"klingon\" (known: en, zh-CN)",
        ),
        (
            &["--screenshot", out, "--game", "chess"],
            "unknown game \"chess\"",
        ),
        (
            &["--screenshot", out, "--size", "10x10"],
            "each from 200 to 8000",
        ),
        (
            &["--screenshot", out, "--size", "wide"],
            "is not WIDTHxHEIGHT",
        ),
        (&["--screenshot"], "--screenshot needs a value"),
        (&["--game", "reversi"], "go with --screenshot"),
        (
            &["--screenshot", out, "--moves", "f5"],
            "--moves needs --game",
        ),
        (
            &[
                "--screenshot",
                out,
                "--game",
                "reversi",
                "--moves",
                "f5 d6 a1",
            ],
            "move 3 (\"a1\")",
        ),
        (
            &["--screenshot", out, "--game", "2048", "--moves", "sideways"],
            "move 1 (\"sideways\")",
        ),
    ];
    for (args, expected) in cases {
        let output = desktop(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!Path::new(out).exists(), "{args:?} wrote a file");
    }
    let help = desktop(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("--screenshot FILE.png"));
}

/// `xvfb-run` on the PATH, if there is one.
fn xvfb_run() -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join("xvfb-run"))
        .find(|path| path.is_file())
}

/// One picture: the game, its moves, the language, the file and the board's colour.
struct Shot {
    game: &'static str,
    moves: &'static str,
    lang: &'static str,
    file: &'static str,
    board: [u8; 3],
}

const SHOTS: &[Shot] = &[
    Shot {
        game: "tictactoe",
        moves: "b2 a1 c3 a3",
        lang: "en",
        file: "desktop-tictactoe.png",
        board: [0xfa, 0xf6, 0xe9],
    },
    Shot {
        game: "reversi",
        moves: "f5 d6 c3 d3 c4",
        lang: "en",
        file: "desktop-reversi.png",
        board: [0x1f, 0x7a, 0x3c],
    },
    Shot {
        game: "gomoku",
        moves: "h8 h9 j8 g8 j10 j9 k9",
        lang: "en",
        file: "desktop-gomoku.png",
        board: [0xdc, 0xb0, 0x6a],
    },
    Shot {
        game: "2048",
        moves: "left up right down left",
        lang: "en",
        file: "desktop-2048.png",
        board: [0xcd, 0xc1, 0xb4],
    },
    Shot {
        game: "reversi",
        moves: "f5 d6 c3 d3 c4",
        lang: "zh-CN",
        file: "desktop-reversi-zh.png",
        board: [0x1f, 0x7a, 0x3c],
    },
];

const SIZE: (u32, u32) = (900, 600);

fn near(a: &Rgba<u8>, b: [u8; 3], tolerance: i32) -> bool {
    (0..3).all(|i| (a[i] as i32 - b[i] as i32).abs() <= tolerance)
}

/// The share of pixels of `image` within `tolerance` of `color`.
fn share(image: &RgbaImage, color: [u8; 3]) -> f64 {
    let hits = image.pixels().filter(|p| near(p, color, 6)).count();
    hits as f64 / (image.width() * image.height()) as f64
}

/// The share of pixels that differ noticeably between two pictures of one size.
fn difference(a: &RgbaImage, b: &RgbaImage) -> f64 {
    let differ = a
        .pixels()
        .zip(b.pixels())
        .filter(|(p, q)| !near(p, [q[0], q[1], q[2]], 40))
        .count();
    differ as f64 / (a.width() * a.height()) as f64
}

#[test]
fn screenshots_show_every_game_as_committed() {
    let Some(xvfb) = xvfb_run() else {
        println!(
            "SKIPPED screenshots_show_every_game_as_committed: no xvfb-run on the PATH \
             (apt-get install -y xvfb libgl1-mesa-dri; .ci/run installs them)"
        );
        return;
    };
    let update = std::env::var_os("TABULA_UPDATE_SCREENSHOTS").is_some();
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshots");
    let dir = std::env::temp_dir().join(format!("tabula-desktop-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for shot in SHOTS {
        let path = dir.join(shot.file);
        let size = format!("{}x{}", SIZE.0, SIZE.1);
        let output = Command::new(&xvfb)
            .args(["-a", env!("CARGO_BIN_EXE_tabula-desktop"), "--screenshot"])
            .arg(&path)
            .args(["--game", shot.game, "--moves", shot.moves, "--size", &size])
            .args(["--lang", shot.lang])
            .output()
            .expect("xvfb-run starts");
        assert!(
            output.status.success(),
            "{}: {}",
            shot.file,
            String::from_utf8_lossy(&output.stderr)
        );
        let image = image::open(&path).expect("a PNG").to_rgba8();
        assert_eq!(image.dimensions(), SIZE, "{}", shot.file);
        let board = share(&image, shot.board);
        assert!(
            board > 0.08,
            "{}: the board's colour covers {board:.3}",
            shot.file
        );
        let reference = committed.join(shot.file);
        if update {
            std::fs::create_dir_all(&committed).unwrap();
            std::fs::copy(&path, &reference).unwrap();
            continue;
        }
        let expected = image::open(&reference)
            .unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (regenerate: see this file's top)",
                    reference.display()
                )
            })
            .to_rgba8();
        assert_eq!(expected.dimensions(), SIZE);
        let diff = difference(&image, &expected);
        assert!(
            diff < 0.004,
            "{}: {:.2}% of the pixels differ from the committed picture (kept in {})",
            shot.file,
            diff * 100.0,
            path.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
