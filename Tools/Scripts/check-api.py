#!/usr/bin/env python3
"""Guard the public API of Core, CoreTesting and Tracing against the last release (`make check-api`).

Run by .ci/run. It finds the newest release tag (X.Y.Z) and runs, at the repository's root,

    swift package diagnose-api-breaking-changes <tag> --products Core CoreTesting Tracing

which builds the root package at the tag and at the working tree and compares their public API
with swift-api-digester. With no release tag yet it says so and passes: there is nothing to
compare with.

A breaking change passes only if CHANGELOG.md declares it: a released section `## [X.Y.Z]` newer
than the tag that bumps the major version (before 1.0: the minor version) and says what broke
under `### Changed` or `### Removed` (keepachangelog.com's headings for it). Otherwise the check
fails, printing each break the digester found and what the CHANGELOG lacks. Additions and other
compatible changes need no declaration.

Usage: Tools/Scripts/check-api.py [--tag TAG] [--changelog PATH]
  --tag        compare with TAG instead of the newest release tag
  --changelog  read PATH instead of CHANGELOG.md (used by the script's own tests)
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTS = ["Core", "CoreTesting", "Tracing"]
RELEASE = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")
SECTION = re.compile(r"^## \[(?P<name>[^\]]+)\]")
BREAK_HEADINGS = {"### Changed", "### Removed"}


def version(text: str) -> tuple[int, int, int] | None:
    match = RELEASE.match(text.strip())
    return (int(match[1]), int(match[2]), int(match[3])) if match else None


def newest_release_tag() -> str | None:
    tags = subprocess.run(
        ["git", "tag", "--list"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    releases = sorted((v, t) for t in tags if (v := version(t)))
    return releases[-1][1] if releases else None


def bumps_for_break(new: tuple[int, int, int], old: tuple[int, int, int]) -> bool:
    """Whether `new` may break `old`'s API: a new major version, or before 1.0 a new minor."""
    if old[0] == 0:
        return new[0] > 0 or new[1] > old[1]
    return new[0] > old[0]


def declaring_sections(changelog: str, tag: tuple[int, int, int]) -> tuple[list[str], list[str]]:
    """The released sections newer than `tag`: those that declare a break, and those that do not."""
    declaring, others = [], []
    name, headings = None, set()

    def close() -> None:
        if name is None or (v := version(name)) is None or v <= tag:
            return
        if bumps_for_break(v, tag) and headings & BREAK_HEADINGS:
            declaring.append(name)
        else:
            others.append(name)

    for line in changelog.splitlines():
        if match := SECTION.match(line):
            close()
            name, headings = match["name"], set()
        elif line.startswith("### "):
            headings.add(line.strip())
    close()
    return declaring, others


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tag")
    parser.add_argument("--changelog", type=Path, default=ROOT / "CHANGELOG.md")
    arguments = parser.parse_args()

    tag = arguments.tag or newest_release_tag()
    if tag is None:
        print("api: no release tag yet (X.Y.Z): nothing to compare the public API with; passes")
        return 0
    tag_version = version(tag)
    if tag_version is None:
        print(f"api: {tag} is not a release tag (X.Y.Z)", file=sys.stderr)
        return 2

    print(f"api: comparing the public API of {', '.join(PRODUCTS)} with release {tag}", flush=True)
    result = subprocess.run(
        ["swift", "package", "--scratch-path", str(ROOT / ".build" / "api-check"),
         "diagnose-api-breaking-changes", tag, "--products", *PRODUCTS],
        cwd=ROOT, capture_output=True, text=True,
    )
    output = result.stdout + result.stderr
    breaks = sorted({line.split("API breakage:", 1)[1].strip()
                     for line in output.splitlines() if "API breakage:" in line})
    if result.returncode == 0 and not breaks:
        print(f"api: no breaking change since {tag}")
        return 0
    if not breaks:
        print(output, file=sys.stderr)
        print(f"api: the comparison with {tag} failed (status {result.returncode}) without naming a "
              "break: see its output above", file=sys.stderr)
        return result.returncode or 1

    print(f"api: {len(breaks)} breaking change(s) since {tag}:")
    for line in breaks:
        print(f"  {line}")
    changelog = arguments.changelog.read_text(encoding="utf-8") if arguments.changelog.exists() else ""
    declaring, others = declaring_sections(changelog, tag_version)
    if declaring:
        print(f"api: declared in {arguments.changelog.name} under {declaring[0]}; passes")
        return 0
    needed = f"{tag_version[0] + 1}.0.0" if tag_version[0] > 0 else f"0.{tag_version[1] + 1}.0"
    print(
        f"api: not declared: {arguments.changelog.name} needs a section `## [{needed}]` (or later) "
        "that says what broke under `### Changed` or `### Removed`"
        + (f"; {', '.join(others)} do(es) not bump enough or say it" if others else ""),
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
