//! Records the version of each peer crate this build links, read from the
//! workspace's `Cargo.lock`, so that a run folder can say which `pathfinding`
//! and `petgraph` it measured (`Strategy::peer_version`).

use std::path::Path;

/// The peer crates, as named in `Cargo.lock`; each also has an arm in
/// `Strategy::peer_version` (the registry test on peers checks the pair).
const PEERS: [&str; 3] = ["pathfinding", "petgraph", "grid_pathfinding"];

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let lock = Path::new(&manifest).join("../../Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock.display());
    let text = std::fs::read_to_string(&lock).unwrap_or_default();
    for peer in PEERS {
        let versions = locked_versions(&text, peer);
        let version = if versions.is_empty() {
            "unknown".to_string()
        } else {
            versions.join(" or ")
        };
        println!(
            "cargo:rustc-env=PEER_VERSION_{}={version}",
            peer.to_uppercase()
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
