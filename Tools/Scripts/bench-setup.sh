# Sourced by bench-import.sh and bench-export.sh, from the repository's root: needs the sqlite3
# shell (the anchor), builds Tools/Benchmarks' ImportTiming in release, writes the B5 file of ROWS
# rows (1,000,000 by default) and sets `timing`, `csv`, `rows` and `work` (a temporary folder,
# removed on exit), and `least`.
rows=${ROWS:-1000000}
if ! command -v sqlite3 > /dev/null; then
  Tools/Scripts/import-anchor.sh  # prints how to install sqlite3 and fails
fi
swift build -c release --package-path Tools/Benchmarks --product ImportTiming > /dev/null
timing=Tools/Benchmarks/.build/release/ImportTiming
csv=$($timing --generate "$rows")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The lesser of two numbers, the first possibly empty.
least() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }
