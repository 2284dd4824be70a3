"""The HTML reports opened in real headless Chromium (Debian's), offline.

Skipped, with the reason, only when no Chromium is installed (``apt-get install
chromium``). Each test starts its own browser with a fresh profile, asserts through DOM
queries, and checks that the page made no request but its own file and logged no error.
Screenshots are kept in the test's temp folder (printed with ``-s``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pse.report.marks import Mark
from pse.report.run import render_run_report
from pse.report.sources import SourceReader
from repo_fixtures import run_cli

from .browser import Browser, find_chromium
from .runs import strip_run

TINYQUEUE = Path(__file__).resolve().parents[2] / "examples" / "tinyqueue"
REAL = ["`JobQueue.submit()`", "`Job.attempts`", "`JobQueue.run_all()`", "`Job.errors`",
        "`src/tinyqueue/job.py`", "`RetryPolicy.max_attempts`", "`JobState.FAILED`",
        "`Job.run()`", "`src/tinyqueue/queue.py`"]
HOSTILE = ("<script>window.__pwned = 1</script> <img src=x onerror=\"window.__pwned = 2\"> "
           "[click](javascript:window.__pwned=3) <a href=\"javascript:window.__pwned=4\">a</a>"
           " ![t](http://tracker.invalid/p.png)")


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    binary = find_chromium()
    if binary is None:
        pytest.skip("no Chromium on PATH (apt-get install chromium, or set PSE_TEST_CHROMIUM)")
    instance = Browser(binary, tmp_path / "chromium-profile")
    try:
        yield instance
    finally:
        instance.close()


def article_with_100_references() -> str:
    """90 real references of tinyqueue and 10 invented ones, in prose, lists and code."""
    lines = ["# tinyqueue in a hundred references", ""]
    for number in range(90):
        lines.append(f"- step {number}: {REAL[number % len(REAL)]} matters here.")
    lines += ["", "```python", "from tinyqueue import JobQueue", "```", ""]
    lines += [f"Paragraph {n} names `JobQueue.ghost_{n}()` which does not exist." for n in
              range(9)]
    lines += ["", HOSTILE, "", "```html", HOSTILE, "```", ""]
    return "\n".join(lines) + "\n"


def _assert_clean_load(browser: Browser, page: Path) -> None:
    assert browser.requests() == [page.as_uri()], "the page fetched something"
    assert browser.problems() == []
    assert browser.js("window.__pwned === undefined")
    assert browser.js("document.querySelectorAll('main img, main script, "
                      "a[href^=\"javascript\"], [onerror]').length") == 0


def test_browser_verify_report_of_100_references(browser: Browser, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "article.md").write_text(article_with_100_references(),
                                                  encoding="utf-8")
    (tmp_path / "docs" / "second.md").write_text("Also `Job.errors` and `JobQueue.nope()`.\n",
                                                 encoding="utf-8")
    result = run_cli(capsys, "verify", "docs", "--source", str(TINYQUEUE), "--format", "json")
    references = json.loads(result.out)["references"]
    assert len([r for r in references if r["file"] == "docs/article.md"]) >= 100
    page = tmp_path / "report.html"
    run_cli(capsys, "verify", "docs", "--source", str(TINYQUEUE), "--format", "html", "-o",
            str(page))
    assert page.stat().st_size < 1_000_000
    browser.open(page.as_uri())
    _assert_clean_load(browser, page)
    # every reference is a row of the findings list and a mark in its document
    rows = browser.js("document.querySelectorAll('.findings tbody tr').length")
    assert rows == len(references)
    assert browser.js("Array.from(document.querySelectorAll('.findings tbody tr a'))"
                      ".every(a => document.getElementById(a.hash.slice(1)) !== null)")
    unverified = sum(1 for r in references if r["status"] == "unverified")
    assert unverified >= 10
    assert browser.js("document.querySelectorAll('.doc .ref[data-status=unverified]')"
                      ".length") == unverified
    assert browser.js("document.querySelectorAll('.index a').length") == 2
    _check_popup(browser)
    _check_filters(browser, references)
    shot = browser.screenshot(tmp_path / "verify-report.png")
    assert shot.stat().st_size > 10_000
    print(f"screenshot: {shot}")


def _check_popup(browser: Browser) -> None:
    selector = ".doc .ref.s-verified"
    pop = f"document.querySelector('{selector} > .pop')"
    assert browser.js(f"getComputedStyle({pop}).display") == "none"
    browser.hover(selector)
    assert browser.js(f"getComputedStyle({pop}).display") == "block"
    text = browser.js(f"{pop}.innerText")
    assert "src/tinyqueue/queue.py:" in text and "def submit(" in text
    assert browser.js(f"{pop}.querySelectorAll('.sl').length") >= 3  # the line and context
    # keyboard: focusing an unverified mark shows its popup, with the suggestion
    browser.js("document.querySelector('.doc .ref.s-unverified').focus()")
    shown = browser.js("getComputedStyle(document.querySelector("
                       "'.doc .ref.s-unverified > .pop')).display")
    assert shown == "block"


def _select(browser: Browser, name: str, value: str) -> int:
    return int(browser.js(
        f"(() => {{const s = document.querySelector('#filters select[name={name}]');"
        f"s.value = {json.dumps(value)}; s.dispatchEvent(new Event('change', {{bubbles: true}}));"
        "return document.querySelectorAll('.findings tbody tr:not([hidden])').length;})()"))


def _check_filters(browser: Browser, references: list[dict[str, object]]) -> None:
    assert browser.js("document.getElementById('filters').hidden") is False
    unverified = sum(1 for r in references if r["status"] == "unverified")
    assert _select(browser, "status", "unverified") == unverified
    assert browser.js("Array.from(document.querySelectorAll('.findings tbody tr:not([hidden])'"
                      ")).every(r => r.dataset.status === 'unverified')")
    in_second = sum(1 for r in references if r["status"] == "unverified"
                    and r["file"] == "docs/second.md")
    assert _select(browser, "file", "docs/second.md") == in_second
    assert _select(browser, "status", "") == sum(1 for r in references
                                                 if r["file"] == "docs/second.md")
    paths = sum(1 for r in references if r["file"] == "docs/second.md" and r["kind"] == "path")
    assert _select(browser, "kind", "path") == paths
    assert "shown" in browser.js("document.getElementById('shown').textContent")


def test_browser_run_report_of_100_references(browser: Browser, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    document = tmp_path / "artifact.en.md"
    document.write_text(article_with_100_references(), encoding="utf-8")
    result = run_cli(capsys, "verify", str(document), "--source", str(TINYQUEUE), "--format",
                     "json")
    marks = [Mark(file="artifact.en.md", line=r["line"], text=r["text"].strip("`"),
                  status=r["status"], kind=r["kind"], message=r.get("message", ""),
                  evidence=tuple((e["path"], e["line"]) for e in r["evidence"]))
             for r in json.loads(result.out)["references"]]
    assert len(marks) >= 100
    trace = [{"event": "step", "step": s, "seconds": 1.0} for s in ("plan", "write")]
    page = tmp_path / "report.html"
    page.write_text(render_run_report(
        {"run_id": "r", "status": "passed", "rounds": [{"round": 1, "bad": 0}]},
        artifacts={"en": (document.read_text(encoding="utf-8"), marks)}, trace=trace,
        read_lines=SourceReader(TINYQUEUE)), encoding="utf-8")
    assert page.stat().st_size < 1_000_000
    browser.open(page.as_uri())
    _assert_clean_load(browser, page)
    assert browser.js("document.querySelectorAll('.findings tbody tr').length") == len(marks)
    browser.hover(".doc .ref.s-verified")
    assert "src/tinyqueue/" in browser.js(
        "document.querySelector('.doc .ref.s-verified > .pop').innerText")


def test_browser_readable_without_javascript(browser: Browser, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "a.md"
    doc.write_text("Use `JobQueue.submit()` and `JobQueue.nope()`.\n", encoding="utf-8")
    page = tmp_path / "r.html"
    run_cli(capsys, "verify", str(doc), "--source", str(TINYQUEUE), "--format", "html",
            "-o", str(page))
    browser.call("Emulation.setScriptExecutionDisabled", session=True, value=True)
    browser.open(page.as_uri())
    assert browser.problems() == []
    assert browser.js("document.getElementById('filters').hidden") is True
    assert browser.js("document.querySelectorAll('.findings tbody tr:not([hidden])').length") \
        == 2
    browser.hover(".doc .ref.s-unverified")
    assert browser.js("getComputedStyle(document.querySelector("
                      "'.doc .ref.s-unverified > .pop')).display") == "block"


def test_browser_run_report(browser: Browser, tmp_path: Path) -> None:
    run_dir = strip_run(tmp_path)
    page = run_dir / "report.html"
    browser.open(page.as_uri())
    _assert_clean_load(browser, page)
    headings = browser.js("Array.from(document.querySelectorAll('h2')).map(h => h.textContent)")
    for heading in ("The artifact", "Checked spans", "The plan", "Rounds",
                    "What Fix and Strip changed", "What Strip removed", "Timeline",
                    "Tokens and cost"):
        assert heading in headings
    assert browser.js("document.querySelectorAll('.doc .ref.s-verified').length") >= 4
    assert browser.js("document.querySelectorAll('.diff .del').length") == 1
    browser.hover(".doc .ref.s-verified")
    assert "src/tinyqueue/queue.py:" in browser.js(
        "document.querySelector('.doc .ref.s-verified > .pop').innerText")
    shot = browser.screenshot(tmp_path / "run-report.png", full_page=True)
    print(f"screenshot: {shot}")


def test_browser_hostile_model_output_renders_as_text(browser: Browser, tmp_path: Path) -> None:
    text = f"# Title\n\n{HOSTILE}\n\n`<script>window.__pwned=5</script>`\n"
    page = tmp_path / "hostile.html"
    page.write_text(render_run_report(
        {"run_id": "<script>window.__pwned=6</script>", "plan": text, "stripped": [HOSTILE],
         "rounds": [{"round": 1, "issues": [HOSTILE], "diff": f"-{HOSTILE}\n+ok"}],
         "gates": [{"name": HOSTILE, "passed": False}]},
        artifacts={"en": (text, [])}, draft=HOSTILE), encoding="utf-8")
    browser.open(page.as_uri())
    _assert_clean_load(browser, page)
    assert "<script>window.__pwned = 1</script>" in browser.js("document.body.innerText")


CLAIMS_ARTICLE = """# How tinyqueue retries

## Jobs

The `JobState` enum has four members: `PENDING`, `RUNNING`, `DONE` and `FAILED`.
Each `Job` records **every error** it meets in `Job.errors`, and `Job.run()` counts
one attempt. See [the queue](src/tinyqueue/queue.py) for the loop.

- `JobQueue.submit()` returns a `Job`.
- `RetryPolicy.delay()` doubles the pause after each failure.
"""
_VISIBLE_PARAGRAPHS = """
Array.from(document.querySelectorAll('.doc-body p, .doc-body li')).map(p => {
  const c = p.cloneNode(true); c.querySelectorAll('.pop, .badge').forEach(e => e.remove());
  return c.textContent; })"""


def test_browser_claims_and_sentences_are_marks_on_the_text(browser: Browser,
                                                            tmp_path: Path) -> None:
    sentences = [
        {"section": 1, "line": 5, "text": CLAIMS_ARTICLE.split("\n")[4], "status": "supported",
         "span": {"path": "src/tinyqueue/job.py", "start": 10, "end": 16}},
        {"section": 1, "line": 7, "text": "See [the queue](src/tinyqueue/queue.py) for the "
         "loop.", "status": "unsupported", "span": None}]
    claims = [Mark(file="artifact.en.md", line=9, text="`JobQueue.submit()` returns a `Job`.",
                   status="verified", kind="claim", evidence=(("src/tinyqueue/queue.py", 34),),
                   origin="inline"),
              Mark(file="artifact.en.md", line=5, text="JobState", status="verified",
                   kind="symbol", evidence=(("src/tinyqueue/job.py", 10),))]
    pages = {}
    for name, report, marks in (("plain", {}, []),
                                ("marked", {"languages": ["en"], "sentences": sentences},
                                 claims)):
        pages[name] = tmp_path / f"{name}.html"
        pages[name].write_text(render_run_report(
            {"run_id": "r", "status": "passed", **report},
            artifacts={"en": (CLAIMS_ARTICLE, marks)},
            read_lines=SourceReader(TINYQUEUE)), encoding="utf-8")
    browser.open(pages["plain"].as_uri())
    article_text = browser.js(_VISIBLE_PARAGRAPHS)
    browser.open(pages["marked"].as_uri())
    assert browser.requests() == [pages["plain"].as_uri(), pages["marked"].as_uri()]
    assert browser.problems() == []
    assert browser.js(_VISIBLE_PARAGRAPHS) == article_text  # every word once, none boxed
    assert browser.js("document.querySelectorAll('.doc .badge').length") == 0
    assert browser.js("document.querySelectorAll('.doc .sent').length") == 3
    assert "FAILED" in browser.js("document.querySelector('.doc .sent.s-verified')"
                                  ".cloneNode(true).textContent")
    browser.hover(".doc .sent.s-verified")
    assert "src/tinyqueue/job.py:10" in browser.js(
        "document.querySelector('.doc .sent.s-verified > .pop').innerText")
    assert browser.js("document.querySelector('.doc .sent.s-unverified').textContent"
                      ".startsWith('See the queue for the loop.')")
    # no repository link: a click opens the cited source in the page
    target = browser.js("document.querySelector('.doc .sent.s-verified').click(); location.hash")
    assert target.startswith("#src-") and "src/tinyqueue/job.py:10" in browser.js(
        f"document.getElementById('{target[1:]}').innerText")
    shot = browser.screenshot(tmp_path / "claims-report.png", full_page=True)
    print(f"screenshot: {shot}")
