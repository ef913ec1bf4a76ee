#!/usr/bin/env bash
# The consumer test (`make check-consumer`, run by .ci/run): a package outside the monorepo's folders
# depends on the repository as README's "Installation" says, by URL and version, builds the
# getting-started counter with Core and runs its tests with CoreTesting. Two runs:
#
#   1. the release: a clone of the repository (committed work only) in a temporary folder, tagged
#      there from the release record (Tools/Scripts/releases.py, the `## [X.Y.Z]` sections of
#      CHANGELOG.md; the shared repository's tags are never touched and need not exist). The
#      consumer, as that release's commit wrote it (Tools/Consumer), asks for `from: "<newest>"`
#      by `file://` URL and must resolve exactly the newest release.
#   2. HEAD as the next patch: a second clone, tagged the same way plus HEAD as X.Y.(Z+1); the
#      consumer as HEAD writes it must resolve that version, so an unreleased break of the
#      consumer's code shows before it is released. Skipped when HEAD is the newest release.
#
# HEAD's consumer counter must be the one docs/getting-started.md shows.
#
# Usage: Tools/Scripts/check-consumer.sh [--keep]   (--keep leaves the temporary folder for reading)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
keep=false
[[ "${1:-}" == "--keep" ]] && keep=true

say() { echo "consumer: $*"; }

# The template's counter is the guide's: the first ```swift block of docs/getting-started.md.
guide_counter=$(awk '/^```swift$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' \
  docs/getting-started.md)
if [[ "$guide_counter" != "$(cat Tools/Consumer/Sources/Counter/Counter.swift)" ]]; then
  say "Tools/Consumer/Sources/Counter/Counter.swift differs from the counter of docs/getting-started.md" >&2
  exit 1
fi

read -r newest newest_commit < <(python3 Tools/Scripts/releases.py newest) || {
  say "no release to consume: the release record could not be read (see above)" >&2
  exit 1
}
head=$(git rev-parse HEAD)
name=$(basename "$root")

work=$(mktemp -d "${TMPDIR:-/tmp}/consumer.XXXXXX")
if $keep; then say "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi

# clone DIR: a clone of this repository's HEAD, tagged from the release record.
clone() {
  git clone --quiet --no-local "$root" "$1"
  git -C "$1" checkout --quiet --detach "$head"
  python3 Tools/Scripts/releases.py tags --root "$1" | sed 's/^/consumer: clone: /'
}

# consume LABEL CLONE COMMIT EXPECTED: the consumer as COMMIT wrote it, depending on CLONE by URL
# from the newest release, must build, pass its tests and resolve EXPECTED.
consume() {
  local label=$1 repository=$2 commit=$3 expected=$4
  local consumer="$work/Consumer-$label"
  mkdir -p "$consumer"
  git -C "$root" archive "$commit" Tools/Consumer | tar -x -C "$consumer"
  mv "$consumer/Tools/Consumer/Sources" "$consumer/Tools/Consumer/Tests" "$consumer/"
  sed -e "s|@URL@|file://$repository|" -e "s|@VERSION@|$newest|" -e "s|@PACKAGE@|$name|g" \
    "$consumer/Tools/Consumer/Package.swift.template" >"$consumer/Package.swift"
  rm -rf "$consumer/Tools"
  say "$label: swift test in $consumer, depending on file://$repository from $newest"
  swift test --package-path "$consumer"
  local resolved
  resolved=$(swift package --package-path "$consumer" show-dependencies --format json |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["dependencies"][0]["version"])')
  if [[ "$resolved" != "$expected" ]]; then
    say "$label: resolved $resolved, expected $expected" >&2
    exit 1
  fi
  say "$label: passed: the counter builds and its tests pass against $name $resolved, resolved by URL"
}

say "the newest release is $newest (commit ${newest_commit:0:7}, the commit that added its CHANGELOG section)"
clone "$work/release/$name"
consume release "$work/release/$name" "$newest_commit" "$newest"

if [[ "$head" == "$newest_commit" ]]; then
  say "HEAD is release $newest itself: nothing unreleased to consume"
  exit 0
fi
IFS=. read -r major minor patch <<<"$newest"
next="$major.$minor.$((patch + 1))"
clone "$work/head/$name"
git -C "$work/head/$name" tag "$next" "$head"
say "HEAD (${head:0:7}) is after release $newest: tagged $next, in that clone only"
consume head "$work/head/$name" "$head" "$next"
