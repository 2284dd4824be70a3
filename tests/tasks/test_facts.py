"""The facts block of a section's prompt (pse.tasks.article.facts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from article_support import GOOD_RUN, run_article
from pse.index.builder import build_index
from pse.llm.fake import ScriptedLLM
from pse.tasks.article.facts import FACTS_CHARS, focus_symbols, section_facts
from pse.verify.claims.code import member_count
from pse.verify.resolve import Resolver, project_resolver


@pytest.fixture
def resolver(tinyqueue: Path, tmp_path: Path) -> Resolver:
    index, _ = build_index(tinyqueue, cache_dir=tmp_path / "cache")
    return project_resolver(index)


def _line(block: str, name: str) -> str:
    (line,) = [x for x in block.splitlines() if x.startswith(f"- `{name}` (")]
    return line


def test_facts_enum_members_and_their_count(resolver: Resolver) -> None:
    line = _line(section_facts(resolver, ["`JobState`"]), "JobState")
    assert line == ("- `JobState` (enum, src/tinyqueue/job.py:10): 4 members: `PENDING`, "
                    "`RUNNING`, `DONE`, `FAILED`")


def test_facts_count_agrees_with_the_count_claim_check(resolver: Resolver) -> None:
    (state,) = focus_symbols(resolver.index, ["JobState"])
    said = int(_line(section_facts(resolver, ["JobState"]), "JobState").split(": ")[1].split()[0])
    assert member_count(resolver, state, said).holds is True
    assert member_count(resolver, state, 3).holds is False  # "three states" stays a finding


def test_facts_constructor_parameters_with_defaults_and_callers(resolver: Resolver) -> None:
    line = _line(section_facts(resolver, ["JobQueue"]), "JobQueue")
    assert "`JobQueue(policy: RetryPolicy | None=None, *, sleep=time.sleep)`, 2 parameters" \
        in line
    # private helpers are not listed; each method says what it returns
    assert "2 public methods: `submit` (returns `Job`), `run_all` (returns `list[Job]`)" in line
    assert "called by `main` (src/tinyqueue/__main__.py:10)" in line


def test_facts_dataclass_fields_are_its_parameters(resolver: Resolver) -> None:
    line = _line(section_facts(resolver, ["RetryPolicy"]), "RetryPolicy")
    assert line.startswith("- `RetryPolicy` (dataclass, src/tinyqueue/queue.py:14)")
    assert "2 fields, its parameters in order: `max_attempts=3`, `backoff=0.1`" in line


def test_facts_method_signature_and_return_annotation(resolver: Resolver) -> None:
    line = _line(section_facts(resolver, ["RetryPolicy.delay()"]), "RetryPolicy.delay")
    assert "signature `delay(self, attempt: int) -> float`; 1 parameter besides `self`" in line
    assert "called by `JobQueue._run_with_retries`" in line


def test_facts_a_file_focus_lists_its_public_definitions(resolver: Resolver) -> None:
    block = section_facts(resolver, ["src/tinyqueue/job.py"])
    assert [x.split("`")[1] for x in block.splitlines()] == ["JobState", "Job"]


def test_facts_unknown_or_empty_focus_gives_no_block(resolver: Resolver) -> None:
    assert section_facts(resolver, ["NoSuchThing", "", "README.md"]) == ""


def test_facts_block_stays_within_its_budget_in_whole_lines(resolver: Resolver) -> None:
    focus = ["JobQueue", "JobState", "Job", "RetryPolicy", "JobQueue.submit", "Job.run"]
    whole = section_facts(resolver, focus, limit=10_000)
    small = section_facts(resolver, focus, limit=300)
    assert len(section_facts(resolver, focus)) <= FACTS_CHARS
    assert 0 < len(small) <= 300 < len(whole)
    assert set(small.splitlines()) < set(whole.splitlines())


_RAISING = '''"""A module with decorators and raise sites."""
import functools


class Store:
    """Keeps things."""

    @property
    def size(self) -> int:
        return 0

    @functools.cache
    def get(self, key: str, default: str | None = None) -> str:
        if not key:
            raise ValueError("empty key")
        raise KeyError(key)


async def fetch(url: str, *, timeout: float = 3.0) -> bytes:
    raise TimeoutError(url)
'''


def test_facts_decorators_raises_and_async(tmp_path: Path) -> None:
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree" / "store.py").write_text(_RAISING, encoding="utf-8")
    index, _ = build_index(tmp_path / "tree", cache_dir=tmp_path / "cache")
    block = section_facts(project_resolver(index), ["Store.get", "Store.size", "fetch"])
    get, size, fetch = block.splitlines()
    assert "`get(self, key: str, default: str | None=None) -> str`" in get
    assert "2 parameters besides `self`" in get
    assert "decorators `@functools.cache`" in get and "raises `ValueError`, `KeyError`" in get
    assert "decorators `@property`" in size
    assert fetch.startswith("- `fetch` (async function, store.py:19)")
    assert "`fetch(url: str, *, timeout: float=3.0) -> bytes`" in fetch


def test_facts_reach_the_section_prompt(tinyqueue: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM(list(GOOD_RUN))
    run_article(tinyqueue, llm, tmp_path / "run")
    jobs = next(r.messages[-1].content for r in llm.requests
                if r.info.stage == "specialist" and '"## Jobs"' in r.messages[-1].content)
    facts = jobs.split("CODE FACTS")[1].split("SOURCE EXCERPTS")[0]
    assert "`JobState` (enum, src/tinyqueue/job.py:10): 4 members" in facts
    assert "`Job.run` (method" in facts


_OVERLOADED = '''"""Overloads and a long signature."""
from typing import overload


class Reader:
    @overload
    def read(self, size: int) -> bytes: ...
    @overload
    def read(self, size: None) -> str: ...
    def read(self, size=None):
        raise OSError(size)


def configure(first_option_with_a_long_name: dict[str, list[int]] | None = None,
              second_option_with_a_long_name: dict[str, list[int]] | None = None,
              third_option_with_a_long_name: dict[str, list[int]] | None = None) -> None:
    pass
'''


def test_facts_overloads_are_one_method_and_long_signatures_shrink(tmp_path: Path) -> None:
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree" / "reader.py").write_text(_OVERLOADED, encoding="utf-8")
    index, _ = build_index(tmp_path / "tree", cache_dir=tmp_path / "cache")
    resolver = project_resolver(index)
    reader, read, configure = section_facts(
        resolver, ["Reader", "Reader.read", "configure"]).splitlines()
    assert "1 public method: `read`" in reader
    assert "(method, reader.py:10)" in read and "raises `OSError`" in read  # the implementation
    assert "`configure(first_option_with_a_long_name=None, second_option_with_a_long_name=" \
        "None, third_option_with_a_long_name=None) -> None`" in configure


_UNANNOTATED = '''\
class Span:
    def matches(self, other):
        return self.begin == other.begin and self.end == other.end

    def overlap(self, begin):
        """Spans overlapping ``begin``.

        :rtype: set of Span
        """
        return self.lookup(begin)

    def copy(self):
        return Span()

    def clear(self):
        self.items = []

    def lookup(self, begin):
        return self.cache.get(begin)
'''


def test_facts_say_what_unannotated_functions_return(tmp_path: Path) -> None:
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree" / "spans.py").write_text(_UNANNOTATED, encoding="utf-8")
    index, _ = build_index(tmp_path / "tree", cache_dir=tmp_path / "cache")
    resolver = project_resolver(index)
    span, matches, overlap, lookup = section_facts(
        resolver, ["Span", "Span.matches", "Span.overlap", "Span.lookup"]).splitlines()
    # read from the return statements, the docstring, a constructor call, no return at all
    assert "5 public methods: `matches` (returns `bool`), `overlap` (returns `set of Span`), " \
        "`copy` (returns `Span`), `clear` (returns `None`), `lookup`" in span
    assert "signature `matches(self, other)`; returns `bool`" in matches
    assert "returns `set of Span`" in overlap
    assert "returns" not in lookup.split("; ", 1)[1]  # unknown: nothing said
