#!/usr/bin/env python3
"""Check that `Store` and `ActorStore` offer one public surface (`make check-hosts`, in `make test`).

Both hosts of the loop conform to the protocol `StoreHost`, which declares what they share. This
check catches a public member added to one host and forgotten on the other: every public member of
`Store` or `ActorStore` (by base name, in their declarations and extensions under the sources) must
be a requirement of `StoreHost`, or be declared by both hosts (what depends on the isolation, such
as a closure that receives the store), or be listed below as belonging to one host, with the reason.

Usage: Tools/Scripts/check-store-hosts.py [SOURCES]
  SOURCES  Core's sources (default: Packages/Core/Sources/Core)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Members only one host has, and why.
ONLY = {
    "Store": {
        "subscript": "Observation of one slice: only a main-actor store is Observable",
    },
    "ActorStore": {
        "perform": "runs many sends on the actor without a hop each; a Store is on the caller's actor",
    },
}

MEMBER = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*public\s+(?:nonisolated\s+)?(?:static\s+)?(?:convenience\s+)?"
    r"(?:(?:func|var|let)\s+(?P<name>\w+)|(?P<init>init)\b|(?P<subscript>subscript)\b)"
)
TYPE = re.compile(r"^(?:@[\w.]+\s+)*(?:public\s+)?(?:final\s+)?(?:class|actor|extension)\s+(\w+)\b")


def public_members(sources: Path) -> dict[str, set[str]]:
    """The base names of the public members of each host, in their declarations and extensions."""
    members: dict[str, set[str]] = {"Store": set(), "ActorStore": set()}
    for path in sorted(sources.rglob("*.swift")):
        owner: str | None = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if declaration := TYPE.match(line):
                owner = declaration[1] if declaration[1] in members else None
            elif owner and (member := MEMBER.match(line)):
                members[owner].add(member["name"] or member["init"] or member["subscript"])
    return members


def requirements(protocol: Path) -> set[str]:
    names: set[str] = set()
    for line in protocol.read_text(encoding="utf-8").splitlines():
        if found := re.match(r"^\s{2}(?:@\w+\s+)*(?:func|var)\s+(\w+)", line):
            names.add(found[1])
    return names


def main() -> int:
    sources = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "Packages" / "Core" / "Sources" / "Core"
    protocol = next(sources.rglob("StoreHost.swift"), None)
    if protocol is None:
        print(f"hosts: no StoreHost.swift under {sources}", file=sys.stderr)
        return 1
    required = requirements(protocol)
    members = public_members(sources)
    problems: list[str] = []
    for host, other in (("Store", "ActorStore"), ("ActorStore", "Store")):
        for name in sorted(members[host] - members[other] - set(ONLY[host])):
            problems.append(f"{host}.{name} is public but {other} has no `{name}`: add it to both (and to"
                            f" StoreHost if its shape allows), or list it in ONLY with the reason")
        for name in sorted(required - members[host]):
            problems.append(f"StoreHost requires `{name}` but {host} declares no public `{name}`")
    for problem in problems:
        print(f"hosts: {problem}", file=sys.stderr)
    if problems:
        return 1
    shared = members["Store"] & members["ActorStore"]
    print(f"hosts: one surface: {len(shared)} public names on both hosts ({len(required)} StoreHost requirements)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
