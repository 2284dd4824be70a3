"""Python examples of an article that use a name no example defines."""

from __future__ import annotations

from pse.tasks.article.examples import undefined_example_names
from pse.text import parse_markdown
from pse.verify.strip import Span, strip_spans


def _findings(text: str, known: frozenset[str] = frozenset()) -> list[tuple[int, str, str]]:
    found = undefined_example_names(parse_markdown(text), text.split("\n"), path="a.md",
                                    known=lambda name: name in known)
    return [(f.line or 0, f.text, f.message) for f in found]


_TINYDB = """# Queries

```python
from tinydb import where

query = where('age') == 30
print(result)
```

The query matches documents whose `age` is 30.
"""


def test_an_example_using_a_variable_it_never_defines_is_flagged_on_its_line() -> None:
    assert _findings(_TINYDB) == [
        (7, "print(result)",
         "this example uses `result`, which no example of the text defines")]


def test_strip_deletes_the_line_and_the_example_still_parses() -> None:
    found = undefined_example_names(parse_markdown(_TINYDB), _TINYDB.split("\n"),
                                    path="a.md")
    text, removed = strip_spans(_TINYDB, [Span(f.line or 0, f.text) for f in found])
    assert removed == ["print(result)"]
    assert "query = where('age') == 30" in text and "print(result)" not in text


def test_a_name_in_a_compound_statement_flags_the_whole_block() -> None:
    text = "```python\nfor row in rows:\n    print(row)\n```\n"
    assert _findings(text) == [
        (1, "```python", "this example uses `rows`, which no example of the text defines")]


def test_names_any_example_binds_builtins_and_imports_are_defined() -> None:
    text = """```python
import json
from tinydb import TinyDB as DB

db = DB("db.json")
def total(items, *rest, scale=1, **options):
    return sum(len(i) for i in items) * scale
```

Later:

```py
with open("x") as handle:
    data = json.load(handle)
try:
    db.insert(data)
except ValueError as error:
    print(error, total([data]), __name__)
```
"""
    assert _findings(text) == []


def test_known_names_are_missing_imports_not_inventions() -> None:
    text = "```python\nstore = JSONStorage('db.json')\n```\n"
    assert _findings(text, known=frozenset({"JSONStorage"})) == []
    assert [line for line, _, _ in _findings(text)] == [2]


def test_an_excerpt_of_the_projects_source_is_not_checked() -> None:
    # its module imports `t` (``import typing as t``), which the excerpt does not show
    text = "```python\nclass Choice(ParamType):\n    def convert(self, v: t.Any): ...\n```\n"
    assert _findings(text, known=frozenset({"Choice", "ParamType"})) == []
    assert _findings(text, known=frozenset({"ParamType"}))[0][2].startswith(
        "this example uses `t`")


def test_other_languages_fragments_and_star_imports_are_not_read() -> None:
    assert _findings("```bash\necho $result\n```\n") == []
    assert _findings("```python\n>>> print(result)\n```\n") == []  # a session: no Python
    assert _findings("```python\nfrom tinydb import *\nprint(where)\n```\n") == []
