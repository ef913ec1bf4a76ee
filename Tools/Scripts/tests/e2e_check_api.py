"""check-api.py end to end, in a temporary clone with no tags: a public declaration of Core removed
fails the check, naming the release it compared with; the same removal declared under
`### Removed` in `## [Unreleased]` passes. Builds the root package (at the release and at the
clone's tree) with the API digester, so it takes minutes: `make check-scripts E2E=1`, run by CI."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCRIPTS = ROOT / "Tools" / "Scripts"
sys.path.insert(0, str(SCRIPTS))
import releases  # noqa: E402


def git(root: Path, *arguments: str) -> str:
    return subprocess.run(["git", *arguments], cwd=root, check=True, capture_output=True,
                          text=True).stdout.strip()


class CheckAPIEndToEndTests(unittest.TestCase):
    def test_an_injected_break_fails_and_passes_once_declared(self) -> None:
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        clone = Path(folder.name) / "repository"
        subprocess.run(["git", "clone", "--quiet", "--no-local", "--no-tags", str(ROOT), str(clone)],
                       check=True)
        git(clone, "config", "user.name", "test")
        git(clone, "config", "user.email", "test@localhost")
        self.assertEqual(git(clone, "tag", "--list"), "", "the clone must carry no tags")
        newest = releases.releases(clone)[0].name

        # Make `settle()` of the stores internal: public in every release so far, found by its
        # declaration rather than by file, so the test follows the code when files move.
        pattern = re.compile(r"^(\s*)public func settle\(\) async", re.M)
        for source in sorted((clone / "Packages/Core/Sources/Core").rglob("*.swift")):
            text = source.read_text(encoding="utf-8")
            if pattern.search(text):
                source.write_text(pattern.sub(r"\1func settle() async", text), encoding="utf-8")
                break
        else:
            self.fail("no `public func settle() async` in Packages/Core/Sources/Core")
        # Start from an empty `## [Unreleased]`: entries already there must not declare the break.
        changelog = clone / "CHANGELOG.md"
        text = changelog.read_text(encoding="utf-8")
        start = text.index("## [Unreleased]\n")
        end = text.index("\n## [", start + 1)
        changelog.write_text(text[:start] + "## [Unreleased]\n" + text[end:], encoding="utf-8")
        git(clone, "commit", "-q", "-am", "break: settle() is no longer public")

        def check() -> subprocess.CompletedProcess[str]:
            return subprocess.run([sys.executable, str(clone / "Tools/Scripts/check-api.py")],
                                  cwd=clone, capture_output=True, text=True)

        undeclared = check()
        output = undeclared.stdout + undeclared.stderr
        self.assertEqual(undeclared.returncode, 1, output)
        self.assertIn(f"with release {newest}, the newest of CHANGELOG.md", output)
        self.assertIn("settle()", output)
        self.assertIn("api: not declared", output)

        changelog.write_text(changelog.read_text(encoding="utf-8").replace(
            "## [Unreleased]\n", "## [Unreleased]\n\n### Removed\n- `settle()` is internal.\n", 1),
            encoding="utf-8")
        git(clone, "commit", "-q", "-am", "CHANGELOG: declare the break")
        declared = check()
        output = declared.stdout + declared.stderr
        self.assertEqual(declared.returncode, 0, output)
        self.assertIn("named under `### Changed` or `### Removed` of Unreleased", output)


if __name__ == "__main__":
    unittest.main()
