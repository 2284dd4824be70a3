"""Code examples of an article that show a result the function's docstring examples
contradict (:func:`pse.tasks.article.examples.contradicted_outputs`)."""

from __future__ import annotations

from pse.tasks.article.examples import contradicted_outputs
from pse.text import parse_markdown
from pse.verify.outputs import shown_outputs
from pse.verify.strip import Span, strip_spans

DOCUMENTED = {
    "dasherize": [('"puni_puni"', "puni-puni")],
    "pluralize": [('"posts"', "posts"), ('"octopus"', "octopi"), ('"CamelOctopus"',
                                                                   "CamelOctopi")],
}

ARTICLE = """# Inflection

`dasherize` replaces underscores.

```python
>>> dasherize("IOError")
'IoError'
```

```python
>>> pluralize("octopus")
'octopi'
print(pluralize("sheep"))  # 输出: 'sheep'
```

```ruby
puts pluralize("egg_and_ham")  # 输出: 'egg_and_hams'
```

The end.
"""


def _findings(text: str) -> list[tuple[int, str]]:
    found = contradicted_outputs(parse_markdown(text), text.split("\n"), path="a.md",
                                 documented=lambda name: DOCUMENTED.get(name, []))
    return [(f.line or 0, f.message) for f in found]


def test_shown_outputs_reads_doctests_and_trailing_comments() -> None:
    code = ('>>> f(1)\n2\nprint(g("a"))  # -> \'b\'\nh(3)  # Output: 4\n>>> k(5)\n>>> k(6)\n\n'
            'x = 1  # a comment\n')
    assert shown_outputs(code) == [(0, "f", "1", "2"), (2, "g", '"a"', "'b'"),
                                   (3, "h", "3", "4")]


def test_a_result_unlike_every_documented_one_flags_the_block() -> None:
    found = _findings(ARTICLE)
    assert [line for line, _ in found] == [5, 16]
    assert "'puni-puni'" in found[0][1] and "'egg_and_hams'" in found[1][1]


def test_documented_or_similar_results_pass() -> None:
    text = ('```python\n>>> pluralize("octopus")\n\'octopi\'\n'
            '>>> dasherize("a_b")\n\'a-b\'\n>>> unknown(1)\n\'x\'\n```\n')
    assert _findings(text) == []


def test_strip_deletes_the_whole_example() -> None:
    found = contradicted_outputs(parse_markdown(ARTICLE), ARTICLE.split("\n"), path="a.md",
                                 documented=lambda name: DOCUMENTED.get(name, []))
    text, _ = strip_spans(ARTICLE, [Span(f.line or 0, f.text) for f in found])
    assert "IoError" not in text and "egg_and_hams" not in text
    assert ">>> pluralize(\"octopus\")" in text and "```ruby" not in text
