//! Facts about the machine, the build and the moment of a run, for `meta.json`.

use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// `git rev-parse --short HEAD`, with `-dirty` when `git status --porcelain`
/// lists anything; `unknown` when git or the repository is missing.
pub(crate) fn git_commit() -> String {
    let run = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match run(&["rev-parse", "--short", "HEAD"]) {
        Some(hash) if !hash.is_empty() => match run(&["status", "--porcelain"]) {
            Some(changes) if !changes.is_empty() => format!("{hash}-dirty"),
            _ => hash,
        },
        _ => "unknown".into(),
    }
}

/// `rustc --version` of the compiler that built this binary, captured by the
/// build script (the compiler that built it is the one that matters, and it
/// may not be installed where the binary runs).
pub(crate) fn rustc_version() -> String {
    env!("ASTAR_LAB_RUSTC_VERSION").to_string()
}

/// The first "model name" of /proc/cpuinfo, or `unknown`.
pub(crate) fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .filter_map(|l| l.split_once(':'))
                .find(|(k, _)| k.trim() == "model name")
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// Logical cores available to this process.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Bytes of memory available (MemAvailable of /proc/meminfo), if readable.
pub(crate) fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Peak resident memory of this process so far, in bytes: `VmHWM` of
/// /proc/self/status (Linux); `None` where that file does not exist.
pub(crate) fn peak_resident_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    parse_vm_hwm(&text)
}

/// The `VmHWM:` line of a /proc/PID/status text, in bytes.
fn parse_vm_hwm(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let mut fields = line.split_whitespace().skip(1);
    let value: u64 = fields.next()?.parse().ok()?;
    // The kernel always prints kB (KiB); refuse anything else rather than guess.
    (fields.next()? == "kB").then_some(value * 1024)
}

/// CPU time counters at one moment, in the kernel's clock ticks: the whole
/// machine's (every core, from the first line of /proc/stat) and this
/// process's own (/proc/self/stat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CpuTimes {
    /// Ticks every core spent on anything but idling, steal included.
    busy: u64,
    /// Ticks in all, idle included.
    total: u64,
    /// Ticks the hypervisor gave the machine's cores to other guests.
    steal: u64,
    /// Ticks this process ran, in user and kernel mode.
    own: u64,
}

/// The counters now; `None` where /proc cannot be read (not Linux).
pub(crate) fn cpu_times() -> Option<CpuTimes> {
    let machine = std::fs::read_to_string("/proc/stat").ok()?;
    let own = std::fs::read_to_string("/proc/self/stat").ok()?;
    parse_cpu_times(&machine, &own)
}

/// [`CpuTimes`] from the texts of /proc/stat and /proc/self/stat.
fn parse_cpu_times(machine: &str, own: &str) -> Option<CpuTimes> {
    let line = machine.lines().find(|l| l.starts_with("cpu "))?;
    let ticks: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    // user nice system idle iowait irq softirq steal [guest guest_nice]: the
    // guest times are already inside user and nice.
    let [user, nice, system, idle, iowait, irq, softirq, steal] = *ticks.get(..8)? else {
        return None;
    };
    // After the command name in parentheses (which may hold spaces):
    // state is field 3, utime and stime fields 14 and 15.
    let after_name = &own[own.rfind(')')? + 1..];
    let mut fields = after_name.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    let busy = user + nice + system + irq + softirq + steal;
    Some(CpuTimes {
        busy,
        total: busy + idle + iowait,
        steal,
        own: utime + stime,
    })
}

/// What else used the machine from `start` (taken with [`cpu_times`]) until
/// now; `None` where the counters cannot be read or did not move.
pub(crate) fn other_load_since(start: Option<CpuTimes>) -> Option<astar_runs::OtherLoad> {
    other_load(start?, cpu_times()?)
}

/// What else used the machine between two moments: the share of all its
/// CPU time that went to other processes (or, as steal, to other guests of
/// the hypervisor). `None` when the counters did not move (too short).
pub(crate) fn other_load(start: CpuTimes, end: CpuTimes) -> Option<astar_runs::OtherLoad> {
    let total = end.total.checked_sub(start.total).filter(|&t| t > 0)? as f64;
    let busy = end.busy.saturating_sub(start.busy);
    let own = end.own.saturating_sub(start.own);
    let steal = end.steal.saturating_sub(start.steal);
    Some(astar_runs::OtherLoad {
        other: busy.saturating_sub(own) as f64 / total,
        steal: steal as f64 / total,
    })
}

/// The command line, each argument quoted when a shell would need it.
pub(crate) fn command_line() -> String {
    // The program by its name, not its path: a run folder must not record
    // where on the measuring machine the binary happened to be built.
    let program = |a: String| {
        std::path::Path::new(&a)
            .file_name()
            .map_or(a.clone(), |n| n.to_string_lossy().into_owned())
    };
    std::env::args()
        .enumerate()
        .map(|(i, a)| if i == 0 { program(a) } else { a })
        .map(|a| {
            let plain = !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./,=:+@%".contains(c));
            if plain {
                a
            } else {
                format!("'{}'", a.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A UTC moment, split into calendar fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UtcTime {
    /// Year.
    pub year: i64,
    /// Month, 1–12.
    pub month: u32,
    /// Day, 1–31.
    pub day: u32,
    /// Hour.
    pub hour: u32,
    /// Minute.
    pub minute: u32,
    /// Second.
    pub second: u32,
}

impl UtcTime {
    /// Now.
    pub fn now() -> UtcTime {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        UtcTime::from_unix(secs as i64)
    }

    /// From seconds since 1970-01-01T00:00:00Z.
    pub(crate) fn from_unix(secs: i64) -> UtcTime {
        let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        // Howard Hinnant's days-to-civil algorithm.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        UtcTime {
            year,
            month,
            day,
            hour: (rem / 3600) as u32,
            minute: (rem / 60 % 60) as u32,
            second: (rem % 60) as u32,
        }
    }

    /// RFC 3339, e.g. `2026-12-01T21:05:09Z`.
    pub(crate) fn rfc3339(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }

    /// For folder names, e.g. `20261201-210509`.
    pub(crate) fn compact(&self) -> String {
        format!(
            "{:04}{:02}{:02}-{:02}{:02}{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

/// The facts of this build and machine, now.
pub fn facts() -> astar_runs::MachineFacts {
    astar_runs::MachineFacts {
        commit: git_commit(),
        rustc: rustc_version(),
        cpu: cpu_model(),
        cores: cores(),
        peers: astar_registry::Strategy::ALL
            .iter()
            .filter_map(|s| Some((s.name().to_string(), s.crate_version()?.to_string())))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peak_memory_is_read_from_vm_hwm() {
        let status = "Name:\tastar-lab\nVmPeak:\t  900 kB\nVmHWM:\t   12345 kB\nVmRSS:\t 100 kB\n";
        assert_eq!(parse_vm_hwm(status), Some(12345 * 1024));
        assert_eq!(parse_vm_hwm("VmRSS:\t 100 kB\n"), None);
        assert_eq!(parse_vm_hwm("VmHWM:\t 7 MB\n"), None);
        if cfg!(target_os = "linux") {
            // This test process has touched memory: its peak is not zero.
            assert!(peak_resident_memory().is_some_and(|b| b > 0));
        }
    }

    #[test]
    fn other_load_is_the_machine_less_this_process() {
        let stat = |user: u64, idle: u64, steal: u64| {
            format!("cpu  {user} 0 10 {idle} 5 1 1 {steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1\n")
        };
        // The command name holds a space and a parenthesis; utime 30, stime 10.
        let own = |utime: u64| {
            format!("42 (astar (lab)) R 1 42 42 0 -1 4194304 100 0 0 0 {utime} 10 0 0 20 0 3 0")
        };
        let start = parse_cpu_times(&stat(100, 1000, 0), &own(30)).unwrap();
        assert_eq!(start.busy, 100 + 10 + 1 + 1);
        assert_eq!(start.total, start.busy + 1000 + 5);
        assert_eq!(start.own, 40);
        // 200 ticks pass: this process runs 60 of them, others 90 (10 of
        // them stolen), 50 are idle.
        let end = parse_cpu_times(&stat(240, 1050, 10), &own(90)).unwrap();
        let load = other_load(start, end).unwrap();
        assert!((load.other - 90.0 / 200.0).abs() < 1e-9, "{load:?}");
        assert!((load.steal - 10.0 / 200.0).abs() < 1e-9, "{load:?}");
        assert_eq!(other_load(start, start), None);
        assert_eq!(parse_cpu_times("intr 1\n", &own(1)), None);
        assert_eq!(parse_cpu_times(&stat(1, 1, 1), "42 (x) R 1"), None);
        if cfg!(target_os = "linux") {
            assert!(cpu_times().is_some());
        }
    }

    #[test]
    fn calendar_dates() {
        assert_eq!(UtcTime::from_unix(0).rfc3339(), "1970-01-01T00:00:00Z");
        // 951_782_400 s = 11016 days: 2000-02-29, a leap day of a century leap year.
        assert_eq!(
            UtcTime::from_unix(951_782_400 + 3661).rfc3339(),
            "2000-02-29T01:01:01Z"
        );
        // One day before the epoch.
        assert_eq!(UtcTime::from_unix(-86_400).compact(), "19691231-000000");
        assert_eq!(
            UtcTime::from_unix(4_102_444_799).rfc3339(),
            "2099-12-31T23:59:59Z"
        );
    }
}
