//! `astar-lab render`: seed 000's worked example drawn with the tutorial's
//! numbers, pictures and animations that decode, and bad input rejected.

use crate::{astar_lab, rejects};
use astar_harness::pictures::draw::{CLOSED, GOAL, MAX_FRAMES, OPEN, START, WALL};
use plotters::style::RGBColor;
use std::path::{Path, PathBuf};
use std::process::Output;

/// Seed 000's board: 7×5, a wall at x = 3 from y = 1 to 3; start (1,2), goal (5,2).
const SEED_MAP: &str =
    "type octile\nheight 5\nwidth 7\nmap\n.......\n...@...\n...@...\n...@...\n.......\n";

fn seed_map(dir: &Path) -> String {
    let path = dir.join("seed000.map");
    std::fs::write(&path, SEED_MAP).unwrap();
    path.to_str().unwrap().to_string()
}

/// Renders seed 000's example with the seed's rules plus `extra` flags.
fn render_seed(dir: &Path, extra: &[&str]) -> Output {
    let map = seed_map(dir);
    let mut args = vec![
        "render",
        "--map",
        &map,
        "--from",
        "1,2",
        "--to",
        "5,2",
        "--heuristic",
        "manhattan",
        "--costs",
        "seed",
    ];
    args.extend_from_slice(extra);
    let out = astar_lab(&args);
    assert!(
        out.status.success(),
        "render failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Every text element of an SVG, trimmed, after checking the SVG parses.
fn svg_texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect()
}

fn hex(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

#[test]
fn seed_example_shows_the_tutorials_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let svg_path = dir.path().join("first.svg");
    // After the first expansion: the seed's first figure, eight cells on OPEN
    // around the start.
    render_seed(dir.path(), &["--after", "1", "--out", path_str(&svg_path)]);
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let texts = svg_texts(&svg);
    let count = |s: &str| texts.iter().filter(|t| *t == s).count();
    // The right neighbour: F 40, G 10, H 30 (the start also shows F 40).
    assert!(
        count("40") >= 2 && count("10") >= 1 && count("30") >= 1,
        "{texts:?}"
    );
    // The two diagonals toward the goal: F 54 each (G 14, H 40).
    assert_eq!(count("54"), 2, "{texts:?}");
    assert_eq!(count("14"), 4, "four diagonal neighbours: {texts:?}");
    // Only the start has been taken from OPEN.
    assert_eq!(count("#1"), 1);
    assert_eq!(count("#2"), 0);
    // Each colour is in the legend once; on the board, the start is red, the
    // goal blue, the walls yellow, OPEN green, and nothing purple yet (the
    // only closed cell is the start).
    let uses = |c: RGBColor| svg.matches(&hex(c)).count();
    for colour in [START, GOAL, WALL, OPEN] {
        assert!(uses(colour) >= 2, "colour {} not on the board", hex(colour));
    }
    assert_eq!(uses(CLOSED), 1, "only the legend is purple");

    // The finished search: the goal is taken from OPEN and cells are closed.
    let end = dir.path().join("end.svg");
    render_seed(dir.path(), &["--out", path_str(&end)]);
    let svg = std::fs::read_to_string(&end).unwrap();
    let texts = svg_texts(&svg);
    assert!(texts.iter().any(|t| t.contains("path cost")), "{texts:?}");
    assert!(svg.matches(&hex(CLOSED)).count() >= 2);
    assert!(texts.iter().filter(|t| t.starts_with('#')).count() > 2);
}

#[test]
fn png_and_gif_decode() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("seed.png");
    let gif = dir.path().join("seed.gif");
    let out = render_seed(
        dir.path(),
        &["--out", path_str(&png), "--animate", path_str(&gif)],
    );
    let image = image::load_from_memory(&std::fs::read(&png).unwrap())
        .expect("the PNG decodes")
        .to_rgb8();
    assert!(image.width() >= 7 * 40 && image.height() >= 5 * 40);
    // More purple than the legend's swatch: closed cells are on the board.
    let purple = image
        .pixels()
        .filter(|p| p.0 == [CLOSED.0, CLOSED.1, CLOSED.2])
        .count();
    assert!(purple > 20 * 20, "{purple} purple pixels");

    let stdout = String::from_utf8_lossy(&out.stdout);
    let frames = gif_frames(&gif);
    assert!(
        stdout.contains(&format!("({frames} frames)")),
        "decoded {frames} frames, the command said: {stdout}"
    );
    // One frame per expansion count, 0 to the end.
    let expansions: usize = stdout
        .lines()
        .next()
        .and_then(|l| l.rsplit(", ").next())
        .and_then(|s| s.strip_suffix(" expansions"))
        .and_then(|s| s.parse().ok())
        .expect("the command reports its expansions");
    assert_eq!(frames, expansions + 1, "{stdout}");
}

/// Decodes every frame of a GIF and returns how many there are.
fn gif_frames(path: &PathBuf) -> usize {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::fs::File::open(path).unwrap())
        .expect("the GIF header decodes");
    let (w, h) = (decoder.width() as usize, decoder.height() as usize);
    let mut frames = 0;
    while let Some(frame) = decoder.read_next_frame().expect("every frame decodes") {
        assert_eq!(
            frame.buffer.len(),
            4 * frame.width as usize * frame.height as usize
        );
        assert!(frame.width as usize <= w && frame.height as usize <= h);
        frames += 1;
    }
    frames
}

#[test]
fn large_searches_animate_in_bounded_frames() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("big.gif");
    // An empty 40×40 map searched with H = 0 expands nearly every cell.
    let out = astar_lab(&[
        "render",
        "--random",
        "40,0,1",
        "--from",
        "0,0",
        "--to",
        "39,39",
        "--heuristic",
        "zero",
        "--animate",
        path_str(&gif),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("1599 expansions"), "{stdout}");
    assert_eq!(gif_frames(&gif), MAX_FRAMES);
}

#[test]
fn compare_draws_both_variants_and_overwrites_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("cmp.svg");
    std::fs::write(&svg, "old contents").unwrap();
    let out = render_seed(
        dir.path(),
        &["--compare", "octile,manhattan", "--out", path_str(&svg)],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("octile heuristic: found"), "{stdout}");
    assert!(stdout.contains("manhattan heuristic: found"), "{stdout}");
    let texts = svg_texts(&std::fs::read_to_string(&svg).unwrap());
    assert!(texts.iter().any(|t| t.starts_with("octile heuristic")));
    assert!(texts.iter().any(|t| t.starts_with("manhattan heuristic")));
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["cmp.svg", "seed000.map"], "no temporary file left");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let map = seed_map(dir.path());
    let out = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (svg, jpg, png) = (out("a.svg"), out("a.jpg"), out("a.png"));
    let missing = out("missing.map");
    let base = ["render", "--map", &map, "--from", "1,2", "--to", "5,2"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--out", &jpg], "extension"),
        (vec!["--animate", &png], "extension"),
        (vec![], "--out"),
        (vec!["--out", &svg, "--compare", "octile,nope"], "nope"),
        (vec!["--out", &svg, "--compare", "octile"], "A,B"),
        (vec!["--out", &svg, "--heuristic", "nope"], "nope"),
        (vec!["--out", &svg, "--random", "8,0.1,1"], "--random"),
    ];
    for (extra, wanted) in cases {
        let mut args = base.to_vec();
        args.extend(extra);
        rejects(&args, &[wanted]);
    }
    let on_wall = [
        "render", "--map", &map, "--from", "3,2", "--to", "5,2", "--out", &svg,
    ];
    rejects(&on_wall, &["wall"]);
    let off_map = [
        "render", "--map", &map, "--from", "1,2", "--to", "9,2", "--out", &svg,
    ];
    rejects(&off_map, &["off the"]);
    rejects(
        &[
            "render", "--map", &missing, "--from", "1,2", "--to", "5,2", "--out", &svg,
        ],
        &["missing.map"],
    );
    rejects(
        &["render", "--from", "1,2", "--to", "5,2", "--out", &svg],
        &["--map"],
    );
    rejects(
        &[
            "render", "--random", "8,2.0,1", "--from", "0,0", "--to", "1,1", "--out", &svg,
        ],
        &["density"],
    );
    rejects(
        &[
            "render", "--random", "8x,0.1,1", "--from", "0,0", "--to", "1,1", "--out", &svg,
        ],
        &["SIZE,DENSITY,SEED"],
    );
    assert!(!Path::new(&svg).exists() && !Path::new(&jpg).exists());
}
