"""rst and Markdown reading stays linear in the document on pathological input.

The pathological documents run in a child process with a timeout (a quadratic path takes
minutes on them, the linear one a second or two), so a regression fails instead of
hanging; no wall-clock figure is asserted in-process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pse.verify.markdown import ignored_line_numbers, strip_code_spans
from pse.verify.rst import extract_rst_references

SRC = Path(__file__).resolve().parents[2] / "src"
_RUN = """
import sys
from pse.verify.rst import extract_rst_references
from pse.verify.markdown import extract_references
text = sys.stdin.read()
read = extract_rst_references if sys.argv[1] == "rst" else extract_references
print(len(read(text, file="doc." + sys.argv[1])))
"""


def _count_in_child(text: str, suffix: str, *, timeout: float = 60) -> int:
    done = subprocess.run([sys.executable, "-c", _RUN, suffix], input=text, text=True,
                          capture_output=True, timeout=timeout, check=True,
                          env={**os.environ, "PYTHONPATH": str(SRC)})
    return int(done.stdout)


@pytest.mark.parametrize("text", [
    ":`" * 20_000 + "\n",  # 40,000 backticks and colons on one line
    ":a" * 40_000 + ":`x`\n",  # a role name run: rescanned from every colon before
    "".join(f"see ``x{i}`` and :func:`f{i}` here\n" for i in range(20_000)),  # one paragraph
])
def test_rst_spans_and_roles_are_read_in_linear_time(text: str) -> None:
    assert _count_in_child(text, "rst") >= 0


def test_rst_one_long_paragraph_yields_every_reference() -> None:
    text = "".join(f"see ``x{i}`` and :func:`f{i}` here\n" for i in range(20_000))
    assert _count_in_child(text, "rst") == 40_000


def test_rst_3000_nested_directives_finish_and_keep_the_innermost_reference() -> None:
    text = "".join("   " * i + ".. note::\n\n" for i in range(3000)) + "   " * 3000 + \
        "``inner_name``\n"
    assert _count_in_child(text, "rst") == 1


def test_nested_directive_references_keep_their_document_lines() -> None:
    text = ".. note::\n\n   .. warning::\n\n      Use ``pkg.run`` here.\n"
    refs = extract_rst_references(text, file="a.rst")
    assert [(r.name, r.line) for r in refs] == [("pkg.run", 5)]


def test_markdown_span_and_link_runs_finish() -> None:
    text = "x " + "`:" * 40_000 + "\n\n" + "``a" * 20_000 + "\n\n" + "`" * 50_000 + "y\n"
    assert _count_in_child(text, "md") >= 0


def test_strip_code_spans_matches_commonmark_runs() -> None:
    assert strip_code_spans("a `b` c ``d ` e`` f") == "a  c  f"
    assert strip_code_spans("unclosed ` here") == "unclosed ` here"
    assert strip_code_spans("``x` y`") == "``x"  # the single-backtick pair closes
    assert strip_code_spans("`" * 5 + "a") == "`" * 5 + "a"


def test_ignore_marker_inside_a_code_span_is_not_a_marker() -> None:
    lines = ["`<!-- pse: ignore -->` shown", "<!-- pse: ignore --> `x`", "`" * 40_000]
    assert ignored_line_numbers(lines) == {2}


_SPANS = """
import sys
from pse.text import code_spans
print(len(code_spans(sys.stdin.read())))
"""


def test_code_spans_after_a_long_role_name_run_are_found_in_linear_time() -> None:
    # the document model's one code-span reader (claims read it): each colon of a
    # ``:a:a:a...`` run once began an unbounded role name
    done = subprocess.run([sys.executable, "-c", _SPANS], input=":a" * 80_000 + ":`x`\n",
                          text=True, capture_output=True, timeout=60, check=True,
                          env={**os.environ, "PYTHONPATH": str(SRC)})
    assert int(done.stdout) == 1
