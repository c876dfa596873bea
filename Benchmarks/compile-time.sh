#!/usr/bin/env bash
# The release compile time of resolve call sites: a generated file of N call sites (functions
# of 100, over 100 classes) compiled with `swiftc -O -wmo` against the library and against the
# naive container (Benchmarks/NaiveContainer.swift), each the best of RUNS runs, in CPU seconds.
#
#   Benchmarks/compile-time.sh [N] [RUNS]      (default 1000 call sites, 1 run)
#
# Builds the library in release first (`swift build -c release --product Benchmarks`). For
# maintainers, not CI: at 1,000 call sites a run takes minutes. Prints seconds and the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
sites=${1:-1000}
runs=${2:-1}
swift build -c release --product Benchmarks >/dev/null
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# $1: library | naive
generate() {
    local kind=$1
    if [ "$kind" = library ]; then
        echo "import DICore"
        echo "public typealias Container = DIContainer"
    else
        echo "public typealias Container = NaiveContainer"
    fi
    echo "@inline(never) public func keep(_ object: AnyObject) { withExtendedLifetime(object) {} }"
    for t in $(seq 0 99); do echo "public final class C$t: Sendable { public init() {} }"; done
    local functions=$(((sites + 99) / 100))
    for f in $(seq 0 $((functions - 1))); do
        echo "public func resolveAll$f(_ c: Container) {"
        for i in $(seq 0 99); do
            [ $((f * 100 + i)) -lt "$sites" ] || break
            echo "    let v$i: C$(((f * 7 + i) % 100)) = c.resolve()"
            echo "    keep(v$i)"
        done
        echo "}"
    done
}

# swiftc arguments in; prints the best CPU time (user + system, which a loaded machine moves
# less than the wall clock) in seconds.
best_time() {
    local best=""
    for _ in $(seq 1 "$runs"); do
        /usr/bin/time -f "%U %S" -o "$work/time" \
            swiftc -O -wmo -parse-as-library -emit-object -o "$work/out.o" "$@" >/dev/null \
            || { echo "compile-time.sh: swiftc failed" >&2; exit 1; }
        local t
        t=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")
        if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
    done
    echo "$best"
}

generate library >"$work/Library.swift"
generate naive >"$work/Naive.swift"
sed -e 's/^final class NaiveContainer/public final class NaiveContainer/' \
    -e 's/^    func register</    public func register</' \
    -e 's/^    func resolve</    public func resolve</' \
    -e 's/^    enum Lifetime/    public enum Lifetime/' \
    -e 's/^struct NaiveResolution/public struct NaiveResolution/' \
    -e 's/^    mutating func resolve</    public mutating func resolve</' \
    Benchmarks/NaiveContainer.swift >"$work/NaiveContainer.swift"

library=$(best_time -module-name LibrarySites -I "$bin/Modules" "$work/Library.swift")
naive=$(best_time -module-name NaiveSites "$work/Naive.swift" "$work/NaiveContainer.swift")
ratio=$(awk -v l="$library" -v n="$naive" 'BEGIN { printf "%.2f", l / n }')
echo "$sites resolve call sites, swiftc -O -wmo, CPU seconds, best of $runs: library ${library}, naive ${naive}, ${ratio}x (target <= 3x)"
