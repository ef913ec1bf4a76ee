"""check-api.py end to end, in a temporary clone with no tags: a public function of Core made
internal fails the check, naming the release it compared with and the break; an entry naming it
under `### Removed` in `## [Unreleased]` makes it pass. Builds the root package (at the release and at the
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

        # Make one public function of a release internal: the first of these whose name no entry of
        # CHANGELOG.md's `## [Unreleased]` mentions yet (an entry naming it would declare the break),
        # found by its declaration rather than by file, so the test follows the code. None of them
        # may satisfy a public protocol's requirement (`StoreHost`'s `removeMonitor`, `settle`,
        # `activeSubscriptions`): made internal, those would not compile, and the check would fail for
        # that reason instead of the break.
        changelog = clone / "CHANGELOG.md"
        text = changelog.read_text(encoding="utf-8")
        unreleased = text[text.index("## [Unreleased]"):text.index("\n## [", text.index("## [Unreleased]") + 1)]
        candidates = ["skipCommands", "skipSubscriptionChanges", "skipReceivedMessages"]
        name = next(n for n in candidates if not re.search(rf"(?<!\w){n}(?!\w)", unreleased))
        pattern = re.compile(rf"^(\s*)public (func|var) {name}\b", re.M)
        for source in sorted((clone / "Packages/Core/Sources").rglob("*.swift")):
            text = source.read_text(encoding="utf-8")
            if pattern.search(text):
                source.write_text(pattern.sub(rf"\1\2 {name}", text, count=1), encoding="utf-8")
                break
        else:
            self.fail(f"no `public func {name}` in Packages/Core/Sources")
        git(clone, "commit", "-q", "-am", f"break: {name} is no longer public")

        def check() -> subprocess.CompletedProcess[str]:
            return subprocess.run([sys.executable, str(clone / "Tools/Scripts/check-api.py")],
                                  cwd=clone, capture_output=True, text=True)

        undeclared = check()
        output = undeclared.stdout + undeclared.stderr
        self.assertEqual(undeclared.returncode, 1, output)
        self.assertIn(f"with release {newest}, the newest of CHANGELOG.md", output)
        self.assertIn("api: not declared", output)
        self.assertIn(f"(mention `{name}`)", output)

        changelog.write_text(changelog.read_text(encoding="utf-8").replace(
            "## [Unreleased]\n", f"## [Unreleased]\n\n### Removed\n- `{name}` is internal.\n", 1),
            encoding="utf-8")
        git(clone, "commit", "-q", "-am", "CHANGELOG: declare the break")
        declared = check()
        output = declared.stdout + declared.stderr
        self.assertEqual(declared.returncode, 0, output)
        self.assertIn("named under `### Changed` or `### Removed` of Unreleased", output)


if __name__ == "__main__":
    unittest.main()
