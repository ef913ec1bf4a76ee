#!/usr/bin/env python3
"""List Swift files whose top-level types are not named after the file.

A reader should guess a file's path from a type's name: one main type per file, named after it. A
file `Name.swift` may declare the top-level type `Name`; a file `Name+Topic.swift` may
declare none (it holds extensions of `Name`). Every other top-level `struct`, `class`, `enum`,
`protocol`, `actor` or `typealias` that is not `private` or `fileprivate` is a mismatch, except a
small helper (at most 12 lines) in a file that declares its main type: private helpers used by one
file, and a small type that serves the main one, stay with it rather than in a file of their own.
Nested types and extensions are not counted.

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


HELPER_LINES = 12


def top_level_types(source: str) -> list[tuple[str, str, bool, int]]:
    """The (kind, name, is_private, line count) of each type declared at brace depth 0."""
    found: list[list] = []
    depth = 0
    open_entry = None
    for line in strip_comments_and_strings(source).splitlines():
        if depth == 0:
            match = DECLARATION.match(line.strip())
            if match:
                modifiers = match.group("modifiers").split()
                private = "private" in modifiers or "fileprivate" in modifiers
                open_entry = [match.group("kind"), match.group("name"), private, 0]
                found.append(open_entry)
            else:
                open_entry = None if line.strip() else open_entry
        if open_entry is not None:
            open_entry[3] += 1
        depth += line.count("{") - line.count("}")
        if depth == 0 and open_entry is not None and "}" in line:
            open_entry = None
    return [tuple(entry) for entry in found]


def mismatches(path: Path) -> list[str]:
    """The names of the top-level non-private types `path` should not declare."""
    stem = path.stem
    allowed = set() if "+" in stem else {stem}
    types = top_level_types(path.read_text(encoding="utf-8"))
    has_main = any(name == stem for _, name, _, _ in types)
    return [
        name
        for _, name, private, lines in types
        if not private and name not in allowed and not (has_main and lines <= HELPER_LINES)
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
