#!/usr/bin/env bash
# The release compile time of resolve call sites: a generated file compiled with
# `swiftc -O -wmo` against the library and against the naive container
# (Benchmarks/NaiveContainer.swift), each the best of RUNS runs, in CPU seconds.
#
#   Benchmarks/compile-time.sh [N] [RUNS]               (default 1000 call sites, 1 run)
#   Benchmarks/compile-time.sh --per-type [T] [RUNS]    (default 300 types, 1 run)
#
# The first shape is N resolve call sites over 100 classes, in functions of 100: what a
# type resolved from many places costs. The second is an app's composition root: T classes,
# each registered once (`c.register(C0.init)`, in functions of 100) and resolved once
# (`let v0: C0 = c.resolve()`, in functions of 100): what each type an app adds costs.
#
# Builds the library in release first (`swift build -c release --product Benchmarks`). For
# maintainers, not CI: a run takes minutes. Both files compile in Swift 6 mode, as the package
# does. Prints seconds and the ratio. With
# COMPILE_TIME_SOURCES=DIR, the generated files are left in DIR, to compile by hand with
# `-Xfrontend -debug-time-function-bodies`, `-Xllvm -time-passes` or `-emit-sil`.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=sites
if [ "${1:-}" = --per-type ]; then
    mode=per-type
    shift
fi
if [ "$mode" = per-type ]; then sites=${1:-300}; else sites=${1:-1000}; fi
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
    if [ "$mode" = per-type ]; then
        generate_per_type "$kind"
        return
    fi
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

# The composition root of $sites types: each class registered once and resolved once.
# $1: library | naive
generate_per_type() {
    local kind=$1
    for t in $(seq 0 $((sites - 1))); do echo "public final class C$t: Sendable { public init() {} }"; done
    local functions=$(((sites + 99) / 100))
    for f in $(seq 0 $((functions - 1))); do
        echo "public func register$f(_ c: Container) {"
        for t in $(seq $((f * 100)) $((f * 100 + 99))); do
            [ "$t" -lt "$sites" ] || break
            if [ "$kind" = library ]; then
                echo "    c.register(C$t.init)"
            else
                echo "    c.register { _ in C$t() }"
            fi
        done
        echo "}"
    done
    for f in $(seq 0 $((functions - 1))); do
        echo "public func resolveAll$f(_ c: Container) {"
        for t in $(seq $((f * 100)) $((f * 100 + 99))); do
            [ "$t" -lt "$sites" ] || break
            echo "    let v$t: C$t = c.resolve()"
            echo "    keep(v$t)"
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
            swiftc -swift-version 6 -O -wmo -parse-as-library -emit-object -o "$work/out.o" "$@" >/dev/null \
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

if [ -n "${COMPILE_TIME_SOURCES:-}" ]; then
    mkdir -p "$COMPILE_TIME_SOURCES"
    cp "$work/Library.swift" "$work/Naive.swift" "$work/NaiveContainer.swift" "$COMPILE_TIME_SOURCES/"
fi

library=$(best_time -module-name LibrarySites -I "$bin/Modules" "$work/Library.swift")
naive=$(best_time -module-name NaiveSites "$work/Naive.swift" "$work/NaiveContainer.swift")
ratio=$(awk -v l="$library" -v n="$naive" 'BEGIN { printf "%.2f", l / n }')
if [ "$mode" = per-type ]; then
    shape="$sites types, each registered and resolved once"
    target="target <= 5x, on the way to 3x"
else
    shape="$sites resolve call sites over 100 types"
    target="target <= 3x"
fi
echo "$shape, swiftc -O -wmo, CPU seconds, best of $runs: library ${library}, naive ${naive}, ${ratio}x (${target})"
