"""Tests of check-store-hosts.py, on Swift files written to a temporary folder."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "check-store-hosts.py"

PROTOCOL = """public protocol StoreHost<Model>: AnyObject, Sendable {
  associatedtype Model: Sendable
  func start() async
  var isStopped: Bool { get async }
}
"""


class CheckStoreHostsTests(unittest.TestCase):
    def run_on(self, store: str, actor: str) -> subprocess.CompletedProcess[str]:
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        root = Path(folder.name)
        (root / "StoreHost.swift").write_text(PROTOCOL, encoding="utf-8")
        (root / "Store.swift").write_text(store, encoding="utf-8")
        (root / "ActorStore.swift").write_text(actor, encoding="utf-8")
        return subprocess.run([sys.executable, str(SCRIPT), folder.name], capture_output=True, text=True)

    def test_the_same_members_on_both_hosts_pass(self) -> None:
        result = self.run_on(
            "@MainActor\npublic final class Store<Model> {\n  public func start() {}\n"
            "  public var isStopped: Bool { false }\n  public subscript(x: Int) -> Int { x }\n}\n",
            "public actor ActorStore<Model> {\n  public func start() {}\n"
            "  public var isStopped: Bool { false }\n  public func perform() {}\n}\n")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("2 public names on both hosts", result.stdout)

    def test_a_member_on_one_host_only_fails(self) -> None:
        result = self.run_on(
            "public final class Store<Model> {\n  public func start() {}\n  public var isStopped: Bool { false }\n"
            "}\nextension Store {\n  public func listen() {}\n}\n",
            "public actor ActorStore<Model> {\n  public func start() {}\n  public var isStopped: Bool { false }\n}\n")
        self.assertEqual(result.returncode, 1)
        self.assertIn("Store.listen is public but ActorStore has no `listen`", result.stderr)

    def test_a_requirement_a_host_lacks_fails(self) -> None:
        result = self.run_on(
            "public final class Store<Model> {\n  public func start() {}\n  public var isStopped: Bool { false }\n}\n",
            "public actor ActorStore<Model> {\n  public func start() {}\n}\n")
        self.assertEqual(result.returncode, 1)
        self.assertIn("StoreHost requires `isStopped` but ActorStore", result.stderr)


if __name__ == "__main__":
    unittest.main()
