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

/// Runs `tabula args...` with `input` on standard input (closed afterwards) and no colours.
pub fn tabula(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
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
