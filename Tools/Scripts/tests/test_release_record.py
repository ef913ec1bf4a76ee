"""Tests of the release record (releases.py) and check-api.py's choices, on throwaway git
repositories: `python3 -m unittest discover -s Tools/Scripts/tests` (run by `make check-scripts`).

The end-to-end check of check-api.py (a break injected in a clone fails, a declared one passes) is
e2e_check_api.py; it builds the package twice and is slower."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(SCRIPTS))
import releases  # noqa: E402

spec = importlib.util.spec_from_file_location("check_api", SCRIPTS / "check-api.py")
check_api = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_api)

HEADER = "# Changelog\n\n## [Unreleased]\n\n"


def run(root: Path, *arguments: str) -> str:
    return subprocess.run(["git", *arguments], cwd=root, check=True, capture_output=True,
                          text=True).stdout.strip()


class Repository:
    """A git repository in a temporary folder whose commits write CHANGELOG.md."""

    def __init__(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.root = Path(self.folder.name)
        run(self.root, "init", "-q", "-b", "main")
        run(self.root, "config", "user.name", "test")
        run(self.root, "config", "user.email", "test@localhost")

    def commit(self, changelog: str, message: str = "change") -> str:
        (self.root / "CHANGELOG.md").write_text(changelog, encoding="utf-8")
        (self.root / "other.txt").write_text(message, encoding="utf-8")
        run(self.root, "add", "-A")
        run(self.root, "commit", "-q", "-m", message)
        return run(self.root, "rev-parse", "HEAD")

    def close(self) -> None:
        self.folder.cleanup()


class ReleaseRecordTests(unittest.TestCase):
    def setUp(self) -> None:
        self.repository = Repository()
        self.addCleanup(self.repository.close)

    def test_a_release_is_the_commit_that_adds_its_section(self) -> None:
        repo = self.repository
        repo.commit(HEADER, "start")
        first = repo.commit(HEADER + "## [0.1.0] - 2026-01-01\n### Added\n- a\n", "release 0.1.0")
        repo.commit(HEADER + "- pending\n\n## [0.1.0] - 2026-01-01\n### Added\n- a\n", "work")
        second = repo.commit(HEADER + "## [0.2.0] - 2026-02-01\n\n## [0.1.0] - 2026-01-01\n", "0.2.0")
        repo.commit(HEADER + "- more\n\n## [0.2.0] - 2026-02-01\n\n## [0.1.0] - 2026-01-01\n", "work")
        record = releases.releases(repo.root)
        self.assertEqual([(r.name, r.commit) for r in record], [("0.2.0", second), ("0.1.0", first)])

    def test_tags_are_created_from_the_record_and_never_moved(self) -> None:
        repo = self.repository
        first = repo.commit(HEADER + "## [0.1.0] - 2026-01-01\n", "0.1.0")
        repo.commit(HEADER + "## [0.1.1] - 2026-01-02\n\n## [0.1.0] - 2026-01-01\n", "0.1.1")
        run(repo.root, "tag", "0.1.1", first)  # a tag that disagrees with the record
        done, conflicts = releases.create_tags(repo.root, releases.releases(repo.root))
        self.assertEqual(run(repo.root, "rev-parse", "0.1.0^{commit}"), first)
        self.assertEqual(done, [f"created 0.1.0 at {first[:7]}"])
        self.assertEqual(len(conflicts), 1)
        self.assertIn("0.1.1 is tagged at", conflicts[0])
        self.assertEqual(run(repo.root, "rev-parse", "0.1.1^{commit}"), first, "a tag is never moved")
        done, _ = releases.create_tags(repo.root, releases.releases(repo.root)[1:])
        self.assertEqual(done, [f"0.1.0 already at {first[:7]}"])

    def test_a_release_whose_commit_is_missing_is_an_error(self) -> None:
        repo = self.repository
        repo.commit(HEADER, "start")
        with self.assertRaisesRegex(releases.RecordError, "no commit adding its section"):
            releases.releases(repo.root, changelog=HEADER + "## [0.3.0] - 2026-03-01\n")

    def test_two_sections_for_one_version_are_an_error(self) -> None:
        repo = self.repository
        repo.commit(HEADER + "## [0.1.0] - 2026-01-01\n\n## [0.1.0] - 2026-01-01\n", "twice")
        with self.assertRaisesRegex(releases.RecordError, "more than one section for 0.1.0"):
            releases.releases(repo.root)

    def test_the_tags_command_prints_what_it_did(self) -> None:
        repo = self.repository
        first = repo.commit(HEADER + "## [1.0.0] - 2026-01-01\n", "1.0.0")
        result = subprocess.run([sys.executable, str(SCRIPTS / "releases.py"), "tags", "--root",
                                 str(repo.root)], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(f"tags: created 1.0.0 at {first[:7]}", result.stdout)

    def test_no_release_recorded_fails(self) -> None:
        repo = self.repository
        repo.commit(HEADER, "start")
        result = subprocess.run([sys.executable, str(SCRIPTS / "releases.py"), "newest", "--root",
                                 str(repo.root)], capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertIn("records no release", result.stderr)


class BaselineTests(unittest.TestCase):
    record = [releases.Release("0.2.0", (0, 2, 0), "b" * 40),
              releases.Release("0.1.0", (0, 1, 0), "a" * 40)]

    def test_the_newest_release_is_the_baseline(self) -> None:
        baseline, why = check_api.choose_baseline(self.record, "c" * 40, None)
        self.assertEqual(baseline.name, "0.2.0")
        self.assertIn("release 0.2.0", why)

    def test_at_a_release_commit_the_release_before_it_is_the_baseline(self) -> None:
        baseline, why = check_api.choose_baseline(self.record, "b" * 40, None)
        self.assertEqual(baseline.name, "0.1.0")
        self.assertIn("HEAD is release 0.2.0", why)

    def test_no_release_is_an_error_not_a_pass(self) -> None:
        with self.assertRaisesRegex(releases.RecordError, "no baseline"):
            check_api.choose_baseline([], "c" * 40, None)
        with self.assertRaisesRegex(releases.RecordError, "no release 0.9.0"):
            check_api.choose_baseline(self.record, "c" * 40, "0.9.0")


class DeclarationTests(unittest.TestCase):
    def test_a_break_is_declared_by_a_bumping_section_or_unreleased(self) -> None:
        declared = HEADER.replace("## [Unreleased]\n", "## [Unreleased]\n### Removed\n- x\n")
        self.assertEqual(check_api.declaring_sections(declared, (0, 2, 0))[0], {"Unreleased": "- x\n"})
        bumped = HEADER + "## [0.3.0] - 2026-03-01\n### Changed\n- y\n### Added\n- z\n\n## [0.2.0]\n"
        self.assertEqual(check_api.declaring_sections(bumped, (0, 2, 0))[0], {"0.3.0": "- y"})

    def test_a_patch_or_a_section_without_the_heading_does_not_declare(self) -> None:
        patch = HEADER + "## [0.2.1] - 2026-03-01\n### Changed\n- y\n\n## [0.2.0] - 2026-02-01\n"
        declaring, others = check_api.declaring_sections(patch, (0, 2, 0))
        self.assertEqual((declaring, others), ({}, ["Unreleased", "0.2.1"]))
        silent = HEADER + "## [0.3.0] - 2026-03-01\n### Added\n- y\n"
        self.assertEqual(check_api.declaring_sections(silent, (0, 2, 0))[0], {})

    def test_each_break_must_be_named_by_an_entry(self) -> None:
        breaks = ["Func ActorStore.settle() has been removed",
                  "Constructor Reply.init(_:) has been removed",
                  "Var Store.model has declared type change from A to B",
                  "Accessor TestStore.exhaustivity.Get() has been removed"]
        self.assertEqual([check_api.broken_name(b) for b in breaks],
                         ["settle", "Reply", "model", "exhaustivity"])
        declaring = {"Unreleased": "- `Store.settle()` is internal; `Reply` is generic over its failure"}
        self.assertEqual(check_api.undeclared_breaks(breaks, declaring), breaks[2:])
        self.assertEqual(check_api.undeclared_breaks(breaks[:1], {"0.3.0": "- unsettled things"}),
                         breaks[:1], "a name inside another word does not declare it")


if __name__ == "__main__":
    unittest.main()
