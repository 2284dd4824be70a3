"""Signatures and counts a writer states in running text and in labelled list items:
a code span written as a definition's line ("`JobQueue(policy: RetryPolicy, retries:
int)`"), a label followed by a count ("- `RetryPolicy`: 3 parameters"), the constructor
``@dataclass`` and ``NamedTuple`` write, and the fix a count's suggestion makes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.check import Document, check_documents
from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "jobs/__init__.py": "",
    "jobs/queue.py": '''\
import contextlib
from dataclasses import KW_ONLY, dataclass, field
from enum import Enum, _simple_enum
from typing import ClassVar, NamedTuple


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 3
    backoff: float = 0.1
    registry: ClassVar[dict] = {}
    plain = "not a field"

    def delay(self, attempt: int) -> float:
        return self.backoff * (2 ** (attempt - 1))

    def heapq(self) -> None:
        pass


@dataclass
class Timed(RetryPolicy):
    _: KW_ONLY
    timeout: float = 1.0
    seen: list = field(default_factory=list, init=False)


@dataclass(init=False)
class Manual:
    a: int
    b: int


class Point(NamedTuple):
    x: int
    y: int


Policy = RetryPolicy


class Lock:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None


@contextlib.contextmanager
def opened(path):
    yield path


def log(message):
    print(message)


def make_lock():
    return Lock()


@_simple_enum(Enum)
class Safety:
    safe = 0
    unsafe = -1


class JobQueue:
    def __init__(self, policy=None, *, sleep=None):
        self.policy = policy

    def submit(self, func, *args, name=""):
        return func
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="jobs")


@pytest.mark.parametrize("text, statuses", [
    ("The signature is `JobQueue(policy: RetryPolicy, retries: int)`.",
     ["unverified", "verified"]),
    ("Its signature is `JobQueue(policy: RetryPolicy, sleep: Callable)`.",
     ["verified", "verified"]),
    ("It is declared as `def delay(self, attempt, jitter)`.", ["unverified", "verified"]),
    ("`delay(self, tries)` computes the wait.", ["unverified"]),
    ("- `RetryPolicy`: signature `RetryPolicy(max_attempts: int, retries: float)`",
     ["unverified", "verified"]),
    # a call names arguments, not parameters: the call check binds those
    ("Call `JobQueue(policy, sleep)` to make one.", []),
    ("Call `JobQueue(RetryPolicy(max_attempts=5))` to make one.", []),
])
def test_claims_a_definition_line_written_in_a_code_span(resolver: Resolver, text: str,
                                                         statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text + "\n", "has_param")) == statuses


def test_claims_the_return_annotation_of_a_written_signature(resolver: Resolver) -> None:
    assert claim_statuses(resolver, "It is `delay(self, attempt: int) -> str`.\n",
                          "returns") == ["unverified"]
    assert claim_statuses(resolver, "It is `delay(self, attempt: int) -> float`.\n",
                          "returns") == ["verified"]


@pytest.mark.parametrize("text, relation, status", [
    ("- `JobQueue`: 3 parameters\n", "param_count", "unverified"),
    ("- `JobQueue`: two parameters\n", "param_count", "verified"),
    ("- `delay`: signature `delay(self, attempt: int) -> float`; 2 parameters\n",
     "param_count", "unverified"),
    ("- `delay`: signature `delay(self, attempt: int) -> float`; 1 parameter\n",
     "param_count", "verified"),
    ("- `JobQueue`：3 个参数\n", "param_count", "unverified"),
    ("- **`RetryPolicy`**: The policy. 4 fields: `max_attempts`, `backoff`.\n",
     "member_count", "unverified"),
])
def test_claims_a_count_after_a_label_are_the_labels(resolver: Resolver, text: str,
                                                     relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


def test_claims_a_count_needs_the_label_as_its_subject(resolver: Resolver) -> None:
    # a count in a sentence with its own subject is that subject's, not the label's
    text = "- `JobQueue`: it wraps `delay`, which takes 3 parameters\n"
    assert not any(n.startswith("param_count(jobs.queue.JobQueue")
                   for n in _claim_names(resolver, text))


@pytest.mark.parametrize("text, status", [
    ("The `RetryPolicy` class takes 2 parameters.", "verified"),  # not the ClassVar
    ("The `RetryPolicy` class takes 4 parameters.", "unverified"),  # nor the plain name
    ("The `Timed` class takes 3 parameters.", "verified"),  # the base's fields first
    ("The `Timed` class takes 4 parameters.", "unverified"),  # ``init=False`` is none
    ("The `Point` class takes 2 parameters.", "verified"),
    ("The `Point` class takes 3 parameters.", "unverified"),
    ("The `Manual` class takes 3 parameters.", "ignored"),  # its __init__ is elsewhere
])
def test_claims_count_the_parameters_of_a_generated_constructor(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text + "\n", "param_count") == [status]


@pytest.mark.parametrize("text, status", [
    # a parameter of the generated constructor is read the same way as its count
    ("The `Timed` class takes a `timeout` parameter.", "verified"),
    ("The `Timed` class takes a `seen` parameter.", "unverified"),   # ``init=False``
    ("The `RetryPolicy` class takes a `registry` parameter.", "unverified"),  # ClassVar
    ("The `Manual` class takes an `a` parameter.", "ignored"),  # its __init__ is elsewhere
])
def test_claims_a_parameter_of_a_generated_constructor(resolver: Resolver, text: str,
                                                       status: str) -> None:
    assert claim_statuses(resolver, text + "\n", "has_param") == [status]


@pytest.mark.parametrize("text, fixed", [
    ("The `delay` method takes 3 parameters.", "The `delay` method takes 1 parameter."),
    ("The `JobQueue` class takes one parameter.", "The `JobQueue` class takes 2 parameters."),
    ("The `JobQueue` class takes 3 optional parameters.",
     "The `JobQueue` class takes 2 optional parameters."),
])
def test_claims_a_counts_suggestion_agrees_in_number(resolver: Resolver, text: str,
                                                     fixed: str) -> None:
    checked = check_documents([Document("doc.md", text + "\n")], resolver)
    suggestions = [c.result.suggestion for c in checked
                   if c.ref.name.startswith("param_count(")]
    assert suggestions == [fixed]


def _claim_names(resolver: Resolver, text: str) -> list[str]:
    checked = check_documents([Document("doc.md", text)], resolver)
    return [c.ref.name for c in checked if c.ref.kind == "claim"]


@pytest.mark.parametrize("text, statuses", [
    # a heading naming two codes together lends them to the section's plural anaphor
    ("### `JobQueue.submit` and `RetryPolicy.delay` Methods\n\n"
     "These methods are small. They call `print`.\n", ["unverified", "unverified"]),
    ("### `JobQueue.submit` 和 `RetryPolicy.delay` 方法\n\n它们都调用 `print`。\n",
     ["unverified", "unverified"]),
    # not once another subject has been named, and not under a heading about more
    ("### `JobQueue.submit` and `RetryPolicy.delay` Methods\n\n"
     "The `JobQueue` class is the queue. They call `print`.\n", []),
    ("### Using `JobQueue.submit` and `RetryPolicy.delay` together\n\n"
     "They call `print`.\n", []),
])
def test_claims_a_sections_plural_anaphor_stands_for_the_codes_its_heading_names(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "calls") == statuses


@pytest.mark.parametrize("text, status", [
    # an owner misspelt in case only is still the class (its name is flagged on its own)
    ("The `Retrypolicy.delay` method takes 3 parameters.", "unverified"),
    ("The `Retrypolicy.delay` method takes one parameter.", "verified"),
    # a name that no class matches, even in case, says nothing
    ("The `RetryPolicies.delay` method takes 3 parameters.", "ignored"),
])
def test_claims_an_owner_written_in_another_case_is_the_class(resolver: Resolver, text: str,
                                                             status: str) -> None:
    assert claim_statuses(resolver, text + "\n", "param_count") == [status]


@pytest.mark.parametrize("text, relation, statuses", [
    # a name bound to a class is called as that class
    ("- **`Policy`**:\n  - **Parameters**: `max_attempts`, `tries`.\n", "has_param",
     ["unverified", "verified"]),
    ("- **`Policy`**：\n  - **返回值**: `None`。\n", "returns", ["unverified"]),
    ("- **`Policy`**：\n  - **返回值**: `RetryPolicy`。\n", "returns", ["verified"]),
])
def test_claims_a_name_bound_to_a_class_is_that_class_when_called(
        resolver: Resolver, text: str, relation: str, statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, relation)) == statuses


@pytest.mark.parametrize("text, statuses", [
    ("#### `RetryPolicy`\n\n- **Helper function**: computes the delay.\n", ["unverified"]),
    ("#### `RetryPolicy`\n\n- **Helper class**: computes the delay.\n", ["verified"]),
    ("#### `RetryPolicy`\n\n- **辅助函数**：计算等待时间。\n", ["unverified"]),
    # the text names its own subject: the label is a category of that code
    ("#### `RetryPolicy`\n\n- **Helper function**: `delay` computes the wait.\n", []),
])
def test_claims_a_label_that_is_only_a_kind_says_it_of_the_owner(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "kind") == statuses


@pytest.mark.parametrize("text, relation, status", [
    # ``@_simple_enum(Enum)`` over a plain class (the standard library's enums)
    ("The `Safety` class is an enum.", "kind", "verified"),
    ("The `Safety` enum has three members.", "member_count", "unverified"),
    ("The `Safety` enum has two members.", "member_count", "verified"),
])
def test_claims_a_class_an_enum_decorator_makes(resolver: Resolver, text: str, relation: str,
                                                status: str) -> None:
    assert set(claim_statuses(resolver, text + "\n", relation)) == {status}


def test_claims_a_standard_module_named_as_a_module_is_not_the_trees_homonym(
        resolver: Resolver) -> None:
    # the tree's `heapq` method is no module, but the text means the standard library's
    assert claim_statuses(resolver, "It uses the `heapq` module.\n", "kind") == ["ignored"]
    assert claim_statuses(resolver, "`delay` is a module.\n", "kind") == ["unverified"]


@pytest.mark.parametrize("text, statuses", [
    # a verb of use after a plural subject, as after a singular one
    ("`JobQueue.submit` and `RetryPolicy.delay` use `print()`.", ["unverified", "unverified"]),
    ("`JobQueue.submit` uses `print()`.", ["unverified"]),
    # an order names no subject
    ("Use `print()` with `JobQueue.submit`.", []),
])
def test_claims_a_plural_subject_uses_what_it_calls(resolver: Resolver, text: str,
                                                   statuses: list[str]) -> None:
    assert claim_statuses(resolver, text + "\n", "calls") == statuses


@pytest.mark.parametrize("text, status", [
    ("The `Lock` class is a context manager.", "verified"),
    ("`opened` is a context manager.", "verified"),
    ("`RetryPolicy` 是一个上下文管理器。", "unverified"),
    ("`log` is a context manager.", "unverified"),  # it returns nothing
    ("`make_lock` is a context manager.", "ignored"),  # it may return one
])
def test_claims_what_is_a_context_manager(resolver: Resolver, text: str, status: str) -> None:
    checked = check_documents([Document("doc.md", text + "\n")], resolver)
    assert [c.result.status for c in checked
            if c.ref.name.startswith("kind(") and "context manager" in c.ref.name] == [status]


def test_claims_a_section_titled_context_managers(resolver: Resolver) -> None:
    text = "## Context Managers\n\n- **`Lock`**: a lock.\n- **`log`**: logs.\n"
    assert claim_statuses(resolver, text, "kind") == ["verified", "unverified"]
