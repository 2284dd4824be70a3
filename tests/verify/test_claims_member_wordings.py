"""Members and kinds in the wordings of blog-style articles: a private method "on" a
class, a method 被定义成 a class's, a module-level helper in Chinese after a modifying
clause, a decorator followed by a purpose clause, and an old name (旧名称) as an alias."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "sched/__init__.py": "",
    "sched/core.py": '''\
class Job:
    def _move(self, when):
        return when

    @classmethod
    def build(cls):
        return cls()


class Scheduler:
    def run(self):
        return _index("mon")


def _index(day):
    return 0


def tz_win():
    return {}


tz_names = tz_win
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="sched")


@pytest.mark.parametrize("text, relation, status", [
    ("The `_move` helper is a private method on `Job` that shifts a date.", "has_method",
     "verified"),
    ("The `_move` helper is a private method on `Scheduler`.", "has_method", "unverified"),
    ("计算星期索引的 `_index` 被定义成 `Scheduler` 的 method。", "has_method", "unverified"),
    ("`_move` 被定义为 `Job` 的方法。", "has_method", "verified"),
    ("负责换算的 `_index` 是一个模块级的辅助函数。", "kind", "verified"),
    ("负责移动的 `_move` 是一个模块级的辅助函数。", "kind", "unverified"),
    ("`build` is declared as a `@classmethod` so it can be used without an instance.",
     "kind", "verified"),
    ("`run` is declared as a `@classmethod` so it can be used without an instance.",
     "kind", "unverified"),
    ("另外，`tz_names` 是 `tz_win` 的旧名称，保留它只是为了兼容老代码。", "alias_of", "verified"),
    ("另外，`tz_names` 是 `_index` 的旧名称。", "alias_of", "unverified"),
])
def test_claims_members_and_kinds_in_article_wordings(resolver: Resolver, text: str,
                                                      relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


def test_claims_an_anaphor_with_code_in_apposition_is_that_code(resolver: Resolver) -> None:
    from pse.verify.check import Document, check_documents

    text = "`_index` maps a day.\n\nThis class, `Job`, has a `run` method.\n"
    names = [c.ref.name for c in check_documents([Document("doc.md", text)], resolver)
             if c.ref.kind == "claim"]
    assert any(n.startswith("has_method(sched.core.Job,") for n in names)
    assert not any("_index, " in n for n in names)  # not the sentence before's subject
