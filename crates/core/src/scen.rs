//! MovingAI `.scen` scenario files.
//!
//! `version 1` files separate fields with tabs, `version 1.0` files with spaces.
//! Each row is: bucket, map, map width, map height, start x, start y, goal x,
//! goal y, optimal length. The map field may be a path or a bare name.

use crate::grid::Point;
use crate::map_file::clip;

/// What is wrong with a scenario file, and on which line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScenError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// One query of a scenario file.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioRow {
    /// 1-based line in the file.
    pub line: usize,
    /// Difficulty bucket.
    pub bucket: u32,
    /// The map field as written (a path or a bare name).
    pub map: String,
    /// Map width the row assumes.
    pub width: u32,
    /// Map height the row assumes.
    pub height: u32,
    /// Start cell.
    pub start: Point,
    /// Goal cell.
    pub goal: Point,
    /// Optimal length in cells, as printed.
    pub optimal: f64,
    /// One unit in the last digit the file prints for this row: a computed
    /// length within this of `optimal` agrees with the file. Half a unit is
    /// the rounding; the other half allows for the floating-point error of the
    /// program that wrote the file (lak303d prints 235.764 for 235.7645020).
    pub tolerance: f64,
}

impl ScenarioRow {
    /// The map field's file name, without any directories.
    pub fn map_basename(&self) -> &str {
        self.map.rsplit(['/', '\\']).next().unwrap_or(&self.map)
    }

    /// Whether a computed length agrees with the printed optimum.
    pub fn agrees(&self, length: f64) -> bool {
        (length - self.optimal).abs() <= self.tolerance + 1e-9 * self.optimal.max(1.0)
    }
}

/// A parsed scenario file.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// The header's version: "1" or "1.0".
    pub version: String,
    /// The rows in file order.
    pub rows: Vec<ScenarioRow>,
}

fn err(line: usize, message: impl Into<String>) -> ScenError {
    ScenError {
        line,
        message: message.into(),
    }
}

/// Parses the text of a MovingAI `.scen` file.
pub fn parse_scen(text: &str) -> Result<Scenario, ScenError> {
    let mut lines = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l));
    let (_, header) = lines.next().ok_or_else(|| err(1, "empty file"))?;
    let version = match header.trim() {
        "version 1" => "1",
        "version 1.0" => "1.0",
        other => {
            return Err(err(
                1,
                format!(
                    "expected \"version 1\" or \"version 1.0\", found {:?}",
                    clip(other)
                ),
            ))
        }
    };
    let mut rows = Vec::new();
    let mut lengths = Vec::new();
    for (n, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        // Tabs in version 1, spaces in 1.0; a tab-separated row keeps any spaces
        // inside its map field.
        let fields: Vec<&str> = if line.contains('\t') {
            line.split('\t').map(str::trim).collect()
        } else {
            line.split_whitespace().collect()
        };
        if fields.len() != 9 {
            return Err(err(n, format!("{} fields, expected 9", fields.len())));
        }
        let int = |i: usize, what: &str| -> Result<u32, ScenError> {
            fields[i].parse::<u32>().map_err(|_| {
                err(
                    n,
                    format!("{what} {:?} is not a whole number", clip(fields[i])),
                )
            })
        };
        let text_len = fields[8];
        let optimal: f64 = text_len
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| {
                err(
                    n,
                    format!("optimal length {:?} is not a number", clip(text_len)),
                )
            })?;
        if fields[1].is_empty() {
            return Err(err(n, "empty map field"));
        }
        rows.push(ScenarioRow {
            line: n,
            bucket: int(0, "bucket")?,
            map: fields[1].to_string(),
            width: int(2, "map width")?,
            height: int(3, "map height")?,
            start: Point::new(int(4, "start x")?, int(5, "start y")?),
            goal: Point::new(int(6, "goal x")?, int(7, "goal y")?),
            optimal,
            tolerance: 0.0,
        });
        lengths.push(text_len);
    }
    let fixed = fixed_decimals(&lengths);
    for (row, text) in rows.iter_mut().zip(&lengths) {
        row.tolerance = 10f64.powi(-(fixed.unwrap_or_else(|| general_decimals(text)) as i32));
    }
    Ok(Scenario {
        version: version.to_string(),
        rows,
    })
}

fn decimals(text: &str) -> usize {
    text.split_once('.').map_or(0, |(_, frac)| frac.len())
}

/// `Some(d)` when every length prints exactly `d ≥ 1` decimals: a fixed-point
/// file such as `%.8f`, precise to its last printed digit.
fn fixed_decimals(lengths: &[&str]) -> Option<usize> {
    let d = decimals(lengths.first()?);
    (d >= 1 && lengths.iter().all(|t| decimals(t) == d)).then_some(d)
}

/// Decimals a `%g`-style length (six significant digits, trailing zeros
/// dropped) is precise to: `7` means 7.00000, `123.5` means 123.500.
fn general_decimals(text: &str) -> usize {
    let int_digits = text
        .split('.')
        .next()
        .unwrap_or("")
        .trim_start_matches('0')
        .len();
    decimals(text).max(6usize.saturating_sub(int_digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_versions_parse() {
        let v1 = parse_scen("version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n1\tarena.map\t49\t49\t1\t13\t4\t12\t3.41421\n").unwrap();
        assert_eq!(v1.version, "1");
        assert_eq!(v1.rows.len(), 2);
        assert_eq!(v1.rows[0].map_basename(), "arena.map");
        assert_eq!(v1.rows[1].start, Point::new(1, 13));
        // %g style: "1" is 1.00000, "3.41421" is good to 1e-5.
        assert!((v1.rows[0].tolerance - 1e-5).abs() < 1e-12);
        assert!(v1.rows[1].agrees(2.0 + std::f64::consts::SQRT_2 + 1e-6));
        assert!(!v1.rows[1].agrees(3.41424));

        let v10 = parse_scen("version 1.0\r\n61 maps/bg/AR.map 512 512 210 395 87 201 244.95\r\n3 maps/bg/AR.map 512 512 1 2 3 4 132.40\r\n").unwrap();
        assert_eq!(v10.version, "1.0");
        assert!(
            (v10.rows[0].tolerance - 0.01).abs() < 1e-12,
            "fixed %.2f file"
        );
        assert!(v10.rows[1].agrees(132.404));
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("version 2\n", "line 1"),
            ("", "line 1"),
            ("version 1\n0\ta.map\t4\t4\t0\t0\t1\n", "line 2: 7 fields"),
            (
                "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\t1\n0\ta.map\tx\t4\t0\t0\t1\t1\t1\n",
                "line 3: map width",
            ),
            (
                "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\tNaN\n",
                "optimal length",
            ),
            ("version 1\n0\ta.map\t4\t4\t-1\t0\t1\t1\t1\n", "start x"),
        ];
        for (text, want) in cases {
            let e = parse_scen(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }
}
