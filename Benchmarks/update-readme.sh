#!/usr/bin/env bash
# Runs the release benchmark and replaces the README's table, between the lines
# `<!-- benchmark table -->` and `<!-- end benchmark table -->`, with the benchmark's own
# `--markdown` output under a line naming the command and the machine. Arguments go to the
# benchmark: `Benchmarks/update-readme.sh --json Benchmarks/baseline.json` also refreshes the
# baseline from the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

grep -qx '<!-- benchmark table -->' README.md && grep -qx '<!-- end benchmark table -->' README.md || {
    echo "update-readme.sh: README.md lacks the benchmark table markers" >&2
    exit 1
}

table=$(mktemp)
readme=$(mktemp)
trap 'rm -f "$table" "$readme"' EXIT

swift run -c release Benchmarks --markdown "$table" "$@"

cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*: *//' || true)
cpu=${cpu:-$(sysctl -n machdep.cpu.brand_string 2>/dev/null || echo "unknown CPU")}
cores=$(nproc 2>/dev/null || sysctl -n hw.ncpu)
swift_version=$(swift --version 2>/dev/null | grep -o 'Swift version [0-9.]*' | head -1)
{
    echo "Made by \`Benchmarks/update-readme.sh\` (\`swift run -c release Benchmarks --markdown\`) on"
    echo "$(date -u +%Y-%m-%d): $cores cores ($cpu), $(uname -s), $swift_version."
    echo
    cat "$table"
} >"$table.block"
mv "$table.block" "$table"

awk -v table="$table" '
    $0 == "<!-- benchmark table -->" { print; while ((getline line < table) > 0) print line; skipping = 1; next }
    $0 == "<!-- end benchmark table -->" { skipping = 0 }
    !skipping { print }
' README.md >"$readme"
cp "$readme" README.md
echo "update-readme.sh: README.md's table replaced" >&2
