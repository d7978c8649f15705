//! The experiments' rows: serde types, one CSV file each, written and read
//! with the `csv` crate.

use super::QuerySpec;
use astar_core::Point;
use astar_runs::bail;
use astar_runs::error::{Error, Result};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// A row of one CSV file: its columns are the type's fields, in order.
pub trait CsvRow: Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The file's name in the output folder.
    const FILE: &'static str;
}

/// What an experiment yields: the rows of one or more CSVs, per query and
/// appended for the run.
pub trait Rows: Default + Send + Sync + Sized + 'static {
    /// The CSV file names, in order.
    fn files() -> Vec<&'static str>;
    /// Appends `other`'s rows after these.
    fn append(&mut self, other: Self);
    /// The CSVs: file name → contents.
    fn csvs(&self) -> Result<Vec<(&'static str, String)>>;
    /// Reads the rows from `dir`: `None` when none of the files is there.
    fn read(dir: &Path) -> Result<Option<Self>>;
}

/// The CSV text of `rows`, header first.
pub fn to_csv<R: CsvRow>(rows: &[R]) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in rows {
        w.serialize(r)
            .map_err(|e| astar_runs::invalid!("writing {}: {e}", R::FILE))?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| astar_runs::invalid!("writing {}: {e}", R::FILE))?;
    String::from_utf8(bytes).map_err(|e| astar_runs::invalid!("writing {}: {e}", R::FILE))
}

/// Reads `R::FILE` from `dir`, or `None` when it is not there. Columns are
/// matched by name, so columns appended later are ignored by older readers.
pub fn read_csv<R: CsvRow>(dir: &Path) -> Result<Option<Vec<R>>> {
    let path = dir.join(R::FILE);
    if !path.exists() {
        return Ok(None);
    }
    let mut r = csv::Reader::from_path(&path).map_err(|e| Error::malformed(&path, e))?;
    let rows = r
        .deserialize()
        .collect::<Result<Vec<R>, _>>()
        .map_err(|e| Error::malformed(&path, e))?;
    Ok(Some(rows))
}

impl<R: CsvRow> Rows for Vec<R> {
    fn files() -> Vec<&'static str> {
        vec![R::FILE]
    }
    fn append(&mut self, mut other: Self) {
        Vec::append(self, &mut other);
    }
    fn csvs(&self) -> Result<Vec<(&'static str, String)>> {
        Ok(vec![(R::FILE, to_csv(self)?)])
    }
    fn read(dir: &Path) -> Result<Option<Self>> {
        read_csv(dir)
    }
}

impl<A: CsvRow, B: CsvRow> Rows for (Vec<A>, Vec<B>) {
    fn files() -> Vec<&'static str> {
        vec![A::FILE, B::FILE]
    }
    fn append(&mut self, mut other: Self) {
        self.0.append(&mut other.0);
        self.1.append(&mut other.1);
    }
    fn csvs(&self) -> Result<Vec<(&'static str, String)>> {
        Ok(vec![
            (A::FILE, to_csv(&self.0)?),
            (B::FILE, to_csv(&self.1)?),
        ])
    }
    fn read(dir: &Path) -> Result<Option<Self>> {
        match (read_csv(dir)?, read_csv(dir)?) {
            (Some(a), Some(b)) => Ok(Some((a, b))),
            (None, None) => Ok(None),
            _ => bail!(
                "{}: {} and {} come together; one is missing",
                dir.display(),
                A::FILE,
                B::FILE
            ),
        }
    }
}

/// A cell in a CSV: `x y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell(pub Point);

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.0.x, self.0.y)
    }
}

impl FromStr for Cell {
    type Err = String;
    fn from_str(text: &str) -> std::result::Result<Cell, String> {
        let mut parts = text.split(' ').map(str::parse::<u32>);
        match (parts.next(), parts.next(), parts.next()) {
            (Some(Ok(x)), Some(Ok(y)), None) => Ok(Cell(Point::new(x, y))),
            _ => Err(format!("expected a cell `x y`, got {text:?}")),
        }
    }
}

/// The first columns of every CSV: which query a row is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// Map side.
    pub size: u32,
    /// Map index within its size.
    pub map: u32,
    /// Query index within its map.
    pub query: u32,
    /// Start cell.
    pub start: Cell,
    /// Goal cell.
    pub goal: Cell,
}

impl Key {
    /// The key of a query.
    pub fn of(q: &QuerySpec) -> Key {
        Key {
            size: q.size,
            map: q.map,
            query: q.query,
            start: Cell(q.start),
            goal: Cell(q.goal),
        }
    }
}

/// Declares a row type whose first columns are the query's key
/// (`size,map,query,start,goal`) followed by the given fields, with a
/// `key()` accessor.
macro_rules! keyed_row {
    (
        $(#[$meta:meta])*
        pub struct $name:ident in $file:literal {
            $( $(#[$fmeta:meta])* pub $field:ident : $ty:ty, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        pub struct $name {
            /// Map side.
            pub size: u32,
            /// Map index within its size.
            pub map: u32,
            /// Query index within its map.
            pub query: u32,
            /// Start cell.
            #[serde(with = "astar_runs::record::by_name")]
            pub start: $crate::experiments::seeds::rows::Cell,
            /// Goal cell.
            #[serde(with = "astar_runs::record::by_name")]
            pub goal: $crate::experiments::seeds::rows::Cell,
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl $crate::experiments::seeds::rows::CsvRow for $name {
            const FILE: &'static str = $file;
        }

        impl $name {
            /// Which query the row is of.
            #[allow(dead_code)]
            pub fn key(&self) -> $crate::experiments::seeds::rows::Key {
                $crate::experiments::seeds::rows::Key {
                    size: self.size,
                    map: self.map,
                    query: self.query,
                    start: self.start,
                    goal: self.goal,
                }
            }
        }
    };
}
pub(crate) use keyed_row;

/// A row of type `$name` of the query whose [`Key`] is `$key`: the key
/// columns from the key, the rest as given, so no experiment copies them.
macro_rules! keyed {
    ($name:ident at $key:expr, { $($field:ident : $value:expr),* $(,)? }) => {{
        let key: $crate::experiments::seeds::rows::Key = $key;
        $name {
            size: key.size,
            map: key.map,
            query: key.query,
            start: key.start,
            goal: key.goal,
            $($field: $value),*
        }
    }};
}
pub(crate) use keyed;

/// Serde for a flag written as `0` / `1`.
pub mod bit {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `true` as 1, `false` as 0.
    pub fn serialize<S: Serializer>(b: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(u8::from(*b))
    }

    /// Reads 0 or 1.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        match u8::deserialize(d)? {
            0 => Ok(false),
            1 => Ok(true),
            n => Err(serde::de::Error::custom(format!(
                "expected 0 or 1, got {n}"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    keyed_row! {
        /// A row for the test.
        pub struct Sample in "sample.csv" {
            /// A flag.
            #[serde(with = "bit")]
            pub flag: bool,
            /// A number.
            pub n: u64,
        }
    }

    #[test]
    fn rows_round_trip_through_csv() {
        let dir = tempfile::tempdir().unwrap();
        let key = Key::of(&QuerySpec {
            size: 8,
            map: 1,
            query: 2,
            start: Point::new(3, 4),
            goal: Point::new(5, 6),
        });
        let rows = vec![keyed!(Sample at key, {
            flag: true,
            n: 7,
        })];
        let text = to_csv(&rows).unwrap();
        assert_eq!(
            text,
            "size,map,query,start,goal,flag,n\n8,1,2,3 4,5 6,1,7\n"
        );
        assert_eq!(read_csv::<Sample>(dir.path()).unwrap(), None);
        std::fs::write(dir.path().join("sample.csv"), &text).unwrap();
        let back = read_csv::<Sample>(dir.path()).unwrap().unwrap();
        assert_eq!(back, rows);
        assert_eq!(back[0].key(), key);
    }
}
