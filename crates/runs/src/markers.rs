//! Generated sections: text spliced between markers that name the command
//! which made it, so a writeup mixes prose and generated tables safely.

use crate::bail;
use crate::error::Result;

/// The opening marker of generated section `name`. The closing one is
/// `<!-- END GENERATED: name -->`.
pub fn begin_marker(name: &str) -> String {
    format!("<!-- BEGIN GENERATED: {name}")
}

fn end_marker(name: &str) -> String {
    format!("<!-- END GENERATED: {name} -->")
}

/// Replaces what stands between the markers of section `name` in `text` with
/// `content`, and records in the opening marker the command and run that made
/// it. Everything outside the markers is kept byte for byte.
///
/// The markers look like this (the opening one is rewritten each time):
/// ```text
/// <!-- BEGIN GENERATED: tables (by `astar-lab report runs/X`, run X; do not edit) -->
/// ...
/// <!-- END GENERATED: tables -->
/// ```
pub fn splice(text: &str, name: &str, made_by: &str, content: &str) -> Result<String> {
    let begin = begin_marker(name);
    let end = end_marker(name);
    let Some(start) = text.find(&begin) else {
        bail!("no marker {begin} ... -->");
    };
    let Some(open_len) = text[start..].find("-->") else {
        bail!("marker {begin} is not closed with -->");
    };
    let body_start = start + open_len + 3;
    let Some(end_at) = text[body_start..].find(&end) else {
        bail!("no {end} after {begin}");
    };
    let end_at = body_start + end_at;
    let mut out = String::with_capacity(text.len() + content.len());
    out.push_str(&text[..start]);
    out.push_str(&format!("{begin} (by {made_by}; do not edit) -->\n"));
    out.push_str(content.trim_end());
    out.push('\n');
    out.push_str(&text[end_at..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_replaces_only_between_markers() {
        let text = "intro\n<!-- BEGIN GENERATED: t (old) -->\nold\nrows\n<!-- END GENERATED: t -->\noutro\n";
        let out = splice(text, "t", "`astar-lab report runs/1`", "| a |\n").unwrap();
        assert_eq!(
            out,
            "intro\n<!-- BEGIN GENERATED: t (by `astar-lab report runs/1`; do not edit) -->\n| a |\n<!-- END GENERATED: t -->\noutro\n"
        );
        assert_eq!(
            splice(&out, "t", "x", "| a |").unwrap().lines().count(),
            out.lines().count()
        );
        assert!(splice(text, "u", "x", "").is_err());
        assert!(splice("<!-- BEGIN GENERATED: t -->", "t", "x", "").is_err());
    }
}
