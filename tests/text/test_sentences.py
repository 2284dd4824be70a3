"""The one sentence splitter and code spans."""

from __future__ import annotations

from pse.text import code_spans, sentence_bounds, sentences


def test_sentences_split_english_and_chinese() -> None:
    assert sentences("`A` is a class. It calls `b`! Why? 它是类。它调用`c`！") == [
        "`A` is a class.", "It calls `b`!", "Why?", "它是类。", "它调用`c`！"]


def test_sentences_never_split_inside_a_code_span() -> None:
    assert sentences("Call `a.b. c` now. Then stop.") == ["Call `a.b. c` now.", "Then stop."]


def test_sentence_bounds_clauses_split_at_colons_and_semicolons() -> None:
    text = "`A` has: `b`; `c`：`d`"
    assert [text[a:b] for a, b in sentence_bounds(text, clauses=True)] == [
        "`A` has:", " `b`;", " `c`：", "`d`"]


def test_code_spans_roles_and_targets() -> None:
    spans = code_spans("see :class:`~pkg.Foo` and :doc:`guide` and ``x``")
    assert [(s.target, s.role, s.is_code) for s in spans] == [
        ("pkg.Foo", "class", True), ("guide", "doc", False), ("x", "", True)]
    assert code_spans("`" * 10_000) == []


def test_sentences_never_end_at_e_g_i_e_cf_or_vs() -> None:
    assert sentences("Use a queue, e.g. a list. Tabs vs. spaces, i.e. style. Done.") == [
        "Use a queue, e.g. a list.", "Tabs vs. spaces, i.e. style.", "Done."]


def test_code_spans_show_what_sphinx_shows() -> None:
    spans = code_spans(":meth:`~pkg.Manager.register` :class:`Hook <pkg.Hook>` "
                       ":func:`pkg.run` {py:class}`~a.B` ``x``")
    assert [s.shown for s in spans] == ["register", "Hook", "pkg.run", "B", "x"]
    assert [s.target for s in spans][:2] == ["pkg.Manager.register", "pkg.Hook"]


def test_an_initial_ends_no_sentence() -> None:
    text = "It was described by Michael T. Nygard in his book. Next it works."
    assert [text[a:b].strip() for a, b in sentence_bounds(text)] == [
        "It was described by Michael T. Nygard in his book.", "Next it works."]
