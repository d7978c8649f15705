//! `astar-lab threads`: one configuration on one worker thread and on two,
//! compared ratio by ratio, spliced into a writeup.

use crate::{astar_lab_in, rejects};
use std::path::{Path, PathBuf};

/// A small sweep on `threads` worker threads; returns its run folder.
fn run(cwd: &Path, out: &str, threads: &str, seed: &str) -> PathBuf {
    let o = astar_lab_in(
        cwd,
        &[
            "sweep",
            "--sizes",
            "16,24",
            "--maps",
            "3",
            "--queries",
            "3",
            "--min-time-ms",
            "0.05",
            "--strategies",
            "linear,heap,bucket,floor,pathfinding",
            "--seed",
            seed,
            "--threads",
            threads,
            "--no-report",
            "--out",
            out,
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(cwd.join(out))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(dirs.len(), 1);
    dirs.remove(0)
}

#[test]
fn threads_compares_both_runs_and_regenerates() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    run(cwd, "one", "1", "1");
    run(cwd, "many", "2", "1");
    let name = |out: &str| {
        let dir = std::fs::read_dir(cwd.join(out)).unwrap().next().unwrap();
        format!("{out}/{}", dir.unwrap().file_name().to_string_lossy())
    };
    let (one, many) = (name("one"), name("many"));
    std::fs::create_dir(cwd.join("reports")).unwrap();
    let readme = cwd.join("reports/README.md");
    std::fs::write(
        &readme,
        "# W\n\nprose\n<!-- BEGIN GENERATED: threads -->\n<!-- END GENERATED: threads -->\nafter\n",
    )
    .unwrap();
    let o = astar_lab_in(cwd, &["threads", "--one", &one, "--many", &many]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    let choice = stdout.lines().last().unwrap();
    assert!(
        choice == "threads to publish with: 1" || choice == "threads to publish with: 2",
        "{stdout}"
    );
    let text = std::fs::read_to_string(&readme).unwrap();
    assert!(text.starts_with("# W\n\nprose\n") && text.ends_with("after\n"));
    // Every ratio at both sizes, in both runs.
    for what in [
        "heap over linear",
        "heap × floor",
        "bucket × floor",
        "pathfinding ÷ heap",
    ] {
        for side in ["16²", "24²"] {
            assert!(
                text.contains(&format!("| {side} | {what} | ")),
                "{what} at {side}: {text}"
            );
        }
    }
    // The verdict agrees with the choice printed.
    let agreed = text.contains("may use 2 threads");
    assert_eq!(agreed, choice.ends_with('2'), "{text}");

    // The marker names a command that makes the same bytes again.
    let command = text
        .split("(by `astar-lab ")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .unwrap()
        .to_string();
    assert_eq!(command, format!("threads --one {one} --many {many}"));
    let args: Vec<&str> = command.split_whitespace().collect();
    assert!(astar_lab_in(cwd, &args).status.success());
    assert_eq!(std::fs::read_to_string(&readme).unwrap(), text);
}

#[test]
fn threads_refuses_runs_that_cannot_be_compared() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let a = run(cwd, "a", "1", "1");
    let b = run(cwd, "b", "2", "2");
    let c = run(cwd, "c", "1", "1");
    let (a, b, c) = (
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        c.to_str().unwrap(),
    );
    let reports = cwd.join("reports");
    std::fs::create_dir(&reports).unwrap();
    std::fs::write(
        reports.join("README.md"),
        "<!-- BEGIN GENERATED: threads -->\n<!-- END GENERATED: threads -->\n",
    )
    .unwrap();
    let r = reports.to_str().unwrap();
    rejects(
        &["threads", "--one", a, "--many", b, "--reports", r],
        &["different configurations", "seed"],
    );
    rejects(
        &["threads", "--one", a, "--many", c, "--reports", r],
        &["1 worker thread", "got 1 and 1"],
    );
    rejects(&["threads", "--one", a], &["--many"]);
}
