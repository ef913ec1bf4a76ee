"""Tests of check-impl-layout.py, on Impl packages written to a temporary folder."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "check-impl-layout.py"


class CheckImplLayoutTests(unittest.TestCase):
    def run_on(self, files: list[str]) -> subprocess.CompletedProcess[str]:
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        for name in files:
            path = Path(folder.name) / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("// a Swift file\n", encoding="utf-8")
        return subprocess.run([sys.executable, str(SCRIPT), folder.name], capture_output=True, text=True)

    GOOD = [
        "PaymentsImpl/Sources/PaymentsImpl/PaymentsFeature.swift",
        "PaymentsImpl/Sources/PaymentsImpl/PaymentsEnvironment.swift",
        "PaymentsImpl/Sources/PaymentsImpl/Updaters/PaymentsUpdater.swift",
        "PaymentsImpl/Sources/PaymentsImpl/Updaters/RefundUpdater+Retry.swift",
        "PaymentsImpl/Sources/PaymentsImpl/Interpreters/PaymentsInterpreter+Import.swift",
        "PaymentsImpl/Sources/PaymentsImpl/Subscriptions/PaymentsSubscriptions.swift",
        "PaymentsImpl/Sources/PaymentsImpl/Database/PaymentsTable.swift",
        "PaymentsAPI/Sources/PaymentsAPI/PaymentsUpdater.swift",
    ]

    def test_the_generated_layout_passes_and_api_packages_are_not_checked(self) -> None:
        result = self.run_on(self.GOOD)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("1 Impl packages, 0 problems", result.stdout)

    def test_an_updater_or_interpreter_elsewhere_is_named_with_its_folder(self) -> None:
        result = self.run_on(self.GOOD + [
            "PaymentsImpl/Sources/PaymentsImpl/PaymentsUpdater+Undo.swift",
            "PaymentsImpl/Sources/PaymentsImpl/Interpreter/CardInterpreter.swift",
        ])
        self.assertEqual(result.returncode, 1)
        self.assertIn("Interpreter/CardInterpreter.swift: belongs under", result.stdout)
        self.assertIn("PaymentsImpl/Interpreters/", result.stdout)
        self.assertIn("2 problems", result.stdout)

    def test_a_package_without_its_feature_function_fails(self) -> None:
        result = self.run_on(self.GOOD[1:])
        self.assertEqual(result.returncode, 1)
        self.assertIn("no PaymentsFeature.swift at the root", result.stdout)

    def test_a_missing_folder_is_a_clear_error(self) -> None:
        result = subprocess.run([sys.executable, str(SCRIPT), "/nonexistent/folder"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 2)
        self.assertIn("is not a folder", result.stderr)


if __name__ == "__main__":
    unittest.main()
