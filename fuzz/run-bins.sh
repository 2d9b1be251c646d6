#!/usr/bin/env bash
# Like run-all.sh, but runs already built fuzz binaries directly (no cargo): every target
# for SECONDS (default 60) at nice 19, then minimises its corpus with libFuzzer's merge.
# Usage: fuzz/run-bins.sh [SECONDS] [TARGET ...]   (default: every target in turn)
# FUZZ_TIMEOUT=S: the per-input limit (default 10 s; session_actions needs 60: its first
# 4D Qubic session unpacks the stored 4D proof once, slowly in an instrumented build)
set -u
cd "$(dirname "$0")"
secs=${1:-60}
bin=target/x86_64-unknown-linux-gnu/release
targets=("${@:2}")
[ ${#targets[@]} -gt 0 ] || targets=($(ls fuzz_targets | sed 's/\.rs$//'))
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log=$(mktemp)
  /usr/bin/time -f "%U %S" -o "$log.time" nice -n 19 "$bin/$t" "corpus/$t" \
    -max_total_time="$secs" -rss_limit_mb=2048 -timeout="${FUZZ_TIMEOUT:-10}" -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="artifacts/$t/" >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  cpu=$(awk '{printf "%.1f", $1 + $2}' "$log.time")
  echo "$t execs=${execs:-?} cpu_s=$cpu exit=$rc"
  if [ "$rc" -ne 0 ]; then grep -m8 'panicked at\|ERROR\|Test unit written\|SUMMARY' "$log" | sed 's/^/    /'; fi
  min=$(mktemp -d)
  nice -n 19 "$bin/$t" -merge=1 "$min" "corpus/$t" >/dev/null 2>&1 && \
    rm -f corpus/$t/* && cp "$min"/* "corpus/$t/" 2>/dev/null
  rm -rf "$min" "$log" "$log.time"
done
