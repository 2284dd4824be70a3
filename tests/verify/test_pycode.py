"""References made by fenced Python examples: imports, instances, local names, skeletons."""

from __future__ import annotations

import textwrap

from pse.verify.pycode import example_bindings, python_block_refs
from pse.verify.refs import Reference


def _refs(code: str, *, first_line: int = 10, strict: bool = False) -> list[Reference]:
    return python_block_refs(textwrap.dedent(code), file="doc.md", first_line=first_line,
                             strict=strict)


def _summary(refs: list[Reference]) -> list[tuple[int, str, str, str]]:
    return [(r.line, r.kind, r.text, r.name) for r in refs]


EXAMPLE = """\
    import tinyhttp as th
    from tinyhttp.client import Session, retry

    s = Session(timeout=1)
    s.mount("a", adapter)
    th.get("u", timeout=2)
    result = retry(lambda: 1, attempts=2)
    result.value
    def helper(x):
        return x.strip()
    helper(1)
    for item in things:
        item.go()
    print(len(th.__all__))
    Unknown.thing()
"""


def test_pycode_imports_resolve_aliases_and_lines() -> None:
    refs = _summary(_refs(EXAMPLE))
    assert (10, "module", "tinyhttp", "tinyhttp") in refs
    assert (11, "module", "tinyhttp.client", "tinyhttp.client") in refs
    assert (11, "symbol", "Session", "tinyhttp.client.Session") in refs
    assert (11, "symbol", "retry", "tinyhttp.client.retry") in refs
    assert (15, "symbol", "th.get", "tinyhttp.get") in refs


def test_pycode_instances_make_method_references_to_their_class() -> None:
    refs = _summary(_refs(EXAMPLE))
    assert (13, "symbol", "Session", "tinyhttp.client.Session") in refs
    assert (14, "symbol", "s.mount", "tinyhttp.client.Session.mount") in refs


def test_pycode_keyword_arguments_are_kept() -> None:
    by_line = {r.line: r for r in _refs(EXAMPLE) if r.kwargs}
    assert by_line[13].kwargs == ("timeout",)
    assert by_line[15].kwargs == ("timeout",)
    assert by_line[16].kwargs == ("attempts",)


def test_pycode_local_names_are_not_references() -> None:
    names = {r.name.split(".")[0] for r in _refs(EXAMPLE)}
    assert not names & {"s", "result", "helper", "x", "item", "adapter"} - {"s"}
    assert not any(r.text.startswith(("result.", "item.", "x.")) for r in _refs(EXAMPLE))
    assert not any(r.text == "helper" for r in _refs(EXAMPLE))


def test_pycode_builtins_and_unknown_names_are_references() -> None:
    texts = {r.text: r.line for r in _refs(EXAMPLE)}
    assert texts["print"] == 23 and texts["len"] == 23
    assert texts["Unknown.thing"] == 24


def test_pycode_example_bindings_exclude_imports() -> None:
    assert example_bindings(textwrap.dedent(EXAMPLE)) == {"s", "result", "helper", "x",
                                                          "item"}


def test_pycode_quoted_skeleton_checks_its_definitions() -> None:
    refs = _refs("""\
        # src/tinyhttp/models.py
        class Response:
            def json(self):
                ...
            def xml(self): ...
    """, first_line=5)
    assert [(r.line, r.kind, r.name, r.in_file) for r in refs] == [
        (5, "path", "src/tinyhttp/models.py", ""),
        (6, "symbol", "Response", "src/tinyhttp/models.py"),
        (7, "symbol", "Response.json", "src/tinyhttp/models.py"),
        (9, "symbol", "Response.xml", "src/tinyhttp/models.py"),
    ]
    assert example_bindings("# src/a.py\nclass A: ...\n") == set()


def test_pycode_bodiless_skeleton_lines_still_parse() -> None:
    refs = _refs("""\
        # file: src/app.py
        class Server(Base):
            def start(self):
    """, first_line=1)
    assert ("symbol", "Server.start") in {(r.kind, r.name) for r in refs}
    assert ("symbol", "Base") in {(r.kind, r.name) for r in refs}


def test_pycode_repl_session() -> None:
    refs = _refs("""\
        >>> import tinyhttp
        >>> tinyhttp.get("https://example.org")
        <Response [200]>
    """, first_line=3)
    assert _summary(refs) == [(3, "module", "tinyhttp", "tinyhttp"),
                              (4, "symbol", "tinyhttp.get", "tinyhttp.get")]


def test_pycode_unparsable_block_keeps_plain_imports() -> None:
    refs = _refs("""\
        import tinyhttp.models  # partial example
        client = Client(
    """, first_line=4)
    assert _summary(refs) == [(4, "module", "tinyhttp.models", "tinyhttp.models")]


def test_pycode_unparsable_block_falls_back_to_imports() -> None:
    refs = _refs("""\
        from tinyhttp import Client, Pool as P
        import tinyhttp.models
        client = Client(   # elided
    """, first_line=1)
    assert _summary(refs) == [(1, "module", "tinyhttp", "tinyhttp"),
                              (1, "symbol", "Client", "tinyhttp.Client"),
                              (1, "symbol", "Pool", "tinyhttp.Pool"),
                              (2, "module", "tinyhttp.models", "tinyhttp.models")]


def test_pycode_elision_line_does_not_hide_the_imports() -> None:
    refs = _refs("""\
        from tinyhttp import Clinet
        client = Clinet(base_url="x",
        ...
    """, first_line=1)
    assert ("symbol", "tinyhttp.Clinet") in {(r.kind, r.name) for r in refs}


def test_pycode_strict_mode_skips_non_python_blocks() -> None:
    assert _refs("just some words here\n", strict=True) == []
    assert _refs("x\n", strict=True) == []  # parses, but has no Python structure
    assert _refs("import tinyhttp\n", strict=True)[0].name == "tinyhttp"


def test_pycode_relative_imports_are_not_references() -> None:
    assert _refs("from . import x\nfrom .mod import y\n") == []


def test_pycode_origin_is_code() -> None:
    assert {r.origin for r in _refs(EXAMPLE)} == {"code"}


def test_pycode_an_example_cut_off_mid_statement_is_read_up_to_where_it_stops() -> None:
    # a model's answer that ran out of tokens: the last line opens a statement
    refs = _summary(_refs("""\
        from tinyhttp import Session

        s = Session(timeout=1)
        s.mount("a", adapter)
        if
    """, first_line=1))
    assert (3, "symbol", "Session", "tinyhttp.Session") in refs
    assert (4, "symbol", "s.mount", "tinyhttp.Session.mount") in refs
    # a block left without its body by the cut still counts
    cut = _summary(_refs("""\
        class Fast(Session):
            def send(self, request):
                super().sned(request)
            def close(self):
                if (
    """, first_line=1))
    assert (3, "symbol", "super().sned", "Session.sned") in cut


def test_pycode_a_def_whose_body_is_a_comment_is_a_placeholder() -> None:
    code = ("from tinyhttp import retry\n\n@retry(attempts=3)\ndef my_function():\n"
            "    # function implementation\n\nmy_function()\n")
    refs = _summary(_refs(code, first_line=1))
    assert (3, "symbol", "retry", "tinyhttp.retry") in refs  # the block parsed
    assert "my_function" in example_bindings(code)
