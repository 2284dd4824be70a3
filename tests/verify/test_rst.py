"""reStructuredText documents: the same references as Markdown, at their exact lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pse.verify.rst import extract_rst_references, rst_bindings
from repo_fixtures import PY_SMALL, run_cli

DOC = """\
Title
=====

.. currentmodule:: mypkg

Use ``Session.send()`` or :func:`~mypkg.helpers.load` and :py:class:`Client <mypkg.Client>`.
See :ref:`the guide <guide>`, :doc:`api` and :issue:`12`; set :envvar:`MYPKG_HOME`.
A literal that spans ``two
lines`` and ``--verbose``.

.. autoclass:: mypkg.Client
   :members:

.. code-block:: python
   :caption: example

   from mypkg import Client
   client = Client()
   client.fetch(timeout=3)

.. note::

   Nested prose keeps its lines: ``nested_name``.

Example::

    >>> import mypkg
    >>> mypkg.run()

.. code-block:: console

   $ pip install mypkg
"""


def _by_line(doc: str) -> list[tuple[int, str, str, str]]:
    return [(r.line, r.kind, r.name, r.ignored) for r in extract_rst_references(doc, file="d.rst")]


def test_rst_inline_literals_and_roles_at_their_lines() -> None:
    refs = _by_line(DOC)
    assert (6, "symbol", "Session.send", "") in refs
    assert (6, "symbol", "mypkg.helpers.load", "") in refs
    assert (6, "symbol", "mypkg.Client", "") in refs
    assert (7, "env_var", "MYPKG_HOME", "") in refs
    assert any(line == 7 and ignored.startswith("{ref}") for line, _, _, ignored in refs)
    assert any(line == 7 and ignored.startswith("{issue}") for line, _, _, ignored in refs)
    assert (8, "symbol", "two lines", "not code") in refs or \
        any(line == 8 and name == "two lines" for line, _, name, _ in refs)
    assert (9, "flag", "--verbose", "") in refs


def test_rst_directives_and_code_blocks() -> None:
    refs = _by_line(DOC)
    assert (4, "module", "mypkg", "") in refs
    assert (11, "symbol", "mypkg.Client", "") in refs
    assert (17, "symbol", "mypkg.Client", "") in refs  # from mypkg import Client
    assert any(line == 19 and name == "mypkg.Client.fetch" for line, _, name, _ in refs)
    assert (23, "symbol", "nested_name", "") in refs
    assert any(line == 28 and name == "mypkg.run" for line, _, name, _ in refs)
    assert any(line == 32 and kind == "command" for line, kind, _, _ in refs)


def test_rst_bindings_are_names_of_examples() -> None:
    assert "client" in rst_bindings(DOC).locals


def test_rst_ignore_markers() -> None:
    doc = "A ``real_name``.\n\n.. pse: ignore\n\n``skipped_name`` here.\n"
    refs = {r.name: r.ignored for r in extract_rst_references(doc, file="d.rst")}
    assert refs["real_name"] == ""
    assert refs["skipped_name"].startswith("ignored by a pse: ignore marker")


def test_rst_verify_cli_checks_against_the_tree(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "guide.rst"
    doc.write_text("Guide\n=====\n\nUse :func:`definitely_not_defined_anywhere` and "
                   "``src/tinyhttp/missing.py``.\n", encoding="utf-8")
    result = run_cli(capsys, "verify", str(doc), "--source", str(PY_SMALL), "--format", "json")
    refs = json.loads(result.out)["references"]
    assert result.code == 1
    assert {(r["line"], r["status"]) for r in refs} == {(4, "unverified")}
    assert {r["name"] for r in refs} == {"definitely_not_defined_anywhere",
                                         "src/tinyhttp/missing.py"}


def test_rst_folder_is_collected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.rst").write_text("A ``x.py`` file.\n", encoding="utf-8")
    result = run_cli(capsys, "verify", str(tmp_path / "docs"), "--source", str(PY_SMALL),
                     "--format", "json")
    assert result.code in (0, 1)
    assert json.loads(result.out)["references"][0]["file"].endswith("docs/a.rst")


def test_mdx_import_and_export_lines_are_ignored(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "page.mdx"
    doc.write_text('import { Tabs } from "@site/tabs";\nexport const meta = {`x`: 1};\n\n'
                   "# Page\n\n<Tabs>\n\nSee `nothing_like_this_exists`.\n\n</Tabs>\n",
                   encoding="utf-8")
    result = run_cli(capsys, "verify", str(doc), "--source", str(PY_SMALL), "--format", "json")
    refs = json.loads(result.out)["references"]
    assert [(r["line"], r["name"]) for r in refs] == [(8, "nothing_like_this_exists")]
