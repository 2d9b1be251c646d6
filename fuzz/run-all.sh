#!/usr/bin/env bash
# Run every fuzz target in turn, one at a time, at the lowest priority, for SECONDS of
# wall-clock time each (default 150), then minimise its corpus. Prints, per target, the
# executions, the CPU time used (user+sys, from /usr/bin/time) and whether it crashed.
# Needs nightly and cargo-fuzz (`cargo install cargo-fuzz`). Run from the repository root:
#   fuzz/run-all.sh 150
set -u
cd "$(dirname "$0")"
secs=${1:-150}
targets=$(cargo +nightly fuzz list)
for t in $targets; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log=$(mktemp)
  /usr/bin/time -f "%U %S" -o "$log.time" nice -n 19 cargo +nightly fuzz run -O "$t" "corpus/$t" -- \
    -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 -max_len=65536 -print_final_stats=1 >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  cpu=$(awk '{printf "%.0f", $1 + $2}' "$log.time")
  crash=$(grep -c '^==[0-9]*==ERROR\|panicked at\|deadly signal\|Test unit written to' "$log")
  echo "$t execs=${execs:-?} cpu_s=$cpu exit=$rc crash_lines=$crash"
  if [ "$rc" -ne 0 ]; then grep -m5 'panicked at\|ERROR\|Test unit written' "$log" | sed 's/^/    /'; fi
  nice -n 19 cargo +nightly fuzz cmin -O "$t" "corpus/$t" >/dev/null 2>&1
  rm -f "$log" "$log.time"
done
