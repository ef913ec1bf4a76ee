#!/usr/bin/env python3
"""List Swift files whose top-level types are not named after the file.

A reader should guess a file's path from a type's name: one main type per file, named after it. A
file `Name.swift` may declare the top-level type `Name`; a file `Name+Topic.swift` may
declare none (it holds extensions of `Name`). Every other top-level `struct`, `class`, `enum`,
`protocol`, `actor` or `typealias` that is not `private` or `fileprivate` is a mismatch: private
helpers used by one file may stay with it. Nested types and extensions are not counted.

Usage: Tools/Scripts/check-file-names.py [--strict] [PATH ...]
  PATH      files or directories to scan (default: Packages/Core/Sources)
  --strict  exit 1 when any file mismatches (otherwise the count is only reported)
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

DECLARATION = re.compile(
    r"^(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?P<modifiers>(?:(?:public|package|internal|private|fileprivate|open|final|indirect"
    r"|nonisolated|distributed)(?:\(set\))?\s+)*)"
    r"(?P<kind>struct|class|enum|protocol|actor|typealias)\s+(?P<name>\w+)"
)


def strip_comments_and_strings(source: str) -> str:
    """Blank out comments and string literals so braces inside them do not count."""
    out: list[str] = []
    i, n = 0, len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if source[i] == "\n" else " ")
                    i += 1
        elif source.startswith('"""', i):
            j = source.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append("".join("\n" if c == "\n" else " " for c in source[i:j]))
            i = j
        elif source[i] == '"':
            j = i + 1
            while j < n and source[j] not in '"\n':
                j += 2 if source[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def top_level_types(source: str) -> list[tuple[str, str, bool]]:
    """The (kind, name, is_private) of each type declared at brace depth 0."""
    found = []
    depth = 0
    for line in strip_comments_and_strings(source).splitlines():
        if depth == 0:
            match = DECLARATION.match(line.strip())
            if match:
                modifiers = match.group("modifiers").split()
                private = "private" in modifiers or "fileprivate" in modifiers
                found.append((match.group("kind"), match.group("name"), private))
        depth += line.count("{") - line.count("}")
    return found


def mismatches(path: Path) -> list[str]:
    """The names of the top-level non-private types `path` should not declare."""
    stem = path.stem
    allowed = set() if "+" in stem else {stem}
    return [
        name
        for _, name, private in top_level_types(path.read_text(encoding="utf-8"))
        if not private and name not in allowed
    ]


def swift_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(p for p in sorted(path.rglob("*.swift")) if ".build" not in p.parts)
        elif path.is_file() and path.suffix == ".swift":
            files.append(path)
        else:
            raise FileNotFoundError(f"{raw}: not a Swift file or a folder")
    return files


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", metavar="PATH", default=["Packages/Core/Sources"],
                        help="files or folders to scan (default: Packages/Core/Sources)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when any file mismatches")
    arguments = parser.parse_args(argv)
    try:
        files = swift_files(arguments.paths)
    except FileNotFoundError as error:
        print(f"check-file-names: {error}", file=sys.stderr)
        return 2
    bad = 0
    for path in files:
        names = mismatches(path)
        if names:
            bad += 1
            print(f"{path}: {', '.join(names)}")
    print(f"{bad} of {len(files)} files declare a top-level type not named after the file")
    return 1 if arguments.strict and bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
