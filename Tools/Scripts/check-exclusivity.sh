#!/usr/bin/env bash
# The exclusivity probe (`make check-exclusivity`, run by .ci/run): Core's tests with Swift's
# run-time exclusivity checks on every property of the store, annotated or not.
#
# Five properties of the loop's parts are `@exclusivity(unchecked)` (docs/performance.md, "The
# five `@exclusivity(unchecked)` left"), and one of the trace's payload encoder, on the claim that
# no access to them overlaps another: each part is confined to its store's actor (the encoder to
# the trace writer's thread) and no access spans a call of user code. This probe tests the claim.
# It copies Packages/Core to a temporary folder, removes every `@exclusivity(unchecked)` from the
# package's sources there (Core, CoreTesting, Tracing), and runs `swift test` (a debug build, which
# checks each access at run time): an access that overlaps another, such as a monitor, listener or
# interpreter reaching back into a part while the part is changing, traps with "Simultaneous
# accesses" and fails the run.
#
# Usage: Tools/Scripts/check-exclusivity.sh [--keep]   (--keep leaves the temporary folder)
set -euo pipefail
cd "$(dirname "$0")/../.."
keep=false
[[ "${1:-}" == "--keep" ]] && keep=true
work=$(mktemp -d -t exclusivity.XXXXXX)
$keep || trap 'rm -rf "$work"' EXIT
# Committed and uncommitted sources alike, without the package's build folder.
tar -C Packages -c --exclude=Core/.build Core | tar -C "$work" -x
annotated=$(grep -rl '@exclusivity(unchecked)' "$work/Core/Sources" || true)
if [[ -z "$annotated" ]]; then
  echo "exclusivity: no @exclusivity(unchecked) in the package's sources: nothing to probe" >&2
  exit 1
fi
# Annotations, not the comments that name them.
code_lines() { grep -rn '@exclusivity(unchecked)' "$work/Core/Sources" | grep -v ':[0-9]*: *//' || true; }
count=$(code_lines | wc -l)
# shellcheck disable=SC2086
sed -i '/^ *\/\//! s/@exclusivity(unchecked) //' $annotated
if [[ -n "$(code_lines)" ]]; then
  echo "exclusivity: could not remove every annotation (one not followed by a space?)" >&2
  exit 1
fi
echo "exclusivity: $count annotations removed; Core's tests with run-time checks on every access"
swift test --package-path "$work/Core"
echo "exclusivity: no overlapping access in Core's tests"
if $keep; then echo "exclusivity: left in $work"; fi
