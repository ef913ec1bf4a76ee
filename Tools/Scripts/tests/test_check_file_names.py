"""Tests of check-file-names.py, on Swift files written to a temporary folder."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "check-file-names.py"


class CheckFileNamesTests(unittest.TestCase):
    def run_on(self, files: dict[str, str], *flags: str) -> subprocess.CompletedProcess[str]:
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        for name, text in files.items():
            (Path(folder.name) / name).write_text(text, encoding="utf-8")
        return subprocess.run([sys.executable, str(SCRIPT), *flags, folder.name], capture_output=True, text=True)

    def test_a_file_named_after_its_type_and_private_helpers_pass(self) -> None:
        result = self.run_on({
            "Store.swift": "public final class Store {}\nprivate struct Helper {}\n",
            "Store+Listen.swift": "extension Store {}\n",
        }, "--strict")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("0 of 2 files", result.stdout)

    def test_a_type_in_a_file_of_another_name_fails_when_strict(self) -> None:
        files = {"Consequences.swift": "public struct SentMessage {}\n"}
        result = self.run_on(files, "--strict")
        self.assertEqual(result.returncode, 1)
        self.assertIn("Consequences.swift: SentMessage", result.stdout)
        self.assertEqual(self.run_on(files).returncode, 0, "without --strict it only reports")

    def test_a_small_helper_beside_the_main_type_passes_and_a_large_one_fails(self) -> None:
        small = "package struct PendingMessage {\n  let number: Int\n}\n"
        large = "struct Bulky {\n" + "  let field: Int\n" * 12 + "}\n"
        main = "package protocol LoopDriver: AnyObject {}\n"
        self.assertEqual(self.run_on({"LoopDriver.swift": main + small}, "--strict").returncode, 0)
        result = self.run_on({"LoopDriver.swift": main + large}, "--strict")
        self.assertEqual(result.returncode, 1)
        self.assertIn("LoopDriver.swift: Bulky", result.stdout)
        result = self.run_on({"Helpers.swift": small}, "--strict")
        self.assertEqual(result.returncode, 1, "a helper needs the main type it serves beside it")

    def test_a_missing_path_is_a_clear_error(self) -> None:
        result = subprocess.run([sys.executable, str(SCRIPT), "/nonexistent/folder"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 2)
        self.assertIn("not a Swift file or a folder", result.stderr)


if __name__ == "__main__":
    unittest.main()
