//! Records the version of each published crate a strategy measures, read
//! from the workspace's `Cargo.lock`: the peers' A* (`pathfinding`,
//! `petgraph`) and the queues the crate-backed open lists wrap, so that a
//! run folder can say which version it measured (`Strategy::crate_version`).

use std::path::Path;

/// The crates, as named in `Cargo.lock`; each also has an arm in
/// `Strategy::published` (a registry test checks the pair against the lock).
const CRATES: [&str; 6] = [
    "pathfinding",
    "petgraph",
    "grid_pathfinding",
    "priority-queue",
    "keyed_priority_queue",
    "dary_heap",
];

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let lock = Path::new(&manifest).join("../../Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock.display());
    let text = std::fs::read_to_string(&lock).unwrap_or_default();
    for name in CRATES {
        let versions = locked_versions(&text, name);
        let version = if versions.is_empty() {
            "unknown".to_string()
        } else {
            versions.join(" or ")
        };
        println!(
            "cargo:rustc-env=CRATE_VERSION_{}={version}",
            name.to_uppercase().replace('-', "_")
        );
    }
}

/// Every version of package `name` in a `Cargo.lock` (one, unless the
/// dependency graph holds several).
fn locked_versions<'a>(lock: &'a str, name: &str) -> Vec<&'a str> {
    let want = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    let mut out = Vec::new();
    while let Some(line) = lines.next() {
        if line.trim() == want {
            let version = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
                .and_then(|v| v.strip_suffix('"'));
            out.extend(version);
        }
    }
    out
}
