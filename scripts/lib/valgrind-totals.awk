# The total of every event in a callgrind or cachegrind output file, one
# "event=count" line each (for example "Ir=24159972"): what
# scripts/instructions.sh and scripts/compare-builds.sh read.
#
#   awk -f scripts/lib/valgrind-totals.awk OUTPUT_FILE
/^events:/ { n = split(substr($0, 9), ev, " ") }
/^(summary|totals):/ { for (i = 1; i <= n; i++) t[ev[i]] = $(i + 1) }
END { for (e in t) print e "=" t[e] }
