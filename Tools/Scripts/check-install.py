#!/usr/bin/env python3
"""`make install` and `make uninstall`, and the installed app run from outside the repository.

`make check-install` runs it (`CONFIGURATION=debug` installs the debug build that `make test` made,
as `.ci/run` does, instead of building the release). What it checks, in a temporary folder:
- a PREFIX that cannot be written fails at once, naming the folder, and builds nothing;
- `make install PREFIX=…` puts `todo` in PREFIX/bin, executable, and beside it the resource bundle
  of the inspector's page (`Bundle.module` looks there first), with the build's files;
- the installed `todo`, run from another folder with a data folder of its own, prints its version,
  and a scripted session (register, login, add, list, quit) lists the added item;
- `todo --inspect` serves its page, which it reads from the installed resources;
- `make install DESTDIR=… PREFIX=/usr` stages under DESTDIR/usr/bin;
- `make uninstall PREFIX=…` removes everything `make install` put there, and leaves bin/ itself.

It prints `N passed, 0 failed` at the end; the exit status is 1 if a check failed.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import re
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from checks import Checks  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 30


def make(*arguments: str, configuration: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), *arguments, f"CONFIGURATION={configuration}"],
        capture_output=True, text=True)


def failure(result: subprocess.CompletedProcess[str]) -> str:
    return "" if result.returncode == 0 else f" (exit {result.returncode}):\n{result.stdout}{result.stderr}"


def bundles(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir() if path.suffix in (".resources", ".bundle") and path.is_dir()}


def same_files(left: Path, right: Path) -> bool:
    if not right.is_dir():
        return False
    comparison = filecmp.dircmp(left, right)
    if comparison.left_only or comparison.right_only or comparison.funny_files:
        return False
    if filecmp.cmpfiles(left, right, comparison.common_files, shallow=False)[1:] != ([], []):
        return False
    return all(same_files(left / name, right / name) for name in comparison.common_dirs)


def check_session(todo: Path, folder: Path, checks: Checks) -> None:
    version = subprocess.run([str(todo), "--version"], cwd=folder, capture_output=True, text=True, timeout=TIMEOUT)
    checks.check(version.returncode == 0 and version.stdout.strip() != "",
                 f"the installed todo prints its version from another folder ({version.stdout.strip()!r})")
    session = subprocess.run(
        [str(todo), "--data-dir", str(folder / "data")], cwd=folder, capture_output=True, text=True, timeout=TIMEOUT,
        input="register ada password1\nlogin ada password1\nadd Buy milk\nlist\nquit\n")
    checks.check(session.returncode == 0 and "1. [ ] Buy milk" in session.stdout,
                 f"a scripted session adds an item and lists it (exit {session.returncode}; {session.stderr.strip()!r})")
    checks.check((folder / "data" / "todo.sqlite").is_file(), "the session stored its list in the data folder")


def check_inspector(todo: Path, folder: Path, checks: Checks) -> None:
    app = subprocess.Popen(
        [str(todo), "--data-dir", str(folder / "data"), "--inspect"], cwd=folder,
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        line = app.stderr.readline().strip()
        match = re.search(r"Inspector: (http://\S+)", line)
        checks.check(match is not None, f"the installed todo --inspect prints the address ({line!r})")
        if match is None:
            return
        try:
            with urllib.request.urlopen(match.group(1), timeout=TIMEOUT) as response:
                status, page = response.status, response.read().decode("utf-8")
        except urllib.error.URLError as error:
            status, page = getattr(error, "code", 0), ""
        checks.check(status == 200 and "<script" in page and "{{" not in page,
                     f"the inspector serves its page, filled from the installed resources (status {status})")
    finally:
        app.communicate("quit\n", timeout=TIMEOUT)
    checks.check(app.returncode == 0, f"the inspected app quits (exit {app.returncode})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--configuration", default="release", help="the build to install: release or debug")
    configuration = parser.parse_args().configuration
    built = ROOT / "App" / ".build" / configuration
    checks = Checks()

    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        blocker = folder / "file"
        blocker.write_text("not a folder\n")
        refused = make("install", f"PREFIX={blocker}/prefix", configuration=configuration)
        said = (refused.stderr.splitlines() or [""])[0]
        checks.check(refused.returncode != 0 and f"cannot write to {blocker}/prefix/bin" in said
                     and "Build" not in refused.stdout,
                     f"an unwritable PREFIX fails before the build, naming it ({said!r})")

        prefix = folder / "prefix"
        bin_folder = prefix / "bin"
        installed = make("install", f"PREFIX={prefix}", configuration=configuration)
        checks.check(installed.returncode == 0, f"make install PREFIX={prefix} succeeds{failure(installed)}")
        if installed.returncode != 0:
            print(f"{checks.passed} passed, {checks.failed + 1} failed")
            return 1
        todo = bin_folder / "todo"
        checks.check(todo.is_file() and os.access(todo, os.X_OK), "todo is installed in PREFIX/bin, executable")
        # GRDB's bundle holds only Apple's privacy manifest, which nothing reads at run time.
        expected = {name for name in bundles(built) if name.startswith("InspectorPage_InspectorPage.")}
        checks.check(len(expected) == 1 and bundles(bin_folder) == expected,
                     f"the inspector page's resource bundle is installed beside it ({sorted(expected)})")
        checks.check(all(same_files(built / name, bin_folder / name) for name in expected),
                     "the installed bundles hold the build's files")

        check_session(todo, folder, checks)
        check_inspector(todo, folder, checks)

        staged = folder / "stage"
        staging = make("install", f"DESTDIR={staged}", "PREFIX=/usr", configuration=configuration)
        checks.check(staging.returncode == 0 and (staged / "usr/bin/todo").is_file(),
                     f"DESTDIR stages the install under DESTDIR/PREFIX{failure(staging)}")

        removed = make("uninstall", f"PREFIX={prefix}", configuration=configuration)
        left = sorted(path.name for path in bin_folder.iterdir()) if bin_folder.is_dir() else None
        checks.check(removed.returncode == 0 and left == [],
                     f"make uninstall removes todo and its bundles and leaves bin/ (left: {left}){failure(removed)}")

    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
