"""Template syntax: the engine's words, checked only against a tree that is an engine."""

from __future__ import annotations

from pathlib import Path

from pse.index.builder import build_index
from pse.verify.check import Document, check_documents
from pse.verify.markdown import extract_references
from pse.verify.resolve import project_resolver
from pse.verify.spans import classify_span
from pse.verify.templates import template_refs

DOC = ("Use `{% trans %}` or `{{ name|shout }}`; `{{ loop.index }}` counts.\n\n"
       "```jinja\n{% extends \"base.html\" %}\n{{ user.name|title }}{% if n is odd %}"
       "{% endif %}\n```\n")


def test_templates_words_of_a_block() -> None:
    refs = template_refs('{% for x in xs %}{{ x|upper }}{% endfor %}\n{{ n is even }}',
                         file="d.md", first_line=3)
    assert {(r.line, r.name, r.template) for r in refs} == {
        (3, "for", "tag"), (3, "upper", "filter"), (4, "even", "test")}


def test_templates_inline_spans() -> None:
    assert classify_span("{% trans %}", file="d.md", line=1).template == "tag"
    assert classify_span("{{ x|upper }}", file="d.md", line=1).name == "upper"
    assert classify_span("{{ loop.index }}", file="d.md", line=1).ignored


def _engine(tmp_path: Path) -> Path:
    root = tmp_path / "engine"
    (root / "engine").mkdir(parents=True)
    words = ["extends", "block", "include", "macro", "filter", "import", "set", "with",
             "autoescape", "endblock", "endfor", "trans", "for", "if"]
    (root / "engine" / "__init__.py").write_text(
        f"TAGS = {words!r}\nFILTERS = {{'title': str.title, 'upper': str.upper}}\n"
        "TESTS = {'odd': lambda n: n % 2}\n", "utf-8")
    return root


def test_templates_checked_against_an_engine(tmp_path: Path) -> None:
    index, _ = build_index(_engine(tmp_path), cache_dir=tmp_path / "cache", workers=1)
    checked = check_documents([Document("d.md", DOC)], project_resolver(index))
    index.close()
    statuses = {c.ref.name: c.result.status for c in checked}
    assert statuses["shout"] == "unverified"  # no such filter in the engine
    assert {statuses[n] for n in ("trans", "title", "odd", "extends")} == {"verified"}


def test_templates_are_not_python_references_elsewhere(tmp_path: Path) -> None:
    root = tmp_path / "app"
    root.mkdir()
    (root / "app.py").write_text("def shout():\n    pass\n", "utf-8")
    index, _ = build_index(root, cache_dir=tmp_path / "cache", workers=1)
    checked = check_documents([Document("d.md", DOC)], project_resolver(index), strict=True)
    index.close()
    assert {c.result.status for c in checked} == {"ignored"}
    assert len(extract_references(DOC, file="d.md")) >= 6


def test_templates_a_tag_the_lexer_knows_by_its_token_or_the_parser_by_its_method(
        tmp_path: Path) -> None:
    # Jinja's `raw` is only in its lexer (``TOKEN_RAW_BEGIN = "raw_begin"``); a parser
    # has ``parse_for``; and no flag ever suggests the flagged name itself
    root = _engine(tmp_path)
    (root / "engine" / "lexer.py").write_text(
        'TOKEN_RAW_BEGIN = "raw_begin"\n\n\ndef parse_spaceless(parser):\n    pass\n\n\n'
        'def cached(raw):\n    return raw\n', "utf-8")
    index, _ = build_index(root, cache_dir=tmp_path / "cache", workers=1)
    doc = "Use `{% raw -%}`, `{% spaceless %}` and `{% cached %}`.\n"
    checked = check_documents([Document("d.md", doc)], project_resolver(index))
    index.close()
    results = {c.ref.name: c.result for c in checked}
    assert results["raw"].status == results["spaceless"].status == "verified"
    assert results["cached"].status == "unverified"
    assert results["cached"].suggestion != "cached"
