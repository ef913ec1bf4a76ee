#!/usr/bin/env bash
# The consumer test (`make check-consumer`, run by .ci/run): a package outside the monorepo's folders
# depends on the repository as README's "Installation" says, by URL and version, builds the
# getting-started counter with Core and runs its tests with CoreTesting.
#
# What it depends on: a clone of HEAD (committed work only) in a temporary folder, by file:// URL,
# tagged there with the version under test, so the shared repository's tags are never touched:
#   - HEAD carries a release tag X.Y.Z: that version;
#   - otherwise the next patch after the newest release tag, or 0.1.0 when there is none yet
#     (the first release): the candidate that tagging HEAD would release.
# The consumer asks for `from: "<newest release tag, or 0.1.0>"`, so SwiftPM must pick the version
# under test by semantic version, as it would for a user. The consumer is written from the template
# in Tools/Consumer, whose counter must be the one docs/getting-started.md shows.
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

release_tags=$(git tag --list --sort=-v:refname | grep -E '^[0-9]+\.[0-9]+\.[0-9]+$' || true)
newest=$(head -n 1 <<<"$release_tags")
at_head=$(git tag --points-at HEAD | grep -E '^[0-9]+\.[0-9]+\.[0-9]+$' | head -n 1 || true)
if [[ -n "$at_head" ]]; then
  version=$at_head
  why="HEAD is release $at_head"
elif [[ -n "$newest" ]]; then
  IFS=. read -r major minor patch <<<"$newest"
  version="$major.$minor.$((patch + 1))"
  why="HEAD is after release $newest: testing it as $version, in the clone only"
else
  version=0.1.0
  why="no release tag yet: testing HEAD as 0.1.0, in the clone only"
fi
requirement=${newest:-0.1.0}

work=$(mktemp -d "${TMPDIR:-/tmp}/consumer.XXXXXX")
if $keep; then say "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
name=$(basename "$root")
clone="$work/$name"
git clone --quiet --no-local "$root" "$clone"
git -C "$clone" checkout --quiet --detach "$(git rev-parse HEAD)"
if ! git -C "$clone" rev-parse -q --verify "refs/tags/$version" >/dev/null; then
  git -C "$clone" -c user.name=consumer -c user.email=consumer@localhost tag "$version"
fi
say "$why"

consumer="$work/Consumer"
mkdir -p "$consumer"
cp -R Tools/Consumer/Sources Tools/Consumer/Tests "$consumer/"
sed -e "s|@URL@|file://$clone|" -e "s|@VERSION@|$requirement|" -e "s|@PACKAGE@|$name|g" \
  Tools/Consumer/Package.swift.template >"$consumer/Package.swift"

say "swift test in $consumer, depending on file://$clone from $requirement"
swift test --package-path "$consumer"
resolved=$(swift package --package-path "$consumer" show-dependencies --format json |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["dependencies"][0]["version"])')
if [[ "$resolved" != "$version" ]]; then
  say "resolved $resolved, expected $version" >&2
  exit 1
fi
say "passed: the counter builds and its tests pass against $name $resolved, resolved by URL"
