//! Build script: the git commit the binary is built from, for `--version`,
//! CECP's `myname` and USI's `id name` (see `src/version.rs`).
//!
//! A build outside a git checkout (a source tarball) says so instead of
//! failing; `KYODAI_COMMIT` in the environment overrides both.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

fn main() {
    println!("cargo:rerun-if-env-changed=KYODAI_COMMIT");
    let commit = std::env::var("KYODAI_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(|| git(&["rev-parse", "--short", "HEAD"]))
        .unwrap_or_else(|| "no git".to_string());
    // Rebuild when HEAD moves: HEAD itself (a branch switch) and the ref it
    // names (a commit on the branch), wherever this checkout keeps them.
    // Only files that exist: cargo reruns a build script on every build
    // while a file it watches is missing.
    let branch = git(&["symbolic-ref", "-q", "HEAD"]);
    for path in ["HEAD", "packed-refs"].into_iter().chain(branch.as_deref()) {
        if let Some(p) = git(&["rev-parse", "--git-path", path])
            && std::path::Path::new(&p).exists()
        {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    println!("cargo:rustc-env=KYODAI_COMMIT={commit}");
}
