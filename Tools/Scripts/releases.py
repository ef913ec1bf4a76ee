#!/usr/bin/env python3
"""The release record: which versions were released, and at which commit, read from the tree.

A release is the commit that adds its `## [X.Y.Z] - YYYY-MM-DD` section to CHANGELOG.md. That
record travels with every clone, tags or not, so the release checks never depend on tags having
been pushed (docs/releasing.md). `make tags` (this script's `tags` command) creates the missing
tags from it, so whoever publishes the repository can push them.

Usage:
  Tools/Scripts/releases.py list          # each release, newest first: VERSION COMMIT
  Tools/Scripts/releases.py tags          # create the missing tags in this clone; never moves one
  Tools/Scripts/releases.py newest        # the newest release: VERSION COMMIT
Options: --root PATH (the repository; default: this script's), --changelog PATH (default
CHANGELOG.md at the root, as committed at HEAD).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RELEASE = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")
HEADING = re.compile(r"^## \[(?P<name>[^\]]+)\]")
Version = tuple[int, int, int]


class RecordError(Exception):
    """The record cannot be read: the message says what is wrong and what to do."""


@dataclass(frozen=True)
class Release:
    name: str
    version: Version
    commit: str

    @property
    def short(self) -> str:
        return self.commit[:7]


def version(text: str) -> Version | None:
    match = RELEASE.match(text.strip())
    return (int(match[1]), int(match[2]), int(match[3])) if match else None


def released_names(changelog: str) -> list[str]:
    """The `## [X.Y.Z]` headings of a CHANGELOG, in file order (newest first); others are skipped."""
    names = []
    for line in changelog.splitlines():
        if (match := HEADING.match(line)) and version(match["name"]):
            names.append(match["name"])
    return names


def git(root: Path, *arguments: str, check: bool = True) -> str:
    result = subprocess.run(["git", *arguments], cwd=root, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RecordError(f"git {' '.join(arguments)} failed: {result.stderr.strip()}")
    return result.stdout


def head_changelog(root: Path) -> str:
    text = git(root, "show", "HEAD:CHANGELOG.md", check=False)
    if not text:
        raise RecordError(f"no CHANGELOG.md committed at HEAD in {root}: the release record is missing")
    return text


def release_commit(root: Path, name: str) -> str:
    """The oldest commit of HEAD's history whose CHANGELOG.md adds the line `## [name]`."""
    pattern = "^## \\[" + re.escape(name) + "\\]"
    commits = git(root, "log", "--format=%H", "--reverse", "-G", pattern, "HEAD", "--",
                  "CHANGELOG.md").split()
    for commit in commits:
        # -G also lists commits that remove or move the line: take the first whose file has it.
        if re.search(pattern, git(root, "show", f"{commit}:CHANGELOG.md", check=False), re.M):
            return commit
    shallow = git(root, "rev-parse", "--is-shallow-repository", check=False).strip() == "true"
    hint = ("this clone is shallow: run `git fetch --unshallow`" if shallow
            else "its section must be added by a commit of HEAD's history")
    raise RecordError(f"CHANGELOG.md names release {name}, but no commit adding its section was found ({hint})")


def releases(root: Path = ROOT, changelog: str | None = None) -> list[Release]:
    """Every release of the record, newest first by version."""
    text = head_changelog(root) if changelog is None else changelog
    found = [Release(name, version(name), release_commit(root, name)) for name in released_names(text)]
    duplicates = {r.name for r in found if [s.name for s in found].count(r.name) > 1}
    if duplicates:
        raise RecordError(f"CHANGELOG.md has more than one section for {', '.join(sorted(duplicates))}")
    return sorted(found, key=lambda r: r.version, reverse=True)


def create_tags(root: Path, record: list[Release]) -> tuple[list[str], list[str]]:
    """Tags every release that has no tag; returns (what was done, what disagrees with the record)."""
    done, conflicts = [], []
    for release in sorted(record, key=lambda r: r.version):
        existing = git(root, "rev-parse", "-q", "--verify", f"refs/tags/{release.name}^{{commit}}",
                       check=False).strip()
        if not existing:
            git(root, "tag", release.name, release.commit)
            done.append(f"created {release.name} at {release.short}")
        elif existing != release.commit:
            conflicts.append(f"{release.name} is tagged at {existing[:7]}, but the record says "
                             f"{release.short} (the commit that added its CHANGELOG section); "
                             "a published tag is never moved: see docs/releasing.md")
        else:
            done.append(f"{release.name} already at {release.short}")
    return done, conflicts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["list", "tags", "newest"])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--changelog", type=Path)
    arguments = parser.parse_args()
    root = arguments.root.resolve()
    try:
        changelog = arguments.changelog.read_text(encoding="utf-8") if arguments.changelog else None
        record = releases(root, changelog)
    except (RecordError, OSError) as error:
        print(f"releases: {error}", file=sys.stderr)
        return 1
    if not record:
        print("releases: CHANGELOG.md records no release (`## [X.Y.Z] - date`)", file=sys.stderr)
        return 1
    if arguments.command == "newest":
        print(record[0].name, record[0].commit)
    elif arguments.command == "list":
        for release in record:
            print(release.name, release.commit)
    else:
        done, conflicts = create_tags(root, record)
        for line in done:
            print(f"tags: {line}")
        for line in conflicts:
            print(f"tags: {line}", file=sys.stderr)
        if conflicts:
            return 1
        print("tags: publish them with `git push origin --tags`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
