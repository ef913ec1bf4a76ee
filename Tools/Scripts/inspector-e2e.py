#!/usr/bin/env python3
"""The inspector in a real browser: headless Chromium, driven by Selenium, against `todo --inspect`.

`make inspector-e2e` builds the App and the `trace` tool and runs this script. It needs Debian's `chromium` and
`chromium-driver` and Selenium from PyPI (`apt-get install -y chromium chromium-driver`,
`pip install selenium`).

What it checks, in a temporary data folder:
- `todo --inspect` prints `Inspector: http://127.0.0.1:PORT/?token=…` on standard error;
- the page loads and goes live; after `add buy milk` is typed into the app, the page lists
  `TodoMessage.added` and, once selected, shows its cause chain back to the typed line (an external
  message) and its model changes, which hold the title;
- a page opened afterwards (a reload) lists the same messages; a page told to keep 5 messages
  (`&keep=5`) keeps the newest and says it let the others go;
- the page's Send panel offers `TodoApp.AppMessage`, prefilled with the payload of the last one;
  `add buy bread` sent from it is listed with the cause `from inspector`, its item's cause chain
  starts `[from inspector]`, and the app's own `list` shows the item; an export (a path) is refused
  by the app's registration and JSON that is not an `AppMessage` gets an error on the page, which
  stays live;
- closing the app's input while the page holds it paused ends the app: it resumes by itself, says
  so, applies what waited and exits;
- time travel: "Pause the app here" on the listing that showed `buy milk` pauses the app, which
  prints the page shown then (buy milk, not yet buy bread), while the page greys out the
  messages after it; a line typed meanwhile waits; Resume
  returns to the present and applies it, after the app says it resumed;
- a trace file: the session exported from the page, opened with "Open a trace file" in the live
  page, then in the page saved to disk and opened with no app (file://), lists every message and
  shows a cause chain;
- `trace html`: the same page, written by `trace html` with the exported session embedded and
  opened from file://, lists every message, shows a message's cause chain, names the selection in
  its address (`#m12`, which selects it when opened), draws a title holding `</script>` and markup
  as text, holds no password; with `--type`, only the chains kept; a 20,000-link chain shows its
  last 1,000 steps, and a trace file whose causes loop ends its chain where it repeats;
- a small model's trace file: the model after a message is one tree, the start's rendering with
  every change up to it applied (items added, one removed, a field changed);
- a wrong token and a foreign `Origin` are refused (403), and so is a request without a token (401).

It prints how long the added item took to appear in the page after the line was written to the
app (the app's own work included), and `N passed, 0 failed` at the end; the exit status is 1 if a
check failed. `--screenshot FILE` saves the page with the message selected.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as conditions
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parent))
from checks import Checks  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20


class Output:
    """The app's standard output, read line by line on a thread of its own."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.changed = threading.Condition()

    def read(self, stream) -> None:
        for text in stream:
            with self.changed:
                self.lines.append(text)
                self.changed.notify_all()

    def wait_for(self, text: str) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: any(text in line for line in self.lines), timeout=TIMEOUT)


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


def bounded_page(driver: webdriver.Chrome, wait: WebDriverWait, url: str, checks: Checks) -> None:
    """Opens the page told to keep 5 messages (`&keep=5`; 200,000 by default): it lets the oldest
    go, says so, and keeps the newest; then returns to the ordinary page."""
    total = driver.execute_script("return session.messages.length")
    driver.get(url + "&keep=5")
    wait.until(conditions.text_to_be_present_in_element((By.ID, "status"), "live"))
    kept, forgotten, newest = driver.execute_script(
        "return [session.messages.length, session.forgotten, session.messages.at(-1).id]")
    checks.check(kept <= 5 and forgotten >= total - 5 and newest >= total,
                 f"a page told to keep 5 messages keeps the newest {kept} and lets {forgotten} go")
    checks.check("keeps the newest 5 messages" in driver.find_element(By.ID, "notice-text").text,
                 "and says so, pointing to the trace file")
    driver.get(url)
    wait.until(conditions.text_to_be_present_in_element((By.ID, "status"), "live"))


def send_from_page(driver: webdriver.Chrome, wait: WebDriverWait, app: subprocess.Popen[str],
                   output: Output, checks: Checks) -> None:
    """Sends `add buy bread` from the page's Send panel, then two sends the app refuses."""
    wait.until(lambda d: d.find_element(By.ID, "send").is_displayed())
    driver.find_element(By.CSS_SELECTOR, "#send summary").click()
    types = [option.text for option in driver.find_elements(By.CSS_SELECTOR, "#send-type option")]
    checks.check(types == ["TodoApp.AppMessage"], f"the Send panel offers the app's inspectable types ({types})")
    template = driver.find_element(By.ID, "send-json").get_attribute("value")
    # The last AppMessage was the `list` typed after `add buy milk`.
    checks.check('"list"' in template, f"it is prefilled with the last AppMessage's payload ({template})")

    def intent(payload: dict) -> str:
        """The prefilled message with its intent replaced by `payload`."""
        message = json.loads(template)
        message["intent"]["_0"] = payload
        return json.dumps(message)

    def send(json: str) -> str:
        box = driver.find_element(By.ID, "send-json")
        box.clear()
        box.send_keys(json)
        driver.find_element(By.ID, "send-button").click()
        wait.until(lambda d: d.find_element(By.ID, "send-status").get_attribute("class") in ("sent", "error"))
        return driver.find_element(By.ID, "send-status").text

    answer = send(intent({"add": {"title": "buy bread"}}))
    checks.check(answer.startswith("Sent"), f"the page's send is answered ({answer!r})")
    sent = (By.XPATH, "//div[contains(@class,'row')][.//span[@class='tool']]"
                      "[.//span[contains(., 'AppMessage.intent') and contains(., 'buy bread')]]")
    # The list is drawn anew whenever a message arrives, so a row found a moment ago may be gone:
    # find and read it in one step, again if it went stale in between.
    tool = WebDriverWait(driver, TIMEOUT, poll_frequency=0.02,
                         ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: d.find_element(*sent).find_element(By.CLASS_NAME, "tool").text)
    checks.check(tool == "from inspector", "the sent message is listed with the cause `from inspector`")
    added = (By.XPATH, "//div[contains(@class,'row')][.//span[contains(., 'TodoMessage.added')"
                       " and contains(., 'buy bread')]]")

    def click_added(d: webdriver.Chrome) -> bool:
        d.find_element(*added).click()
        return "Cause chain" in d.find_element(By.ID, "panel").text and "buy bread" in d.find_element(
            By.CSS_SELECTOR, "#panel h2").text

    WebDriverWait(driver, TIMEOUT, poll_frequency=0.02,
                  ignored_exceptions=[StaleElementReferenceException]).until(click_added)
    chain = driver.find_element(By.CSS_SELECTOR, "#panel ol.chain").text
    checks.check(chain.startswith("[from inspector]") and "AppMessage.intent" in chain,
                 "the added item's cause chain starts at the inspector")
    app.stdin.write("list\n")
    app.stdin.flush()
    checks.check(output.wait_for("[ ] buy bread"), "the app's own list shows the item sent from the page")

    refused = send(intent({"exportCSV": {"path": "/tmp/x.csv", "replacing": True}}))
    checks.check("does not accept" in refused, f"an export sent from the page is refused ({refused!r})")
    mistyped = send('{"intent":{"_0":{"add":{}}}}')
    checks.check(mistyped.startswith("The JSON is not a TodoApp.AppMessage"),
                 f"JSON that is not an AppMessage gets an error on the page ({mistyped!r})")
    checks.check("live" in driver.find_element(By.ID, "status").text, "the page stays connected after the errors")


def show_only(driver: webdriver.Chrome, text: str) -> None:
    """Types `text` into the page's filter, so that the rows holding it are drawn (the list draws
    only the rows in view, and follows the newest)."""
    box = driver.find_element(By.ID, "filter-text")
    box.clear()
    if text:
        box.send_keys(text)
    else:
        driver.execute_script("arguments[0].dispatchEvent(new Event('input'))", box)


def measure_latency(driver: webdriver.Chrome, app: subprocess.Popen[str], checks: Checks, count: int = 20) -> None:
    """Types `count` lines, one at a time, each once the page shows the previous one's item, and
    prints two delays for each line's item message, both read in the page's own clock
    (`Date.now()` at its arrival: no polling in it): from processing to the page (the trace's start
    `wallTime`, in milliseconds, plus the message's `time` since then: the issue's measure), and
    from writing the line (which adds the app's own work, a database write). Printed, not asserted:
    the machines that run it are noisy."""
    processed, typed = [], []
    for number in range(1, count + 1):
        title = f"latency {number},"
        written = time.time()
        app.stdin.write(f"add latency {number}\n")
        app.stdin.flush()
        received, at = WebDriverWait(driver, TIMEOUT, poll_frequency=0.01).until(lambda d: d.execute_script(
            "const m = session.messages.find((m) => m.type.endsWith('TodoMessage') && m.value.startsWith("
            "'TodoMessage.added') && m.value.includes(arguments[0])); "
            "return m ? [m.received, Date.parse(session.start.wallTime) + m.time * 1000] : null;", title))
        processed.append((received - at) / 1000)
        typed.append(received / 1000 - written)

    def spread(delays: list[float]) -> str:
        delays = sorted(delays)
        p95 = delays[min(len(delays) - 1, int(len(delays) * 0.95))]
        return f"median {delays[len(delays) // 2] * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {delays[-1] * 1000:.0f} ms"

    checks.check(True, f"{count} lines typed one by one reach the page: {spread(processed)} from processing "
                       f"to the page; {spread(typed)} from writing the line")


def pause_at(driver: webdriver.Chrome, wait: WebDriverWait, kind: str, text: str) -> None:
    """Pauses the app with "Pause the app here" on the first message of `kind` that holds `text`,
    and waits for the page's paused banner."""
    row = (By.XPATH, f"//div[contains(@class,'row')][.//span[contains(., '{kind}') and contains(., '{text}')]]")
    show_only(driver, text)

    def pause_there(d: webdriver.Chrome) -> bool:
        d.find_element(*row).click()
        d.find_element(By.ID, "travel-here").click()
        return True

    # The list redraws its rows as messages arrive: find, click and pause in one go, again if stale.
    WebDriverWait(driver, TIMEOUT, poll_frequency=0.02,
                  ignored_exceptions=[StaleElementReferenceException]).until(pause_there)
    wait.until(lambda d: d.find_element(By.ID, "travel").is_displayed())


def travel(driver: webdriver.Chrome, wait: WebDriverWait, app: subprocess.Popen[str],
           output: Output, checks: Checks) -> None:
    """Pauses the app at the listing that showed `buy milk` (before `buy bread` was added), types a
    line while paused, and resumes."""
    pause_at(driver, wait, "TodoMessage.pageRead", "buy milk")
    show_only(driver, "")
    banner = driver.find_element(By.ID, "travel-text").text
    number = re.search(r"Paused at m(\d+)", banner)
    checks.check(number is not None, f"the page says the app is paused at the message ({banner[:40]!r})")
    if number is None:
        return
    header = f"Paused by the inspector at m{number.group(1)}"
    checks.check(output.wait_for(header), "the app says it is paused at that message")
    checks.check(output.wait_for("Input waits until you resume"), "the app shows the list as it was, then waits")
    with output.changed:
        start = next(index for index, line in enumerate(output.lines) if header in line)
        past = "".join(output.lines[start:])
    checks.check("buy milk" in past and "buy bread" not in past and "The list as it was shown then" in past,
                 "the app's paused view is the page shown then: buy milk, not yet buy bread")
    # The list redraws its rows as messages arrive (the clock ticks): find a row and read its class
    # in one call, until one is drawn.
    def row_class(title: str) -> str:
        show_only(driver, title)
        return wait.until(lambda d: d.execute_script(
            "const row = [...document.querySelectorAll('#rows .row')].find((r) => r.textContent.includes("
            "'TodoMessage.added') && r.textContent.includes(arguments[0])); return row ? row.className : null;",
            title))

    later = row_class("buy bread")
    milk = row_class("buy milk")
    show_only(driver, "")
    checks.check("after-travel" in later and "after-travel" not in milk,
                 f"the page greys out what came after the paused message (buy bread: {later!r}; buy milk: {milk!r})")

    app.stdin.write("add buy eggs\n")
    app.stdin.flush()
    # A negative check: nothing may happen while paused, so it can only be given time. The app reads
    # the line at once; a second is many times what processing it takes.
    time.sleep(1)
    with output.changed:
        checks.check(not any("buy eggs" in line for line in output.lines), "input typed while paused waits")
    checks.check(driver.execute_script("return session.messages.filter((m) => m.value.includes('buy eggs')).length") == 0,
                 "the page shows no message for it while paused")

    driver.find_element(By.ID, "resume").click()
    wait.until(lambda d: not d.find_element(By.ID, "travel").is_displayed())
    checks.check(output.wait_for("Resumed by the inspector"), "resume: the app says it is back in the present")
    checks.check(output.wait_for("buy eggs"), "what was typed while paused is applied after resume")
    with output.changed:
        text = "".join(output.lines)
    checks.check(text.index("Resumed by the inspector") < text.index("buy eggs"),
                 "in order: the app resumes, then applies what waited")
    eggs = (By.XPATH, "//div[contains(@class,'row')][.//span[contains(., 'TodoMessage.added')"
                      " and contains(., 'buy eggs')]]")
    wait.until(conditions.presence_of_element_located(eggs))
    checks.check(True, "the page lists the waited line's message after resume")


def end_while_paused(driver: webdriver.Chrome, wait: WebDriverWait, url: str, app: subprocess.Popen[str],
                     output: Output, checks: Checks) -> None:
    """Pauses the app from a live page, types a line, then closes the app's input (Ctrl-D): the app
    must end the pause itself, apply the line, and exit, with the page still open."""
    driver.get(url)
    wait.until(conditions.text_to_be_present_in_element((By.ID, "status"), "live"))
    pause_at(driver, wait, "TodoMessage.added", "buy milk")
    with output.changed:
        paused = output.changed.wait_for(
            lambda: sum("Paused by the inspector" in line for line in output.lines) >= 2, timeout=TIMEOUT)
    checks.check(paused, "paused again, from a page that stays open")
    app.stdin.write("add buy jam\n")
    app.stdin.flush()
    app.stdin.close()
    # Until issue 59 (defect 1), the app waited for a Resume that never came: it did not exit.
    try:
        status = app.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        status = None
    checks.check(status == 0, f"closing the input while paused ends the app (exit status {status})")
    output.wait_for("buy jam")
    with output.changed:
        text = "".join(output.lines)
    said = "Resumed to end the session (end of input)"
    checks.check(said in text and "buy jam" in text and text.index(said) < text.rindex("buy jam"),
                 "it says it resumed to end the session, then applies the line that waited")


def open_trace_file(driver: webdriver.Chrome, wait: WebDriverWait, url: str, folder: str,
                    checks: Checks) -> str:
    """Downloads the session with the page's export, opens it with "Open a trace file" in the live
    page, then in the page saved to disk and opened with no app (file://)."""
    trace = os.path.join(folder, "session.trace.jsonl")
    with urllib.request.urlopen(url.replace("/?token=", "/trace.jsonl?token="), timeout=TIMEOUT) as response:
        Path(trace).write_bytes(response.read())
    recorded = sum(1 for line in Path(trace).read_text().splitlines() if '"kind":"message"' in line)

    def open_it() -> str:
        chooser = driver.find_element(By.ID, "open-file")
        driver.execute_script("arguments[0].style.display = 'block'", chooser)
        chooser.send_keys(trace)
        wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("file: "))
        return driver.find_element(By.ID, "status").text

    status = open_it()
    checks.check(f"({recorded} messages; not live)" in status,
                 f"the live page opens the exported trace file: {status!r} ({recorded} messages in it)")
    checks.check(driver.execute_script("return session.messages.some((m) => m.value.includes('buy eggs'))"),
                 "the file's messages are listed, the last ones included")

    page = os.path.join(folder, "inspector.html")
    with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
        Path(page).write_bytes(response.read())
    driver.get("file://" + page)
    wait.until(lambda d: "offline" in d.find_element(By.ID, "status").text)
    checks.check(True, "the page saved to disk opens with no app and says it is offline")
    status = open_it()
    checks.check(f"({recorded} messages; not live)" in status, f"offline, it opens the trace file too ({status!r})")
    added = (By.XPATH, "//div[contains(@class,'row')][.//span[contains(., 'TodoMessage.added')"
                       " and contains(., 'buy milk')]]")
    show_only(driver, "buy milk")

    def click_added(d: webdriver.Chrome) -> bool:
        d.find_element(*added).click()
        return "Cause chain" in d.find_element(By.ID, "panel").text

    WebDriverWait(driver, TIMEOUT, poll_frequency=0.02,
                  ignored_exceptions=[StaleElementReferenceException]).until(click_added)
    chain = driver.find_element(By.CSS_SELECTOR, "#panel ol.chain").text
    checks.check("[external]" in chain and "buy milk" in chain, "offline, a message's cause chain is shown")
    return trace


# A title a trace's page must draw as text: the end of a script element, a comment, markup.
AWKWARD = "tag </script><!-- <b>bold</b>"


def add_awkward_item(driver: webdriver.Chrome, wait: WebDriverWait, app: subprocess.Popen[str],
                     checks: Checks) -> None:
    """Adds an item whose title would break out of a script element if a page embedded it raw."""
    app.stdin.write(f"add {AWKWARD}\n")
    app.stdin.flush()
    wait.until(lambda d: d.execute_script(
        "return session.messages.some((m) => m.value.startsWith('TodoMessage.added') && m.value.includes(arguments[0]))",
        AWKWARD))
    checks.check(True, "an item titled with </script> and markup reaches the live page")


def trace_html(driver: webdriver.Chrome, wait: WebDriverWait, tool: str, trace: str, folder: str,
               checks: Checks) -> None:
    """Writes the exported session with `trace html`, the inspector's page with the trace embedded,
    opens it from file:// and checks that it is the same page showing the same session."""
    page = os.path.join(folder, "session.html")
    written = subprocess.run([tool, "html", trace, "-o", page], capture_output=True, text=True, timeout=60)
    checks.check(written.returncode == 0, f"trace html writes the page ({written.stdout.strip() or written.stderr.strip()})")
    if written.returncode != 0:
        return
    recorded = sum(1 for line in Path(trace).read_text().splitlines() if '"kind":"message"' in line)
    driver.get("file://" + page)
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("file: "))
    status = driver.find_element(By.ID, "status").text
    checks.check(status == f"file: session.trace.jsonl ({recorded} messages; not live)",
                 f"the page trace html wrote shows the trace embedded in it: {status!r}")
    checks.check(driver.execute_script("return typeof showTrace === 'function' && typeof connect === 'function'"),
                 "it is the inspector's page, its script the live page's")
    show_only(driver, "buy milk")
    added = (By.XPATH, "//div[contains(@class,'row')][.//span[contains(., 'TodoMessage.added')"
                       " and contains(., 'buy milk')]]")

    def click_added(d: webdriver.Chrome) -> bool:
        d.find_element(*added).click()
        return "Cause chain" in d.find_element(By.ID, "panel").text

    WebDriverWait(driver, TIMEOUT, poll_frequency=0.02,
                  ignored_exceptions=[StaleElementReferenceException]).until(click_added)
    chain = driver.find_element(By.CSS_SELECTOR, "#panel ol.chain").text
    checks.check(chain.startswith("[external]") and "buy milk" in chain and chain.count("\n") >= 2,
                 "in it, `buy milk` is listed and its cause chain runs from the typed line to it")
    changes = driver.find_element(By.CSS_SELECTOR, "#panel table.changes").text
    checks.check("buy milk" in changes, "and its model changes show the title")
    selected = driver.execute_script("return location.hash")
    driver.get("about:blank")
    driver.get("file://" + page + selected)
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("file: "))
    heading = driver.find_element(By.CSS_SELECTOR, "#panel h2").text if driver.find_elements(
        By.CSS_SELECTOR, "#panel h2") else ""
    checks.check(re.fullmatch(r"#m\d+", selected) is not None and heading.startswith(selected[1:] + " ")
                 and "buy milk" in heading,
                 f"the address names the selection, and opening it selects the message again ({selected}: {heading[:40]!r})")
    show_only(driver, "bold")
    # The list is drawn after the filter's input event: wait for the rows, not a fixed time.
    try:
        awkward = WebDriverWait(driver, TIMEOUT, poll_frequency=0.02).until(lambda d: d.execute_script(
            "return [...document.querySelectorAll('#rows .value')].map((cell) => cell.textContent)"
            ".filter((text) => text.includes(arguments[0])).length", AWKWARD))
    except TimeoutException:
        awkward = 0
    checks.check(awkward > 0 and not driver.find_elements(By.CSS_SELECTOR, "b"),
                 f"a title holding </script> and markup is drawn as text, in {awkward} rows, no element made of it")
    checks.check("password1" not in driver.page_source, "no password reaches the page trace html wrote")

    filtered = os.path.join(folder, "milk.html")
    subprocess.run([tool, "html", trace, "--type", "TodoMessage.added", "-o", filtered], check=True,
                   capture_output=True, timeout=60)
    driver.get("file://" + filtered)
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("file: "))
    kept = driver.execute_script("return session.messages.length")
    typed = driver.execute_script("return session.messages.filter((m) => m.cause.kind === 'external').length")
    checks.check(0 < kept < recorded and typed > 0,
                 f"with --type TodoMessage.added it keeps the chains with one: {kept} of {recorded} messages")


def chain_lines(links: int, cycle: bool = False) -> str:
    """A chain as the recorder writes it: m1 from outside emits c1, whose interpreter sends m2, …;
    with `cycle`, m1's cause is the last command instead (which no recorder writes)."""
    lines = ['{"kind":"start","time":0.000000,"format":2,"type":"App.Model"}']
    for number in range(1, links + 2):
        cause = ('{"kind":"external"}' if number == 1 and not cycle else
                 '{"kind":"command","command":%d,"message":%d}' % ((number - 1, number - 1) if number > 1 else (links + 1, links + 1)))
        commands = ',"commands":[{"id":%d,"type":"App.Hop","value":"Hop()"}]' % number
        lines.append('{"kind":"message","time":%.6f,"id":%d,"cause":%s,"type":"App.Step","value":"Step(%d)",'
                     '"handled":true%s,"duration":30}' % (number / 1e6, number, cause, number, commands))
    return "\n".join(lines) + "\n"


def deep_and_cyclic(driver: webdriver.Chrome, wait: WebDriverWait, tool: str, folder: str, checks: Checks) -> None:
    """A 20,000-link chain through `trace html`, and a file whose causes loop opened in the page:
    neither hangs the page; the long chain shows its last 1,000 steps, the loop ends where it repeats."""
    deep = os.path.join(folder, "deep.jsonl")
    Path(deep).write_text(chain_lines(20_000))
    page = os.path.join(folder, "deep.html")
    subprocess.run([tool, "html", deep, "-o", page], check=True, capture_output=True, timeout=120)
    driver.get("file://" + page)
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("file: "))
    driver.execute_script("select(session.messages.at(-1).id)")
    steps = driver.find_elements(By.CSS_SELECTOR, "#panel ol.chain > li")
    checks.check(len(steps) == 1001 and "longer than 1,000" in steps[0].text and "Step(20001)" in steps[-1].text,
                 f"a 20,000-link chain from trace html: its last message's chain shows the last 1,000 steps ({len(steps)} items)")

    cyclic = os.path.join(folder, "cycle.jsonl")
    Path(cyclic).write_text(chain_lines(2, cycle=True))
    chooser = driver.find_element(By.ID, "open-file")
    driver.execute_script("arguments[0].style.display = 'block'", chooser)
    chooser.send_keys(cyclic)
    wait.until(lambda d: "cycle.jsonl" in d.find_element(By.ID, "status").text)
    driver.execute_script("select(1)")
    chain = driver.find_element(By.CSS_SELECTOR, "#panel ol.chain").text
    checks.check(chain.startswith("(m1 again: the causes form a cycle)") and chain.count("Step(") == 3,
                 "a trace file whose causes loop: the chain ends where it repeats")


def model_lines() -> str:
    """A small model's session as the recorder writes it: two items added, the first removed, the
    second marked done."""
    def message(number: int, changes: str) -> str:
        return ('{"kind":"message","time":%.6f,"id":%d,"cause":{"kind":"external"},"type":"App.Edit",'
                '"value":"Edit(%d)","handled":true,"changes":[%s],"duration":30}' % (number / 1e3, number, number, changes))
    item = '"Item(title: \\"%s\\", done: %s)"'
    return "\n".join([
        '{"kind":"start","time":0.000000,"format":2,"type":"App.Model","value":"Model(items: [], count: 0)"}',
        message(1, '{"path":"items[0]","after":%s},{"path":"count","before":"0","after":"1"}' % (item % ("milk", "false"))),
        message(2, '{"path":"items[1]","after":%s},{"path":"count","before":"1","after":"2"}' % (item % ("bread", "false"))),
        message(3, '{"path":"items[0]","before":%s},{"path":"count","before":"2","after":"1"}' % (item % ("milk", "false"))),
        message(4, '{"path":"items[0].done","before":"false","after":"true"}'),
    ]) + "\n"


def model_tree(driver: webdriver.Chrome, wait: WebDriverWait, folder: str, checks: Checks) -> None:
    """A small model's trace opened in the page: the whole model after a message is one tree, the
    start's rendering with every change up to it applied."""
    trace = os.path.join(folder, "model.jsonl")
    Path(trace).write_text(model_lines())
    chooser = driver.find_element(By.ID, "open-file")
    driver.execute_script("arguments[0].style.display = 'block'", chooser)
    chooser.send_keys(trace)
    wait.until(lambda d: "model.jsonl" in d.find_element(By.ID, "status").text)
    after = {}
    for number in (2, 4):
        driver.execute_script("select(arguments[0])", number)
        tree = driver.find_elements(By.ID, "model-after")
        after[number] = (tree[0].text if tree else "", driver.execute_script(
            "return renderingOf(wholeModelAfter(session.byId.get(arguments[0])))", number))
    checks.check(after[2][1] == 'Model(items: [Item(title: "milk", done: false), Item(title: "bread", done: false)], count: 2)'
                 and after[4][1] == 'Model(items: [Item(title: "bread", done: true)], count: 1)'
                 and "count = 1" in after[4][0],
                 f"the whole model after a message is one tree: after m4 {after[4][1]!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", default=str(ROOT / "App/.build/debug/todo"), help="the todo executable")
    parser.add_argument("--trace-tool", default=str(ROOT / "Tools/.build/debug/trace"), help="the trace executable")
    parser.add_argument("--screenshot", help="save the page, a message selected, to this PNG")
    arguments = parser.parse_args()
    checks = Checks()

    with tempfile.TemporaryDirectory() as folder:
        app = subprocess.Popen(
            [arguments.app, "--data-dir", os.path.join(folder, "todo"), "--inspect"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        driver = None
        output = Output()
        threading.Thread(target=output.read, args=(app.stdout,), daemon=True).start()
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
            # A listing: the model holds the page shown (not the list), which time travel shows.
            app.stdin.write("list\n")
            app.stdin.flush()
            checks.check(output.wait_for("[ ] buy milk"), "the app lists buy milk")

            # The app goes on (its clock ticks each second): the reloaded page holds at least what the
            # first one had, the same messages from m1 on.
            before = driver.execute_script("return session.messages.map((m) => m.id + ' ' + m.value)")
            driver.refresh()
            wait.until(conditions.text_to_be_present_in_element((By.ID, "status"), "live"))
            after = driver.execute_script("return session.messages.map((m) => m.id + ' ' + m.value)")
            checks.check(after[: len(before)] == before and before[0].startswith("1 "),
                         f"a reloaded page receives the whole session ({len(after)} messages)")

            bounded_page(driver, wait, url, checks)
            send_from_page(driver, wait, app, output, checks)
            measure_latency(driver, app, checks)
            travel(driver, wait, app, output, checks)
            add_awkward_item(driver, wait, app, checks)
            trace = open_trace_file(driver, wait, url, folder, checks)
            trace_html(driver, wait, arguments.trace_tool, trace, folder, checks)
            deep_and_cyclic(driver, wait, arguments.trace_tool, folder, checks)
            model_tree(driver, wait, folder, checks)
            end_while_paused(driver, wait, url, app, output, checks)
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
