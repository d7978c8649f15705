//! MovingAI `.map` files.
//!
//! ```text
//! type octile
//! height 2
//! width 3
//! map
//! ..@
//! .T.
//! ```
//! `.` `G` `S` are passable; `@` `O` `T` `W` are blocked. CRLF line endings and
//! a missing final newline are accepted.

use crate::grid::{check_size, Grid, Point};

/// What is wrong with a map file, and on which line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", if *.line > 0 { format!("line {line}: ") } else { String::new() })]
pub struct MapError {
    /// 1-based line number (0 when the file as a whole is at fault).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, message: impl Into<String>) -> MapError {
    MapError {
        line,
        message: message.into(),
    }
}

/// Parses the text of a MovingAI `.map` file.
pub fn parse_map(text: &str) -> Result<Grid, MapError> {
    // A final newline ends the last row; it does not start an empty one.
    let text = text.strip_suffix('\n').unwrap_or(text);
    let mut lines = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate();
    let mut next = |what: &str| {
        lines
            .next()
            .map(|(i, l)| (i + 1, l))
            .ok_or_else(|| err(0, format!("file ends before the {what} line")))
    };
    let (n, line) = next("type")?;
    if line.trim() != "type octile" {
        return Err(err(
            n,
            format!("expected \"type octile\", found {:?}", clip(line)),
        ));
    }
    let mut height = None;
    let mut width = None;
    loop {
        let (n, line) = next("map")?;
        let mut words = line.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("map"), None, None) => break,
            (Some(field @ ("height" | "width")), Some(value), None) => {
                let value: u64 = value.parse().map_err(|_| {
                    err(
                        n,
                        format!("{field} {:?} is not a whole number", clip(value)),
                    )
                })?;
                let slot = if field == "height" {
                    &mut height
                } else {
                    &mut width
                };
                if slot.replace(value).is_some() {
                    return Err(err(n, format!("{field} given twice")));
                }
            }
            _ => {
                return Err(err(
                    n,
                    format!(
                        "expected \"height N\", \"width N\" or \"map\", found {:?}",
                        clip(line)
                    ),
                ))
            }
        }
    }
    let height = height.ok_or_else(|| err(0, "no height line before \"map\""))?;
    let width = width.ok_or_else(|| err(0, "no width line before \"map\""))?;
    let (width, height) = check_size(width, height).map_err(|e| err(0, e.to_string()))?;
    let mut grid = Grid::open(width, height).map_err(|e| err(0, e.to_string()))?;
    let mut rows = 0u32;
    for (i, line) in lines {
        let n = i + 1;
        if rows == height {
            if line.trim().is_empty() {
                continue;
            }
            return Err(err(
                n,
                format!("more than the {height} rows the header declares"),
            ));
        }
        let len = line.chars().count();
        if len != width as usize {
            return Err(err(
                n,
                format!("row has {len} cells, the header says width {width}"),
            ));
        }
        for (x, c) in line.chars().enumerate() {
            let passable = match c {
                '.' | 'G' | 'S' => true,
                '@' | 'O' | 'T' | 'W' => false,
                other => return Err(err(n, format!("unknown terrain {other:?} in column {x}"))),
            };
            grid.set_passable(Point::new(x as u32, rows), passable);
        }
        rows += 1;
    }
    if rows < height {
        return Err(err(
            0,
            format!("{rows} rows, the header says height {height}"),
        ));
    }
    Ok(grid)
}

/// Shortens a line for an error message.
pub(crate) fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_crlf_without_final_newline() {
        let g = parse_map("type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n..@\r\nGTS").unwrap();
        assert_eq!(g.to_ascii(), "..#\n.#.\n");
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("type square\nheight 1\nwidth 1\nmap\n.\n", "line 1"),
            ("type octile\nheight x\nwidth 1\nmap\n.\n", "line 2"),
            ("type octile\nheight 2\nwidth 2\nmap\n..\n.\n", "line 6"),
            ("type octile\nheight 1\nwidth 2\nmap\n.?\n", "line 5"),
            ("type octile\nheight 1\nwidth 1\nmap\n.\n.\n", "line 6"),
            ("type octile\nheight 3\nwidth 1\nmap\n.\n", "1 rows"),
            ("type octile\nheight 0\nwidth 1\nmap\n", "out of range"),
            (
                "type octile\nheight 99999999\nwidth 99999999\nmap\n",
                "out of range",
            ),
            ("type octile\nwidth 1\nmap\n.\n", "no height"),
            ("", "line 1"),
        ];
        for (text, want) in cases {
            let e = parse_map(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }
}
