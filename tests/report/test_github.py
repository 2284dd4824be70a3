"""The GitHub annotation and GitLab code-quality renderers."""

from __future__ import annotations

import json
from pathlib import Path

from pse.report.coverage import Extras, measure
from pse.report.github import escape_data, escape_property, render_github, render_gitlab
from pse.verify.refs import CheckedReference, Reference, Resolution


def _item(text: str, *, line: int = 2, status: str = "unverified", file: str = "docs/a.md"
          ) -> CheckedReference:
    ref = Reference(file=file, line=line, text=text, name=text, kind="symbol")
    return CheckedReference(ref, Resolution(status, message="not found"))  # type: ignore[arg-type]


def test_escape_follows_githubs_rules() -> None:
    assert escape_data("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b"
    assert escape_property("docs/a:b,c%.md\n") == "docs/a%3Ab%2Cc%25.md%0A"


def test_render_github_places_and_escapes_each_finding(tmp_path: Path) -> None:
    item = _item("x,y", file="docs/we,ird:name.md")
    lines = {"docs/we,ird:name.md": ["# T", "Use `x,y` here."]}
    out = render_github([item, _item("ok", status="verified")], lines_of=lines,
                        root=tmp_path, cwd=tmp_path).splitlines()
    assert out == ["::error file=docs/we%2Cird%3Aname.md,line=2,col=6,endColumn=9,"
                   "title=pse PSE001 unverified-symbol::'x,y': not found"]


def test_render_github_warnings_and_coverage(tmp_path: Path) -> None:
    item = _item("Thing")
    extras = Extras(coverage=measure([item], documents=1), levels={item.ref: "warning"})
    out = render_github([item], lines_of={}, root=tmp_path, cwd=tmp_path,
                        extras=extras).splitlines()
    assert out[0].startswith("::warning file=docs/a.md,line=2,title=")
    assert out[1] == ("::notice title=pse verify::coverage: 1 document read, 1 reference "
                      "found, 1 judged (0 verified, 1 unverified, 0 external), 0 ignored")


def test_render_gitlab_fingerprints_ignore_the_line_number(tmp_path: Path) -> None:
    one = json.loads(render_gitlab([_item("Thing", line=2)],
                                   lines_of={"docs/a.md": ["", "`Thing`"]},
                                   root=tmp_path, cwd=tmp_path))
    moved = json.loads(render_gitlab([_item("Thing", line=3)],
                                     lines_of={"docs/a.md": ["", "", "`Thing`"]},
                                     root=tmp_path, cwd=tmp_path))
    assert one[0]["fingerprint"] == moved[0]["fingerprint"]
    assert one[0]["location"] == {"path": "docs/a.md", "lines": {"begin": 2}}
    assert one[0]["check_name"] == "unverified-symbol"
