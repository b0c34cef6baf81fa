//! `tabula desktop`: finds tabula-desktop beside the tabula executable, else on PATH, passes the
//! arguments and the exit code; says how to build it when it is missing.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory under Cargo's test scratch space (on the same file system as the binary,
/// so it can be hard-linked: the running program then sees its own directory as this one).
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("desktop-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of `tabula` in `dir` (a hard link, else a copy).
fn tabula_in(dir: &Path) -> PathBuf {
    let target = dir.join("tabula");
    let source = env!("CARGO_BIN_EXE_tabula");
    if fs::hard_link(source, &target).is_err() {
        fs::copy(source, &target).unwrap();
    }
    target
}

/// A stand-in `tabula-desktop` in `dir` that writes its arguments, one a line, to `args.txt`
/// beside it and exits with `code`.
fn stand_in(dir: &Path, code: i32) -> PathBuf {
    let script = dir.join("tabula-desktop");
    let out = dir.join("args.txt");
    fs::write(
        &script,
        format!(
            "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > '{}'\nexit {code}\n",
            out.display()
        ),
    )
    .unwrap();
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    out
}

fn run(tabula: &Path, args: &[&str], path: &Path) -> (i32, String) {
    let out = Command::new(tabula)
        .args(args)
        .env("PATH", path)
        .env_remove("TABULA_LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .expect("tabula runs");
    (
        out.status.code().expect("an exit code"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_missing_desktop_program_is_named_with_its_build_command() {
    let dir = scratch("missing");
    let tabula = tabula_in(&dir);
    let empty = scratch("missing-path");
    let (code, stderr) = run(&tabula, &["desktop", "--game", "reversi"], &empty);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("tabula-desktop was not found"), "{stderr}");
    assert!(
        stderr.contains("cargo build --release -p tabula-desktop"),
        "{stderr}"
    );
}

#[test]
fn the_program_beside_tabula_gets_every_argument() {
    let dir = scratch("beside");
    let tabula = tabula_in(&dir);
    let args = stand_in(&dir, 0);
    let empty = scratch("beside-path");
    let (code, stderr) = run(
        &tabula,
        &[
            "desktop",
            "--screenshot",
            "out file.png",
            "--game",
            "reversi",
            "--moves",
            "f5 d6",
        ],
        &empty,
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        fs::read_to_string(args).unwrap(),
        "--screenshot\nout file.png\n--game\nreversi\n--moves\nf5 d6\n"
    );
}

#[test]
fn the_program_on_path_is_used_and_its_exit_code_passed_on() {
    let dir = scratch("alone");
    let tabula = tabula_in(&dir);
    let bin = scratch("path-bin");
    let args = stand_in(&bin, 3);
    let (code, stderr) = run(
        &tabula,
        &["--lang", "zh-CN", "desktop", "--game", "gomoku"],
        &bin,
    );
    assert_eq!(code, 3, "{stderr}");
    // The message is in the language asked for.
    assert!(stderr.contains("退出码为 3"), "{stderr}");
    assert_eq!(
        fs::read_to_string(args).unwrap(),
        "--lang\nzh-CN\n--game\ngomoku\n"
    );
    let (code, stderr) = run(&tabula, &["--lang", "xx", "desktop"], &bin);
    assert_eq!(
        code, 2,
        "a language the catalog lacks is refused first: {stderr}"
    );
}
