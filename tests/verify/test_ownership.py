"""Evidence about who owns a name, read from its sentence and its document."""

from __future__ import annotations

import pytest

from pse.verify.ownership import Signal, document_signals, sentence_signals, weigh

_PROJECT = frozenset({"acme"})


def _names(signals: tuple[Signal, ...]) -> set[str]:
    return {s.name for s in signals}


def test_sentence_signals_kind_noun_this_module_and_project_name() -> None:
    context = "In acme, the `Encoder` class in this module encodes objects."
    found = _names(sentence_signals(text="Encoder", context=context, project=_PROJECT))
    assert found == {"a kind noun presents it as code", "the sentence says it is this "
                     "project's", "the sentence names the project"}


def test_sentence_signals_kind_noun_before_the_name_and_in_chinese() -> None:
    before = sentence_signals(text="shard", context="Call the function `shard` twice.",
                              project=_PROJECT)
    chinese = sentence_signals(text="shard", context="使用 `shard` 函数分发任务。",
                               project=_PROJECT)
    assert _names(before) == _names(chinese) == {"a kind noun presents it as code"}


def test_sentence_signals_another_owner_possessive_and_link() -> None:
    possessive = sentence_signals(text="ProxyHeadersMiddleware", project=_PROJECT,
                                  context="Use Uvicorn's `ProxyHeadersMiddleware` here.")
    linked = sentence_signals(text="Proxy", project=_PROJECT,
                              context="See [`Proxy`](https://www.uvicorn.org/proxy/).")
    own_link = sentence_signals(text="Proxy", project=_PROJECT,
                                context="See [`Proxy`](https://acme.dev/api/).")
    assert [s.weight for s in possessive] == [-3]
    assert "Uvicorn's" in possessive[0].detail
    assert _names(linked) == {"a link to another project"}
    assert _names(own_link) == {"the sentence names the project"}  # its own site


def test_sentence_signals_stop_at_the_sentence_end() -> None:
    context = "That is a class. Then `shard` runs."
    assert sentence_signals(text="shard", context=context, project=_PROJECT) == ()


def test_document_signals_title_and_foreign_imports() -> None:
    found = document_signals(title="Acme: a guide", imported_tops={"uvicorn", "json"},
                             project=_PROJECT)
    assert [(s.name, s.weight, s.detail) for s in found] == [
        ("the document is about the project", 1, "title names acme"),
        ("the document imports another package", -1, "uvicorn")]


def test_weigh_needs_two_points_and_some_evidence_for() -> None:
    kind = Signal("kind", 1)
    about = Signal("about", 1)
    against = Signal("other", -3, "Uvicorn's")
    assert weigh([kind]) == (False, "kind")
    assert weigh([kind, about])[0] is True
    meant, reason = weigh([Signal("near", 2), against])
    assert not meant and reason == "near; other (Uvicorn's)"
    assert weigh([]) == (False, "")


def test_sentence_signals_the_readers_hypothetical_and_rst_links() -> None:
    reader = sentence_signals(text="http_get", project=_PROJECT,
                              context="If you write a ``http_get`` function, reuse it.")
    rst = sentence_signals(text="PerfTimer", project=_PROJECT,
                           context="`perf <https://github.com/x/perf>`__ - see ``PerfTimer``.")
    assert {s.name for s in reader} == {"the reader's own code"}  # "you write", "a ..."
    assert _names(rst) == {"a link to another project"}


def test_weigh_context_alone_marks_no_name() -> None:
    about = Signal("about", 1, direct=False)
    named = Signal("named", 1, direct=False)
    assert weigh([about, named])[0] is False
    assert weigh([about, Signal("kind", 1)])[0] is True


def test_sentence_signals_quoted_phrases_and_indefinite_kinds_count_against() -> None:
    quoted = sentence_signals(text="JSONObject", project=_PROJECT,
                              context='A phrase ("the `JSONObject` class") is judged.')
    indefinite = sentence_signals(text="Plugin", project=_PROJECT,
                                  context="Then write a `Plugin` class for it.")
    assert {s.name for s in quoted} == {"a kind noun presents it as code",
                                        "a phrase quoted as an example"}
    assert [s.weight for s in indefinite] == [-2]


@pytest.mark.parametrize(("text", "context", "signal"), [
    ("CreateProcess", "On Windows the ``CreateProcess()`` system call takes a string.",
     "another owner's (the system's, the standard library's)"),
    ("doctests", "incompatible with the standard ``doctests`` module.",
     "another owner's (the system's, the standard library's)"),
    ("_test", "collect functions that end in ``_test``:", "a pattern of names, not a name"),
    ("source_file", 'run ``["cp", source_file, dest]`` whether ``source_file`` has spaces.',
     "a variable of an example in the text"),
    ("function_dispatch", "backed by a `function_dispatch`.", "an indefinite mention"),
])
def test_sentence_signals_other_owners_patterns_and_inline_examples(
        text: str, context: str, signal: str) -> None:
    found = sentence_signals(text=text, context=context, project=_PROJECT)
    assert signal in {s.name for s in found}
    assert sum(s.weight for s in found) < 0


def test_ownership_a_sentinel_is_presented_as_code() -> None:
    found = sentence_signals(text="MISSING", context="The `MISSING` sentinel marks it.",
                             project=frozenset({"tinyhttp"}))
    assert [s.detail for s in found if s.name == "a kind noun presents it as code"] == \
        ["sentinel"]
