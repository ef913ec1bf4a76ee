#!/usr/bin/env python3
"""Guard the public API of Core, CoreTesting and Tracing against the last release (`make check-api`).

Run by .ci/run. It finds the newest release in the release record (the commit that added its
`## [X.Y.Z]` section to CHANGELOG.md: Tools/Scripts/releases.py; tags are not needed), names it,
and runs, at the repository's root,

    swift package diagnose-api-breaking-changes <that commit> --products Core CoreTesting Tracing

which builds the root package at that commit and at the working tree and compares their public
API with swift-api-digester. When HEAD is itself the newest release's commit, the release before
it is the baseline. It never passes for want of a baseline: a record with no release, a release
whose commit is missing (a shallow clone) or a baseline that does not build fails.

A breaking change passes only if CHANGELOG.md declares it under `### Changed` or `### Removed`
(keepachangelog.com's headings for it), either in a released section `## [X.Y.Z]` newer than the
baseline that bumps the major version (before 1.0: the minor version), or in `## [Unreleased]`,
whose release must then make that bump (checked once it is renamed). Otherwise the check fails,
printing each break the digester found and what the CHANGELOG lacks. Additions and other
compatible changes need no declaration.

Usage: Tools/Scripts/check-api.py [--baseline VERSION] [--changelog PATH] [--root PATH]
  --baseline   compare with that release of the record instead of the newest
  --changelog  read PATH instead of CHANGELOG.md (used by the script's own tests)
  --root       the repository (default: this script's)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from releases import HEADING, ROOT, RecordError, Release, Version, git, releases, version  # noqa: E402

PRODUCTS = ["Core", "CoreTesting", "Tracing"]
BREAK_HEADINGS = {"### Changed", "### Removed"}


def bumps_for_break(new: Version, old: Version) -> bool:
    """Whether `new` may break `old`'s API: a new major version, or before 1.0 a new minor."""
    if old[0] == 0:
        return new[0] > 0 or new[1] > old[1]
    return new[0] > old[0]


def declaring_sections(changelog: str, baseline: Version) -> tuple[list[str], list[str]]:
    """The sections newer than `baseline` (released ones and `Unreleased`): those that declare a
    break, and those that do not."""
    declaring, others = [], []
    name, headings = None, set()

    def close() -> None:
        if name is None:
            return
        if name == "Unreleased":
            (declaring if headings & BREAK_HEADINGS else others).append(name)
            return
        if (v := version(name)) is None or v <= baseline:
            return
        if bumps_for_break(v, baseline) and headings & BREAK_HEADINGS:
            declaring.append(name)
        else:
            others.append(name)

    for line in changelog.splitlines():
        if match := HEADING.match(line):
            close()
            name, headings = match["name"], set()
        elif line.startswith("### "):
            headings.add(line.strip())
    close()
    return declaring, others


def choose_baseline(record: list[Release], head: str, wanted: str | None) -> tuple[Release, str]:
    """The release to compare with, and a sentence saying why it was chosen."""
    if wanted is not None:
        for release in record:
            if release.name == wanted:
                return release, f"release {wanted}, as asked"
        raise RecordError(f"CHANGELOG.md records no release {wanted} "
                          f"(it records {', '.join(r.name for r in record) or 'none'})")
    if not record:
        raise RecordError("CHANGELOG.md records no release (`## [X.Y.Z] - date`): there is no "
                          "baseline to compare the public API with; cut the first release "
                          "(docs/releasing.md)")
    newest = record[0]
    if newest.commit != head:
        return newest, f"release {newest.name}, the newest of CHANGELOG.md (commit {newest.short})"
    if len(record) == 1:
        raise RecordError(f"HEAD is release {newest.name}, the first: there is no earlier release "
                          "to compare with")
    previous = record[1]
    return previous, (f"release {previous.name} (commit {previous.short}): HEAD is release "
                      f"{newest.name} itself")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline")
    parser.add_argument("--changelog", type=Path)
    parser.add_argument("--root", type=Path, default=ROOT)
    arguments = parser.parse_args()
    root = arguments.root.resolve()
    changelog_path = arguments.changelog or root / "CHANGELOG.md"

    try:
        record = releases(root)
        head = git(root, "rev-parse", "HEAD").strip()
        baseline, why = choose_baseline(record, head, arguments.baseline)
    except RecordError as error:
        print(f"api: {error}", file=sys.stderr)
        return 1

    print(f"api: comparing the public API of {', '.join(PRODUCTS)} with {why}", flush=True)
    result = subprocess.run(
        ["swift", "package", "--scratch-path", str(root / ".build" / "api-check"),
         "diagnose-api-breaking-changes", baseline.commit, "--products", *PRODUCTS],
        cwd=root, capture_output=True, text=True,
    )
    output = result.stdout + result.stderr
    breaks = sorted({line.split("API breakage:", 1)[1].strip()
                     for line in output.splitlines() if "API breakage:" in line})
    if result.returncode == 0 and not breaks:
        print(f"api: no breaking change since {baseline.name}")
        return 0
    if not breaks:
        print(output, file=sys.stderr)
        print(f"api: the comparison with {baseline.name} failed (status {result.returncode}) without "
              "naming a break: see its output above", file=sys.stderr)
        return result.returncode or 1

    print(f"api: {len(breaks)} breaking change(s) since {baseline.name}:")
    for line in breaks:
        print(f"  {line}")
    changelog = changelog_path.read_text(encoding="utf-8") if changelog_path.exists() else ""
    declaring, others = declaring_sections(changelog, baseline.version)
    if declaring:
        print(f"api: declared in {changelog_path.name} under {declaring[0]}; passes")
        return 0
    old = baseline.version
    needed = f"{old[0] + 1}.0.0" if old[0] > 0 else f"0.{old[1] + 1}.0"
    print(
        f"api: not declared: {changelog_path.name} must say what broke under `### Changed` or "
        f"`### Removed`, in `## [Unreleased]` or in a section `## [{needed}]` (or later)"
        + (f"; {', '.join(others)} do(es) not bump enough or say it" if others else ""),
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
