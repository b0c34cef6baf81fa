//! Runs the page's browser tests (crates/server/tests/browser/web.test.mjs: Playwright driving
//! Debian's chromium against real `tabula serve` processes on 127.0.0.1). Skips, saying why,
//! when node, chromium or the test's node_modules are missing (`.ci/run` installs them).

use std::path::Path;
use std::process::Command;

fn chromium() -> Option<String> {
    let path = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    Path::new(&path).exists().then_some(path)
}

#[test]
fn the_page_in_a_real_browser() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/tests/browser");
    let node = Command::new("node").arg("--version").output();
    let missing = if !node.is_ok_and(|o| o.status.success()) {
        Some("node is not installed")
    } else if chromium().is_none() {
        Some("chromium is not installed (apt-get install -y chromium)")
    } else if !dir.join("node_modules/playwright-core").exists() {
        Some("playwright-core is not installed (npm ci in crates/server/tests/browser)")
    } else {
        None
    };
    if let Some(why) = missing {
        println!("SKIPPED the browser tests: {why}");
        eprintln!("SKIPPED the browser tests: {why}");
        return;
    }
    let mut command = Command::new("node");
    command
        .args(["--test", "--test-concurrency=1", "web.test.mjs"])
        .current_dir(&dir)
        .env("TABULA_BIN", env!("CARGO_BIN_EXE_tabula"));
    if let Some(path) = chromium() {
        command.env("CHROMIUM", path);
    }
    let out = command.output().expect("run node");
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the browser tests failed:\n{text}");
    assert!(
        text.contains("# pass 9"),
        "expected nine passing browser tests:\n{text}"
    );
}
