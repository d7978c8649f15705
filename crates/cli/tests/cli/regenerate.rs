//! The published reports regenerate byte for byte from their committed data.
//!
//! Every generated section names the command that made it. Here each
//! command that only reads committed data (`report`, `claim`, `plot`,
//! `which-crate` and `seeds --from-data`) is run again on a copy of `reports/`, and every file
//! must come out exactly as committed: a change to the code that changes a
//! published figure fails here until the figures are regenerated.

use crate::astar_lab_in;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Copies a folder tree.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Every file below `dir`, relative to it.
fn files(dir: &Path) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.insert(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out
}

/// The commands named by the generated sections of the markdown files below
/// `dir` that read committed data only (measuring commands cannot be rerun
/// in a test).
fn marker_commands(dir: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for file in files(dir) {
        if file.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(&file)).unwrap();
        for line in text.lines() {
            let Some(rest) = line
                .split_once("<!-- BEGIN GENERATED: ")
                .map(|(_, rest)| rest)
            else {
                continue;
            };
            let Some((_, command)) = rest.split_once("(by `astar-lab ") else {
                continue;
            };
            let command = command.split('`').next().unwrap();
            let sub = command.split_whitespace().next().unwrap_or_default();
            if matches!(
                sub,
                "report" | "claim" | "real-maps-report" | "threads" | "which-crate"
            ) || command.contains("--from-data")
            {
                out.insert(command.to_string());
            }
        }
    }
    out
}

#[test]
fn published_reports_regenerate_byte_for_byte() {
    let root = root();
    let tmp = tempfile::tempdir().unwrap();
    copy_tree(&root.join("reports"), &tmp.path().join("reports"));
    // `which-crate` writes the root README's answer too.
    std::fs::copy(root.join("README.md"), tmp.path().join("README.md")).unwrap();
    let mut commands = marker_commands(&tmp.path().join("reports"));
    assert!(
        commands
            .iter()
            .any(|c| c.starts_with("report reports/data")),
        "the writeup's sections name their command: {commands:?}"
    );
    // The charts have no markers; the README says which command draws them.
    commands.insert("plot reports/data".into());
    for command in &commands {
        let args: Vec<&str> = command.split_whitespace().collect();
        let out = astar_lab_in(tmp.path(), &args);
        assert!(
            out.status.success(),
            "astar-lab {command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(
        std::fs::read(root.join("README.md")).unwrap()
            == std::fs::read(tmp.path().join("README.md")).unwrap(),
        "README.md does not regenerate byte for byte (ran: {commands:?})"
    );
    let (want, got) = (root.join("reports"), tmp.path().join("reports"));
    assert_eq!(files(&want), files(&got), "the same files");
    for file in files(&want) {
        let (a, b) = (
            std::fs::read(want.join(&file)).unwrap(),
            std::fs::read(got.join(&file)).unwrap(),
        );
        assert!(
            a == b,
            "reports/{} does not regenerate byte for byte (ran: {commands:?})",
            file.display()
        );
    }
}
