"""A tally of named checks, printed as they pass or fail: what the end-to-end scripts share.

Used by inspector-e2e.py and check-install.py, which print `ok: …` or `FAILED: …` for each check
and end with `N passed, M failed`.
"""

from __future__ import annotations


class Checks:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, condition: bool, what: str) -> None:
        if condition:
            self.passed += 1
            print(f"ok: {what}")
        else:
            self.failed += 1
            print(f"FAILED: {what}")
