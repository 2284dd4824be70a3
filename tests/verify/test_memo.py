"""The verify memo's keys: what changes an answer changes the key, nothing else does."""

from __future__ import annotations

from dataclasses import replace

from pse.verify.bindings import Bindings
from pse.verify.memo import VerifyMemo, context_key, ref_key
from pse.verify.refs import Reference, Resolution

REF = Reference(file="docs/a.md", line=3, text="Client.send()", name="Client.send",
                kind="symbol", context="Call `Client.send()`.")


def test_a_reference_keeps_its_key_in_another_document_and_line() -> None:
    context = context_key(Bindings(), is_history=False)
    moved = replace(REF, file="b.md", line=40)
    assert ref_key(context, REF) == ref_key(context, moved)
    assert ref_key(context, REF) != ref_key(context, replace(REF, name="Client.sendall"))


def test_the_context_is_the_bindings_and_the_changelog_status() -> None:
    first = Bindings(imports={"np": "numpy", "pd": "pandas"}, locals={"a", "b", "c"})
    second = Bindings(imports={"pd": "pandas", "np": "numpy"}, locals={"c", "b", "a"})
    assert context_key(first, is_history=False) == context_key(second, is_history=False)
    assert context_key(first, is_history=True) != context_key(first, is_history=False)
    second.instances["client"] = "pkg.Client"
    assert context_key(first, is_history=False) != context_key(second, is_history=False)


def test_line_answers_about_documents_are_never_kept() -> None:
    memo = VerifyMemo()
    context = context_key(Bindings(), is_history=False)
    line_ref = replace(REF, kind="path_line", name="docs/a.md", lines=(1, 2))
    memo.put(ref_key(context, line_ref), Resolution("verified"))
    memo.put(ref_key(context, REF), Resolution("unverified", message="no"))
    assert memo.get(ref_key(context, line_ref)) is None
    assert memo.get(ref_key(context, REF)) == Resolution("unverified", message="no")
    assert memo.computed == 2


def test_pruning_keeps_this_runs_entries_first() -> None:
    memo = VerifyMemo()
    context = context_key(Bindings(), is_history=False)
    old = [ref_key(context, replace(REF, name=f"old{n}")) for n in range(5)]
    memo.refs.update({key: Resolution("verified") for key in old})
    memo.put(ref_key(context, REF), Resolution("verified"))
    kept = memo.pruned(keep=3)
    assert ref_key(context, REF) in kept.refs and len(kept.refs) == 3
    assert kept.used == set()


def test_lines_and_quotes_of_documents_are_never_kept() -> None:
    def line_ref(path: str) -> Reference:
        return Reference(file="a.md", line=1, text=f"{path}:3", name=path, kind="path_line",
                         lines=(3, 3))

    def quote(path: str) -> Reference:
        return Reference(file="a.md", line=1, text="x", name=f"{path} (quoted)", kind="quote",
                         in_file=path, quoted="x = 1")

    memo = VerifyMemo()
    context = context_key(Bindings(), is_history=False)
    for ref, kept in ((line_ref("src/a.py"), True), (quote("a.py"), True),
                      (line_ref("Makefile"), True), (line_ref("docs/guide.md"), False),
                      (quote("docs/x.rst"), False), (quote(""), False),
                      (line_ref("README.mdx"), False)):
        key = ref_key(context, ref)
        memo.put(key, Resolution("verified"))
        assert (memo.get(key) is not None) is kept, ref
