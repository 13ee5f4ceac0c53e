#!/usr/bin/env bash
# Runs every fuzz target for MINUTES minutes each, one after another (one job, so the
# machine keeps its other cores), and prints per target: executions, time, crashes.
# Exits non-zero if any target crashed. Needs the nightly toolchain and cargo-fuzz
# (`cargo install cargo-fuzz`). Usage: fuzz/run.sh MINUTES [TARGET...]
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
minutes="${1:?usage: fuzz/run.sh MINUTES [TARGET...]}"
shift
case "$minutes" in
    '' | *[!0-9]*) echo "run.sh: MINUTES must be a whole number, not '$minutes'" >&2; exit 2 ;;
esac
all_targets=(chart_toml house_file layout_json campaign_json laager_open dice_faces measure)
targets=("${@:-${all_targets[@]}}")
seconds=$((minutes * 60))
target_dir="${CARGO_TARGET_DIR:-$here/target}"
fuzz=(cargo +nightly fuzz)
# Debug assertions on (overflow checks: no silent wraparound, issue 21); no sanitizer: the
# code is safe Rust, and SQLite is C compiled without one anyway.
build_flags=(--debug-assertions --sanitizer none)

# Seed corpora: the committed seeds plus the shipped files, gathered fresh each run into
# fuzz/corpus/<target>/ (ignored by git; libFuzzer adds what it finds there).
seed() {
    local target="$1"
    local corpus="$here/corpus/$target"
    mkdir -p "$corpus"
    if [ -d "$here/seeds/$target" ]; then
        cp -f "$here/seeds/$target"/* "$corpus"/ 2>/dev/null
    fi
    case "$target" in
        chart_toml)
            # First line: the chart's name; the rest: the file.
            for f in "$root"/tables/*/*.toml "$root"/tests/fixtures/*/*/*.toml; do
                [ -f "$f" ] || continue
                local stem folder
                stem="$(basename "$f" .toml)"
                folder="$(basename "$(dirname "$f")")"
                [ "$stem" = house ] && continue
                { echo "$folder/$stem"; cat "$f"; } >"$corpus/shipped-$folder-$stem"
            done
            ;;
        house_file)
            for f in "$root"/tables/*/house.toml "$root"/tests/fixtures/*/*/house.toml; do
                [ -f "$f" ] || continue
                local folder
                folder="$(basename "$(dirname "$f")")"
                { echo "$folder"; cat "$f"; } >"$corpus/shipped-$folder-house"
            done
            ;;
        layout_json)
            for f in "$root"/assets/demos/*.json "$root"/tests/fixtures/*.json; do
                [ -f "$f" ] && cp -f "$f" "$corpus/shipped-$(basename "$f")"
            done
            ;;
        campaign_json | laager_open | dice_faces | measure) ;; # committed seeds only
    esac
}

"${fuzz[@]}" build "${build_flags[@]}" --fuzz-dir "$here" --target-dir "$target_dir" >&2 || {
    echo "run.sh: the fuzz targets did not build" >&2
    exit 2
}

mkdir -p "$here/artifacts" "$here/logs"
failed=0
summary=()
for target in "${targets[@]}"; do
    seed "$target"
    mkdir -p "$here/artifacts/$target"
    log="$here/logs/$target.log"
    echo "== $target: $minutes min" >&2
    start=$(date +%s)
    # Fork mode with one job: a crash is recorded in artifacts/ and the run goes on, so
    # every target gets its full time.
    "${fuzz[@]}" run "${build_flags[@]}" --fuzz-dir "$here" --target-dir "$target_dir" "$target" \
        "$here/corpus/$target" -- \
        -max_total_time="$seconds" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 \
        -ignore_ooms=1 -rss_limit_mb=2048 -timeout=20 \
        -artifact_prefix="$here/artifacts/$target/" >"$log" 2>&1
    took=$(($(date +%s) - start))
    # Fork mode prints `#EXECS: cov: … oom/timeout/crash: O/T/C time: Ss …`.
    stats="$(grep -E '^#[0-9]+: cov:' "$log" | tail -n 1)"
    execs="$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$stats")"
    crashes="$(sed -nE 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\3#p' <<<"$stats")"
    ooms="$(sed -nE 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\1#p' <<<"$stats")"
    timeouts="$(sed -nE 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\2#p' <<<"$stats")"
    artifacts=$(find "$here/artifacts/$target" -type f | wc -l)
    line="$target: executions ${execs:-?}, time ${took}s, crashes ${crashes:-?}, timeouts ${timeouts:-?}, ooms ${ooms:-?}, artifacts $artifacts"
    echo "$line"
    summary+=("$line")
    if [ -z "$stats" ] || [ "${crashes:-1}" != 0 ] || [ "${timeouts:-1}" != 0 ] || [ "${ooms:-1}" != 0 ]; then
        failed=1
    fi
done

echo
echo "summary ($minutes min per target):"
printf '  %s\n' "${summary[@]}"
exit "$failed"
