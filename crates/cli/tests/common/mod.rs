//! Running the `tabula` binary in tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The result of one run: exit code, standard output and standard error.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// The variables that choose the language, cleared for every run so that the tests do not
/// depend on the machine's locale.
const LANGUAGE_VARIABLES: [&str; 4] = ["TABULA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"];

/// Runs `tabula args...` with `input` on standard input (closed afterwards), no colours, and
/// English (no language variable set).
pub fn tabula(args: &[&str], input: &str) -> Run {
    tabula_env(args, input, &[])
}

/// As [`tabula`], with the environment variables `env` set (after the language variables are
/// cleared).
pub fn tabula_env(args: &[&str], input: &str, env: &[(&str, &str)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    for name in LANGUAGE_VARIABLES {
        command.env_remove(name);
    }
    let mut child = command
        .args(args)
        .envs(env.iter().copied())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .expect("input is written");
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().expect("tabula finishes");
    let run = Run {
        code: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "tabula panicked: {}",
        run.stderr
    );
    run
}
