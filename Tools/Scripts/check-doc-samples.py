#!/usr/bin/env python3
"""Compile every Swift sample of README.md and docs/*.md, and run the tests they declare.

`make docs-check` runs this script (and `make test` runs `make docs-check`), so a guide cannot
show code that no longer compiles.

How a document's blocks become Swift (docs/README.md explains the convention to authors):

- A block fenced with exactly ```swift is compiled. Blocks fenced ```swift-katana (Katana code,
  for comparison), ```swift-sketch (deliberately not compilable here: another framework's API, a
  signature, a line that must not compile) and ```swift-manifest (a Package.swift) are not; any
  other info string starting with "swift" is an error, so a typo cannot skip a block silently.
- A block fenced ```swift-excerpt <path> quotes the repository's file <path> (code of an Impl
  package or of the App, which the samples cannot import): it is not compiled, but each of its
  lines must appear in that file, in order and consecutively, compared without leading and
  trailing spaces; a line `// …` stands for any number of lines left out. An excerpt that no longer
  matches its file fails the check, naming the first line that does not.
- Each document is one test target of the package docs/Samples, named after it
  (docs/getting-started.md -> GettingStartedSamples), and each block one file of it: the blocks of
  a guide build on each other, like the cells of a playground; documents do not see each other.
- Blocks of one document share their imports: every file imports what any block of its document
  imports.
- Top-level declarations stay at file scope, and so do `let`/`var` bindings in a block that has no
  other statement (they are globals). In a block with statements (`store.send(...)`), everything
  from the first top-level statement on (a line at column 0 that does not start a declaration,
  `let store = ...` included) goes into an uncalled `@MainActor func ... async throws`: compiled,
  not run.
- `@Test` functions are run with `swift test`: the testing guide's tests must pass, and the number
  of tests `swift test` reports must be the number of `@Test` lines in the compiled blocks, so a
  test that is not discovered (or a run that finds none) fails the check instead of passing.
- `#sourceLocation` maps every line back to the document, so errors read `docs/x.md:42:7: error:`.
- Each block, as written, must pass `swift format lint --strict` with the repository's
  `.swift-format`, like the code in the packages: a reader may paste it into one.

It also checks that README.md's ```mermaid block is a copy of docs/dependency-graph.mmd; `make graph`
(and `make feature`) rewrites both, `--fix-graph` copies it.

The generated sources (docs/Samples/Tests/) are git-ignored and rewritten each run; files whose
content does not change are left alone, so a second run rebuilds only what changed.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "docs" / "Samples"
GENERATED = SAMPLES / "Tests"
MANIFEST = SAMPLES / "Package.swift"

COMPILED = "swift"
NOT_COMPILED = {"swift-katana", "swift-sketch", "swift-manifest"}
EXCERPT = "swift-excerpt"
ELISION = {"// …", "// ..."}
TEST_ATTRIBUTE = re.compile(r"^\s*@Test\b")

FENCE_OPEN = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*?)\s*$")
IMPORT = re.compile(
    r"^(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(?P<module>[A-Za-z_]\w*)"
)
MODIFIERS = {
    "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated",
    "indirect", "static", "mutating", "override", "convenience", "required", "dynamic", "lazy",
}
DECLARATIONS = {
    "struct", "enum", "class", "actor", "protocol", "extension", "func", "typealias", "init",
    "deinit", "subscript", "macro", "precedencegroup", "operator", "associatedtype",
}


@dataclass
class Block:
    document: str  # path relative to the root, e.g. docs/testing.md
    line: int  # 1-based line of the block's first content line
    info: str
    lines: list[str]
    argument: str = ""  # the rest of the info string: the quoted file of a swift-excerpt block


@dataclass
class Document:
    path: str
    module: str
    blocks: list[Block] = field(default_factory=list)


class Failure(Exception):
    pass


# MARK: - Reading the documents


def documents() -> list[Path]:
    found = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    return [path for path in found if path.is_file()]


def module_name(relative: str) -> str:
    stem = Path(relative).stem
    if stem.upper() == "README":
        stem = "readme" if "/" not in relative else Path(relative).parent.name + "-readme"
    words = re.split(r"[^A-Za-z0-9]+", stem)
    return "".join(word[:1].upper() + word[1:] for word in words if word) + "Samples"


def blocks_of(path: Path) -> list[Block]:
    relative = path.relative_to(ROOT).as_posix()
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        opening = FENCE_OPEN.match(lines[index])
        if not opening:
            index += 1
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        words = opening["info"].split()
        info, argument = (words[0], " ".join(words[1:])) if words else ("", "")
        closing = re.compile(r"^\s*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$")
        start = index + 1
        index = start
        while index < len(lines) and not closing.match(lines[index]):
            index += 1
        if index == len(lines):
            raise Failure(f"{relative}:{start}: this {fence} block is never closed")
        content = [strip_indent(line, indent) for line in lines[start:index]]
        blocks.append(Block(relative, start + 1, info, content, argument))
        index += 1
    return blocks


def strip_indent(line: str, indent: int) -> str:
    """Removes up to `indent` leading spaces: the fence's own indentation (inside a list item)."""
    removable = len(line) - len(line.lstrip(" "))
    return line[min(indent, removable):]


# MARK: - Turning a block into Swift


def is_declaration(line: str) -> bool:
    """Whether a line at column 0 starts a declaration (or continues one) rather than a statement."""
    stripped = line.strip()
    if not stripped or stripped[0] in "}])@#" or stripped.startswith(("//", "/*", "*")):
        return True
    words = re.findall(r"[A-Za-z_]\w*|\S", stripped)
    for word in words:
        if word in MODIFIERS:
            continue
        if word == "(":  # `private(set)`, `nonisolated(unsafe)`
            continue
        return word in DECLARATIONS
    return True


def location(block: Block, offset: int) -> str:
    return f'#sourceLocation(file: "{block.document}", line: {block.line + offset})'


def generate(block: Block, shared_imports: list[str]) -> str:
    imports: list[tuple[int, str]] = []
    body: list[tuple[int, str]] = []
    for offset, line in enumerate(block.lines):
        (imports if IMPORT.match(line) and not line.startswith(" ") else body).append((offset, line))
    own = {IMPORT.match(line)["module"] for _, line in imports}

    out = [
        f"// Generated by Tools/Scripts/check-doc-samples.py from {block.document}, line {block.line}.",
        "// Do not edit: edit the document and run `make docs-check`.",
    ]
    for offset, line in imports:
        out += [location(block, offset), line, "#sourceLocation()"]
    for module in shared_imports:
        if module not in own:
            out.append(f"import {module}  // imported by another sample of {block.document}")

    top_level = [(i, line) for i, (_, line) in enumerate(body) if line[:1] not in ("", " ", "\t")]
    statements_at = [i for i, line in top_level if not is_declaration(line)]
    # A block of declarations and `let`/`var` bindings only declares globals; a block with any other
    # statement (`store.send(...)`) is a script, wrapped from its first statement on.
    if all(re.match(r"(let|var)\b", body[i][1]) for i in statements_at):
        statements_at = []
    first_statement = statements_at[0] if statements_at else None
    declarations = body if first_statement is None else body[:first_statement]
    statements = [] if first_statement is None else body[first_statement:]
    out += segment(block, declarations)
    if statements:
        out.append(f"@MainActor func sample_line_{block.line}() async throws {{")
        out += segment(block, statements)
        out.append("}")
    return "\n".join(out) + "\n"


def segment(block: Block, lines: list[tuple[int, str]]) -> list[str]:
    """The lines with a `#sourceLocation` wherever they stop being consecutive in the document."""
    out: list[str] = []
    previous = None
    for offset, line in lines:
        if previous is None or offset != previous + 1:
            if previous is not None:
                out.append("#sourceLocation()")
            out.append(location(block, offset))
        out.append(line)
        previous = offset
    if previous is not None:
        out.append("#sourceLocation()")
    return out


# MARK: - Excerpts of the repository's files


def excerpt_problem(block: Block) -> str | None:
    """Why a swift-excerpt block is not a faithful excerpt of the file it names, or None if it is."""
    where = f"{block.document}:{block.line - 1}"
    path = block.argument
    if not path:
        return f"{where}: a {EXCERPT} block names the file it quotes: ```{EXCERPT} Packages/…/File.swift"
    source = (ROOT / path).resolve()
    if ROOT.resolve() not in source.parents or not source.is_file():
        return f"{where}: this {EXCERPT} block quotes {path}, which is not a file of the repository"
    text = [line.strip() for line in source.read_text(encoding="utf-8").split("\n")]
    # Consecutive lines between elisions must appear consecutively, each run after the previous one.
    runs: list[list[tuple[int, str]]] = [[]]
    for offset, line in enumerate(block.lines):
        if line.strip() in ELISION:
            runs.append([])
        else:
            runs[-1].append((offset, line.strip()))
    position = 0
    for run in (run for run in runs if run):
        wanted = [line for _, line in run]
        # One pass: how many of the run's lines match from each start; a full match is the excerpt,
        # otherwise the longest partial match names the first line that breaks it.
        found, longest = None, 0
        for start in range(position, len(text)):
            length = 0
            while length < len(wanted) and start + length < len(text) and text[start + length] == wanted[length]:
                length += 1
            if length == len(wanted):
                found = start
                break
            longest = max(longest, length)
        if found is None:
            offset, line = run[min(longest, len(run) - 1)]
            return (
                f"{block.document}:{block.line + offset}: this line of an excerpt of {path} is not in that file "
                f"(in order, after the lines above it): `{line}`; copy the excerpt again from the file"
            )
        position = found + len(wanted)
    return None


# MARK: - The package


def manifest_documents() -> list[str]:
    text = MANIFEST.read_text(encoding="utf-8")
    match = re.search(r"let documents\s*=\s*\[(.*?)\]", text, re.S)
    if not match:
        raise Failure(f"{MANIFEST.relative_to(ROOT)}: no `let documents = [...]` list")
    return re.findall(r'"([^"]+)"', match[1])


def write_sources(docs: list[Document]) -> None:
    wanted: dict[Path, str] = {}
    for doc in docs:
        shared: list[str] = []
        for block in doc.blocks:
            for line in block.lines:
                match = IMPORT.match(line)
                if match and not line.startswith(" ") and match["module"] not in shared:
                    shared.append(match["module"])
        for block in doc.blocks:
            name = f"{doc.module}_line_{block.line}.swift"
            wanted[GENERATED / doc.module / name] = generate(block, shared)
    for path, content in wanted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")
    if GENERATED.exists():
        for path in sorted(GENERATED.rglob("*"), reverse=True):
            if path.is_file() and path not in wanted:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()


def lint(docs: list[Document]) -> None:
    """Lints each block as written, one file per block, and reports at the document's lines."""
    folder = SAMPLES / ".build" / "doc-lint"
    if folder.exists():
        for path in folder.glob("*.swift"):
            path.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    origin: dict[str, Block] = {}
    for doc in docs:
        for block in doc.blocks:
            name = f"{doc.module}_line_{block.line}.swift"
            (folder / name).write_text("\n".join(block.lines).rstrip("\n") + "\n", encoding="utf-8")
            origin[name] = block
    config = ["--configuration", str(ROOT / ".swift-format")]
    status, output = run(["swift", "format", "lint", "--strict", *config, "--recursive", str(folder)])
    if status == 0 and not output.strip():
        return
    problems = []
    for line in output.splitlines():
        match = re.match(r"^.*/([^/:]+\.swift):(\d+):(\d+): (.*)$", line)
        if match and match[1] in origin:
            block = origin[match[1]]
            problems.append(f"{block.document}:{block.line + int(match[2]) - 1}:{match[3]}: {match[4]}")
        elif line.strip():
            problems.append(line)
    raise Failure(
        "a Swift sample breaks the format rules (`swift format format` on a copy shows the fix):\n"
        + "\n".join(problems)
    )


def run(arguments: list[str]) -> tuple[int, str]:
    result = subprocess.run(arguments, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return result.returncode, result.stdout


def build_output(output: str) -> str:
    """The compiler's diagnostics without SwiftPM's progress lines."""
    noise = re.compile(r"^\[\d+/\d+\]|^Building for|^Build complete|^Planning build|^Write |^Compiling ")
    return "\n".join(line for line in output.splitlines() if not noise.match(line))


# MARK: - The README's copy of the dependency graph

README_GRAPH = re.compile(r"(```mermaid\n)(.*?)(```)", re.S)


def check_readme_graph(fix: bool) -> None:
    """README.md embeds docs/dependency-graph.mmd (written by `make graph`); keep the copy equal."""
    readme = ROOT / "README.md"
    graph = (ROOT / "docs" / "dependency-graph.mmd").read_text(encoding="utf-8")
    text = readme.read_text(encoding="utf-8")
    match = README_GRAPH.search(text)
    if match is None:
        raise Failure("README.md has no ```mermaid block for the dependency graph")
    if match[2] == graph:
        return
    if not fix:
        raise Failure(
            "README.md's dependency graph differs from docs/dependency-graph.mmd (regenerated by "
            "`make graph`, which also copies it): run `make graph` or "
            "`python3 Tools/Scripts/check-doc-samples.py --fix-graph` and commit"
        )
    readme.write_text(text[: match.start(2)] + graph + text[match.end(2) :], encoding="utf-8")
    print("docs-check: copied docs/dependency-graph.mmd into README.md")


# MARK: - Main


def main() -> int:
    started = time.monotonic()
    check_readme_graph(fix="--fix-graph" in sys.argv[1:])
    docs: list[Document] = []
    skipped: dict[str, int] = {}
    excerpts = 0
    problems: list[str] = []
    for path in documents():
        relative = path.relative_to(ROOT).as_posix()
        doc = Document(relative, module_name(relative))
        for block in blocks_of(path):
            kind = block.info
            if kind == COMPILED:
                doc.blocks.append(block)
            elif kind in NOT_COMPILED:
                skipped[kind] = skipped.get(kind, 0) + 1
            elif kind == EXCERPT:
                excerpts += 1
                problem = excerpt_problem(block)
                if problem:
                    problems.append(problem)
            elif kind.lower().startswith("swift"):
                problems.append(
                    f"{relative}:{block.line - 1}: unknown fence `{kind}`: use `swift` (compiled), "
                    f"`{EXCERPT} <path>` (checked against the file) "
                    f"or one of {', '.join(sorted(NOT_COMPILED))} (not compiled)"
                )
        if doc.blocks:
            docs.append(doc)
    if problems:
        raise Failure("\n".join(problems))

    listed, needed = manifest_documents(), [doc.module.removesuffix("Samples") for doc in docs]
    if sorted(listed) != sorted(needed):
        missing = sorted(set(needed) - set(listed))
        extra = sorted(set(listed) - set(needed))
        raise Failure(
            f"{MANIFEST.relative_to(ROOT)}: `documents` must list one entry per document with Swift samples."
            + (f"\n  add: {', '.join(missing)}" if missing else "")
            + (f"\n  remove: {', '.join(extra)}" if extra else "")
        )

    lint(docs)
    write_sources(docs)
    package = ["--package-path", str(SAMPLES.relative_to(ROOT))]
    flags = ["-Xswiftc", "-diagnostic-style=llvm"]
    status, output = run(["swift", "build", *package, "--build-tests", *flags])
    if status != 0:
        print(build_output(output), file=sys.stderr)
        raise Failure("a Swift sample does not compile: the locations above point into the documents")
    status, output = run(["swift", "test", *package, "--skip-build", *flags])
    if status != 0:
        print(output, file=sys.stderr)
        raise Failure("a test in a Swift sample failed: the locations above point into the documents")
    passed = re.search(r"Test run with (\d+) tests? (?:in \d+ suites? )?passed", output)
    declared = sum(
        1 for doc in docs for block in doc.blocks for line in block.lines if TEST_ATTRIBUTE.match(line)
    )
    ran = int(passed[1]) if passed else 0
    if ran != declared:
        print(output, file=sys.stderr)
        raise Failure(
            f"the samples declare {declared} @Test functions but `swift test` "
            + (f"ran {ran}" if passed else "reported no passing test run")
            + ": a test was not discovered (or the summary line changed); the output is above"
        )

    count = sum(len(doc.blocks) for doc in docs)
    others = ", ".join(f"{n} {kind}" for kind, n in sorted(skipped.items()))
    print(
        f"docs-check: {count} Swift samples in {len(docs)} documents compiled, "
        + f"{ran} of their {declared} tests passed"
        + (f"; {excerpts} excerpts match their files" if excerpts else "")
        + (f"; not compiled by convention: {others}" if others else "")
        + f" ({time.monotonic() - started:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        print(f"docs-check: {failure}", file=sys.stderr)
        sys.exit(1)
