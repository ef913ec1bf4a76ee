#!/usr/bin/env python3
"""The inspector in a real browser: headless Chromium, driven by Selenium, against `todo --inspect`.

`make inspector-e2e` builds the App and runs this script. It needs Debian's `chromium` and
`chromium-driver` and Selenium from PyPI (`apt-get install -y chromium chromium-driver`,
`pip install selenium`).

What it checks, in a temporary data folder:
- `todo --inspect` prints `Inspector: http://127.0.0.1:PORT/?token=…` on standard error;
- the page loads and goes live; after `add buy milk` is typed into the app, the page lists
  `TodoMessage.added` and, once selected, shows its cause chain back to the typed line (an external
  message) and its model changes, which hold the title;
- a page opened afterwards (a reload) lists the same messages;
- a wrong token and a foreign `Origin` are refused (403), and so is a request without a token (401).

It prints how long the added item took to appear in the page after the line was written to the
app (the app's own work included), and `N passed, 0 failed` at the end; the exit status is 1 if a
check failed. `--screenshot FILE` saves the page with the message selected.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as conditions
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20


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


def status_of(url: str, headers: dict[str, str] | None = None) -> int:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def browser() -> webdriver.Chrome:
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", default=str(ROOT / "App/.build/debug/todo"), help="the todo executable")
    parser.add_argument("--screenshot", help="save the page, a message selected, to this PNG")
    arguments = parser.parse_args()
    checks = Checks()

    with tempfile.TemporaryDirectory() as folder:
        app = subprocess.Popen(
            [arguments.app, "--data-dir", os.path.join(folder, "todo"), "--inspect"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        driver = None
        try:
            line = app.stderr.readline().strip()
            match = re.fullmatch(r"Inspector: (http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))", line)
            checks.check(match is not None, f"todo --inspect prints the address ({line!r})")
            if match is None:
                return 1
            url, port, token = match.group(1), match.group(2), match.group(3)

            checks.check(status_of(f"http://127.0.0.1:{port}/") == 401, "a request without the token is refused (401)")
            wrong = url.replace(token, token[::-1])
            checks.check(status_of(wrong) == 403, "a wrong token is refused (403)")
            checks.check(
                status_of(url, {"Origin": "http://evil.example"}) == 403, "a foreign Origin is refused (403)")

            driver = browser()
            wait = WebDriverWait(driver, TIMEOUT, poll_frequency=0.02)
            driver.get(wrong)
            checks.check("Wrong token" in driver.find_element(By.TAG_NAME, "body").text,
                         "the browser shows the refusal of a wrong token")
            driver.get(url)
            wait.until(conditions.text_to_be_present_in_element((By.ID, "status"), "live"))
            checks.check(True, "the page loads and goes live")

            app.stdin.write("register ada password1\nlogin ada password1\n")
            app.stdin.flush()
            wait.until(lambda d: "signedIn" in d.find_element(By.ID, "rows").text)
            written = time.monotonic()
            app.stdin.write("add buy milk\n")
            app.stdin.flush()
            added = (By.XPATH, "//div[contains(@class,'row')][.//span[contains(., 'TodoMessage.added')]]")
            wait.until(conditions.presence_of_element_located(added))
            latency = time.monotonic() - written
            checks.check(True, f"`add buy milk` appears in the page ({latency * 1000:.0f} ms after the line)")

            # The list redraws its rows as messages arrive (the clock ticks): find and click in one go.
            def click_added(d: webdriver.Chrome) -> bool:
                d.find_element(*added).click()
                return True

            WebDriverWait(driver, TIMEOUT, poll_frequency=0.02,
                          ignored_exceptions=[StaleElementReferenceException]).until(click_added)
            panel = wait.until(lambda d: d.find_element(By.ID, "panel") if "Cause chain" in d.find_element(
                By.ID, "panel").text else False)
            chain = panel.find_element(By.CSS_SELECTOR, "ol.chain").text
            checks.check("[external]" in chain and "buy milk" in chain and chain.count("\n") >= 2,
                         "its cause chain runs from the typed line to it")
            changes = panel.find_element(By.CSS_SELECTOR, "table.changes").text
            checks.check("buy milk" in changes, "its model changes show the title")
            checks.check("password1" not in driver.execute_script("return JSON.stringify(session.messages)"),
                         "no password reaches the page")
            if arguments.screenshot:
                driver.save_screenshot(arguments.screenshot)

            # The app goes on (its clock ticks each second): the reloaded page holds at least what the
            # first one had, the same messages from m1 on.
            before = driver.execute_script("return session.messages.map((m) => m.id + ' ' + m.value)")
            driver.refresh()
            wait.until(conditions.text_to_be_present_in_element((By.ID, "status"), "live"))
            after = driver.execute_script("return session.messages.map((m) => m.id + ' ' + m.value)")
            checks.check(after[: len(before)] == before and before[0].startswith("1 "),
                         f"a reloaded page receives the whole session ({len(after)} messages)")
        finally:
            if driver is not None:
                driver.quit()
            app.stdin.close()
            try:
                app.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                app.kill()
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
