#!/usr/bin/env python3
"""Check that every feature's Impl package is laid out the same way, so a reader can guess a path.

In `Packages/<Feature>Impl/Sources/<Feature>Impl/`:
- `<Feature>Feature.swift`, the function the App adds to its composition, is at the root;
- every updater (`…Updater.swift`, `…Updater+Topic.swift`) is under `Updaters/`;
- every interpreter (`…Interpreter.swift`, `…Interpreter+Topic.swift`) is under `Interpreters/`;
- every subscription provider (`…Subscriptions.swift`) is under `Subscriptions/`.
Other folders are the feature's own (Database, CSV, Security…). `make feature` generates this layout.

Usage: Tools/Scripts/check-impl-layout.py [PACKAGES_FOLDER]   (default: Packages)
Exit status 0 when every Impl package follows it, 1 otherwise (each problem on a line), 2 on bad input.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

# The folder each kind of file belongs in, by the suffix of its main type's name.
FOLDERS = {"Updater": "Updaters", "Interpreter": "Interpreters", "Subscriptions": "Subscriptions"}
KIND = re.compile(r"^\w*?(?P<kind>Updater|Interpreter|Subscriptions)(?:\+\w+)?\.swift$")


def problems(impl: Path) -> list[str]:
    """The layout problems of one Impl package, each naming the file."""
    feature = impl.name.removesuffix("Impl")
    sources = impl / "Sources" / impl.name
    if not sources.is_dir():
        return [f"{impl}: no Sources/{impl.name} folder"]
    found = []
    if not (sources / f"{feature}Feature.swift").is_file():
        found.append(f"{sources}: no {feature}Feature.swift at the root")
    for path in sorted(sources.rglob("*.swift")):
        match = KIND.match(path.name)
        if not match:
            continue
        folder = FOLDERS[match.group("kind")]
        relative = path.relative_to(sources)
        if relative.parts[0] != folder:
            found.append(f"{path}: belongs under {sources / folder}/")
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="?", default="Packages", help="the folder of the packages")
    arguments = parser.parse_args(argv)
    root = Path(arguments.packages)
    if not root.is_dir():
        print(f"check-impl-layout: {root} is not a folder", file=sys.stderr)
        return 2
    impls = sorted(p for p in root.iterdir() if p.is_dir() and p.name.endswith("Impl"))
    found = [problem for impl in impls for problem in problems(impl)]
    for problem in found:
        print(problem)
    print(f"impl layout: {len(impls)} Impl packages, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
