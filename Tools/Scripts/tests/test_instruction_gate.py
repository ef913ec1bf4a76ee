"""Tests of check-instructions.py's verdict and arithmetic (the callgrind runs themselves are CI's
`make check-instructions`)."""

from __future__ import annotations

import importlib.util
import unittest
from pathlib import Path
from unittest import mock

SCRIPTS = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("check_instructions", SCRIPTS / "check-instructions.py")
gate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gate)


class VerdictTests(unittest.TestCase):
    def test_within_the_tolerance_passes_and_beyond_it_fails(self) -> None:
        self.assertTrue(gate.verdict(295.0, 290, 2)[0])
        passed, note = gate.verdict(296.0, 290, 2)
        self.assertFalse(passed)
        self.assertIn("+2.1% over budget (limit 295.8)", note)

    def test_a_figure_well_below_asks_for_a_lower_budget(self) -> None:
        passed, note = gate.verdict(250.0, 290, 2)
        self.assertTrue(passed)
        self.assertIn("lower it", note)

    def test_a_missing_budget_fails(self) -> None:
        self.assertFalse(gate.verdict(100.0, 0, 2)[0])


class AllocationTests(unittest.TestCase):
    def test_a_message_that_allocates_fails_a_budget_of_zero(self) -> None:
        self.assertTrue(gate.allocation_verdict(0.0, 0)[0])
        self.assertTrue(gate.allocation_verdict(0.005, 0)[0])
        passed, note = gate.allocation_verdict(1.0, 0)
        self.assertFalse(passed)
        self.assertIn("1.00 allocations a message, budget 0: over budget", note)

    def test_allocations_are_read_from_memcheck_and_differenced(self) -> None:
        runs = {
            1_000: "==1==   total heap usage: 1,243 allocs, 180 frees, 90,873 bytes allocated",
            21_000: "==1==   total heap usage: 21,243 allocs, 20,180 frees, 990,873 bytes allocated",
        }

        def run(arguments, **_):
            return mock.Mock(returncode=0, stderr=runs[int(arguments[-1])])

        with mock.patch.object(gate.subprocess, "run", side_effect=run):
            figure = gate.per_message(Path("x"), ["b7-inline"], [1_000, 21_000], gate.allocations)
        self.assertEqual(figure, 1.0)

    def test_a_run_memcheck_cannot_read_is_reported(self) -> None:
        result = mock.Mock(returncode=0, stderr="no summary")
        with mock.patch.object(gate.subprocess, "run", return_value=result):
            with self.assertRaisesRegex(RuntimeError, "memcheck"):
                gate.allocations(Path("x"), ["b1"], 10)


class ArithmeticTests(unittest.TestCase):
    def test_instructions_a_message_are_a_difference_of_two_runs(self) -> None:
        totals = {1_000: 5_000_000, 21_000: 10_800_000}
        with mock.patch.object(gate, "instructions", lambda binary, mode, n: totals[n]):
            self.assertEqual(gate.per_message(Path("x"), ["b1"], [1_000, 21_000]), 290.0)

    def test_a_failed_run_is_reported_not_read_as_zero(self) -> None:
        result = mock.Mock(returncode=1, stderr="VALGRIND INTERNAL ERROR")
        with mock.patch.object(gate.subprocess, "run", return_value=result):
            with self.assertRaisesRegex(RuntimeError, "failed"):
                gate.instructions(Path("x"), ["b6"], 10)


if __name__ == "__main__":
    unittest.main()
