"""A package named after the class it exports: ``croniter.get_next`` in prose is the
class's method; in an example that imports the package, it is the module's (a mistake)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.check import Document, check_documents
from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "cron/__init__.py": "from cron.cron import cron\n",
    "cron/cron.py": '''\
class cron:
    def get_next(self, ret_type=None, start_time=None):
        return start_time
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="namesake")


def _statuses(resolver: Resolver, text: str) -> dict[str, str]:
    checked = check_documents([Document("doc.md", text)], resolver)
    return {c.ref.name: c.result.status for c in checked if c.ref.kind == "symbol"}


def test_a_packages_namesake_class_member_in_prose(resolver: Resolver) -> None:
    found = _statuses(resolver, "Call `cron.get_next` for the next time; `cron.get_prev` too.\n")
    assert found == {"cron.get_next": "verified", "cron.get_prev": "unverified"}


def test_the_module_in_an_example_is_the_module(resolver: Resolver) -> None:
    found = _statuses(resolver, "```python\nimport cron\ncron.get_next()\n```\n")
    assert found.get("cron.get_next") == "unverified"


def test_a_claim_about_the_namesake_member_is_judged(resolver: Resolver) -> None:
    assert claim_statuses(resolver, "`cron.get_next` takes a `timestamp` parameter.",
                          "has_param") == ["unverified"]
    assert claim_statuses(resolver, "`cron.get_next` takes a `start_time` parameter.",
                          "has_param") == ["verified"]
