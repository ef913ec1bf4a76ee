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

A breaking change passes only if CHANGELOG.md declares it: an entry under `### Changed` or
`### Removed` (keepachangelog.com's headings for it) names the broken declaration (`settle` for
`Func ActorStore.settle() has been removed`), either in a released section `## [X.Y.Z]` newer than
the baseline that bumps the major version (before 1.0: the minor version), or in
`## [Unreleased]`, whose release must then make that bump (checked once it is renamed). Otherwise the check fails,
printing each break the digester found and what the CHANGELOG lacks. Additions and other
compatible changes need no declaration.

Usage: Tools/Scripts/check-api.py [--baseline VERSION] [--changelog PATH] [--root PATH]
  --baseline   compare with that release of the record instead of the newest
  --changelog  read PATH instead of CHANGELOG.md (used by the script's own tests)
  --root       the repository (default: this script's)
"""

from __future__ import annotations

import argparse
import re
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


def declaring_sections(changelog: str, baseline: Version) -> tuple[dict[str, str], list[str]]:
    """The sections newer than `baseline` (released ones and `Unreleased`): those that may declare a
    break, each with the text of its `### Changed` and `### Removed` entries, and those that may
    not (a release that does not bump enough, or a section without those headings)."""
    declaring: dict[str, str] = {}
    others: list[str] = []
    name: str | None = None
    current: str | None = None
    texts: dict[str, list[str]] = {}

    def close() -> None:
        if name is None:
            return
        text = "\n".join(texts.get(name, []))
        if name != "Unreleased":
            if (v := version(name)) is None or v <= baseline:
                return
            if not bumps_for_break(v, baseline):
                others.append(name)
                return
        (declaring.__setitem__(name, text) if name in texts else others.append(name))

    for line in changelog.splitlines():
        if match := HEADING.match(line):
            close()
            name, current = match["name"], None
        elif line.startswith("### "):
            current = line.strip()
            if name is not None and current in BREAK_HEADINGS:
                texts.setdefault(name, [])
        elif name is not None and current in BREAK_HEADINGS:
            texts[name].append(line)
    close()
    return declaring, others


ACCESSORS = {"Get", "Set", "Modify", "Read", "Init", "init", "subscript"}


def broken_name(line: str) -> str:
    """The name a CHANGELOG entry must mention for a digester line: `Func ActorStore.settle() has been
    removed` → `settle`; `Constructor Store.init(model:) …` → `Store`; `Struct Foo …` → `Foo`."""
    declaration = line.split(" has ", 1)[0].strip().split(" ", 1)[-1]
    components = [c for c in declaration.split("(", 1)[0].split(".") if c]
    while len(components) > 1 and components[-1] in ACCESSORS:
        components.pop()
    return components[-1] if components else declaration


def undeclared_breaks(breaks: list[str], declaring: dict[str, str]) -> list[str]:
    """The breaks that no declaring section's `### Changed` or `### Removed` text names."""
    text = "\n".join(declaring.values())
    return [line for line in breaks
            if not re.search(r"(?<![\w])" + re.escape(broken_name(line)) + r"(?![\w])", text)]


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
    missing = undeclared_breaks(breaks, declaring) if declaring else breaks
    if not missing:
        print(f"api: each break is named under `### Changed` or `### Removed` of "
              f"{', '.join(declaring)} in {changelog_path.name}; passes")
        return 0
    old = baseline.version
    needed = f"{old[0] + 1}.0.0" if old[0] > 0 else f"0.{old[1] + 1}.0"
    print(f"api: not declared: {len(missing)} break(s) named in no `### Changed` or `### Removed` "
          f"entry of `## [Unreleased]` or of a section `## [{needed}]` (or later) in "
          f"{changelog_path.name}:", file=sys.stderr)
    for line in missing:
        print(f"  {line}  (mention `{broken_name(line)}`)", file=sys.stderr)
    if others:
        print(f"api: {', '.join(others)} do(es) not bump the version enough or has no such heading",
              file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
