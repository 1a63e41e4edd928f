//! Kyodai's Chu under lishogi's rules against lishogi's own rules library,
//! shogiops (npm): `scripts/shogiops_check.sh` installs it (into
//! target/shogiops, once) and compares moves, perft counts by path and
//! game outcomes over the opening positions, 200 positions from random
//! games and positions chosen for each rule where lishogi differs;
//! `scripts/shogiops_mate.sh` replays the mate solver's lines. Needs node
//! and npm, which the suite's set-up provides (README).

use std::process::Command;

/// Runs `scripts/NAME` with `args` on the binary under test; its standard
/// output, once it has succeeded.
fn run_script(name: &str, args: &[&str]) -> String {
    let script = format!("{}/scripts/{name}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("bash")
        .arg(&script)
        .args(args)
        .env("KYODAI", env!("CARGO_BIN_EXE_kyodai"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{name} failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    stdout
}

#[test]
fn moves_counts_and_outcomes_agree_with_shogiops() {
    let stdout = run_script("shogiops_check.sh", &[]);
    // The check ran in full: both parts reported, nothing differed.
    assert!(
        stdout.contains("openings: 54 positions, differing: 0"),
        "{stdout}"
    );
    assert!(
        stdout.contains("start position perft 3 by path: kyodai 52599, shogiops 52599"),
        "{stdout}"
    );
    assert!(stdout.contains("positions differing: 0"), "{stdout}");
    let compared: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("positions compared: "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of positions compared:\n{stdout}"));
    assert!(compared >= 200, "{compared} positions compared");
}

/// The collection's problems solved with 20,000 nodes each and every mate
/// found replayed by shogiops (`scripts/shogiops_mate.sh`): each move
/// legal under lishogi's rules, each attacker's move a check, the game won
/// at the end of the line.
#[test]
fn mate_lines_replay_under_shogiops() {
    let problems = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/problems/chu-tsume.txt");
    let stdout = run_script(
        "shogiops_mate.sh",
        &[problems, "--nodes", "20000", "--threads", "2"],
    );
    let replayed: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("replayed "))
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of lines replayed:\n{stdout}"));
    assert!(replayed >= 100, "only {replayed} mates replayed:\n{stdout}");
}
