//! `tabula desktop [ARGS…]`: starts the desktop window, the separate `tabula-desktop` program
//! (the command line does not build egui), found beside this executable or else on `PATH`.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::{CliError, Result};

/// The desktop program's file name on this platform.
fn program_name() -> OsString {
    let mut name = OsString::from("tabula-desktop");
    name.push(std::env::consts::EXE_SUFFIX);
    name
}

/// `tabula-desktop` beside `exe`, else the first on `path` (a `PATH` value).
fn find(exe: Option<&Path>, path: Option<&OsStr>) -> Option<PathBuf> {
    let name = program_name();
    let beside = exe.and_then(Path::parent).map(|dir| dir.join(&name));
    beside
        .into_iter()
        .chain(
            path.into_iter()
                .flat_map(std::env::split_paths)
                .map(|dir| dir.join(&name)),
        )
        .find(|candidate| candidate.is_file())
}

/// Runs `tabula-desktop` with `args` (and `--lang` when the command line was given one) and
/// waits for it; its failure exit code becomes this program's.
pub fn run(args: &[OsString], lang: Option<&str>) -> Result<()> {
    let exe = std::env::current_exe().ok();
    let Some(program) = find(exe.as_deref(), std::env::var_os("PATH").as_deref()) else {
        return Err(CliError::usage_key("cli-error-desktop-missing", &[]));
    };
    let mut command = Command::new(&program);
    if let Some(lang) = lang {
        command.args(["--lang", lang]);
    }
    let status = command.args(args).status().map_err(|e| {
        CliError::failed_key(
            "cli-error-desktop-start",
            &[
                ("path", program.display().to_string()),
                ("reason", e.to_string()),
            ],
        )
    })?;
    match status.code() {
        Some(0) => Ok(()),
        Some(code) => Err(CliError::exited(
            "cli-error-desktop-exited",
            &[
                ("path", program.display().to_string()),
                ("code", code.to_string()),
            ],
            u8::try_from(code).unwrap_or(1),
        )),
        None => Err(CliError::failed_key(
            "cli-error-desktop-signal",
            &[("path", program.display().to_string())],
        )),
    }
}
