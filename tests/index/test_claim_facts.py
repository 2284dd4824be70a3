"""Facts the structural-claim check reads: decorators, async-ness, values, bodies."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pse.index.bodies import extract_bodies
from pse.index.builder import build_index
from pse.index.python import extract_python

_SOURCE = b'''\
import functools

LIMIT = 3
FLAG = LIMIT > 2
handler = functools.partial(print)


class Box:
    size = 1

    @property
    def area(self):
        return self.size

    @functools.cached_property
    def volume(self):
        return 0

    @classmethod
    def make(cls, *parts, **options):
        return cls()


async def load(path):
    def inner():
        return helper()
    result = await fetch(path)
    if not result:
        raise errors.NotFound(path)
    raise ValueError
'''


def test_definitions_record_decorators_async_and_varargs() -> None:
    parsed = extract_python(_SOURCE, path="m.py", module="m", is_package=False)
    facts = {f.qualname: f for f in parsed.defs}
    assert facts["m.Box.area"].decorators == ("property",)
    assert facts["m.Box.volume"].decorators == ("functools.cached_property",)
    assert facts["m.Box.make"].decorators == ("classmethod",)
    assert facts["m.Box.make"].varargs and not facts["m.Box.area"].varargs
    assert facts["m.load"].is_async and not facts["m.Box.make"].is_async
    assert facts["m.load"].line == 24


def test_assignments_record_the_form_of_their_value() -> None:
    parsed = extract_python(_SOURCE, path="m.py", module="m", is_package=False)
    values = {f.qualname: f.value for f in parsed.defs if f.value}
    assert values == {"m.LIMIT": "literal", "m.FLAG": "literal", "m.handler": "call",
                      "m.Box.size": "literal"}


def test_bodies_list_own_calls_and_raise_sites() -> None:
    bodies = {b.qualname: b for b in extract_bodies(_SOURCE, module="m")}
    load = bodies["m.load"]
    assert load.calls == ("fetch", "NotFound")  # inner()'s helper() is not load's own call
    assert load.raises == ("errors.NotFound", "ValueError")
    assert "helper" in load.names  # but the name does occur in the function
    assert bodies["m.load.inner"].calls == ("helper",)
    assert bodies["m.Box.make"].calls == ("cls",)


def test_bodies_leave_out_what_they_only_catch_and_raise_what_they_rethrow() -> None:
    source = b"""\
def quiet(table, key):
    try:
        return table[key]
    except (Missing, errors.Gone):
        return None


def loud(table, key):
    try:
        return table[key]
    except Missing:
        log(key)
        raise
"""
    bodies = {b.qualname: b for b in extract_bodies(source, module="m")}
    assert "Missing" not in bodies["m.quiet"].names  # caught: not a name it may raise
    assert "Gone" not in bodies["m.quiet"].names and bodies["m.quiet"].raises == ()
    assert bodies["m.loud"].raises == ("Missing",)  # the bare raise sends it on
    assert "log" in bodies["m.loud"].names


def test_bodies_leave_out_a_raise_their_own_handler_catches() -> None:
    source = b"""\
def walk(doc, part):
    try:
        if part not in doc:
            raise KeyError(part)
        return doc[part]
    except LookupError:
        raise PointerError(part)


def strict(doc, part):
    if part is None:
        raise KeyError(part)
    try:
        raise KeyError(part)
    except KeyError:
        return None
"""
    bodies = {b.qualname: b for b in extract_bodies(source, module="m")}
    # a KeyError caught as a LookupError and converted: only PointerError leaves
    assert bodies["m.walk"].raises == ("PointerError",)
    assert "KeyError" not in bodies["m.walk"].names
    assert bodies["m.strict"].raises == ("KeyError",)  # one raise of it is not caught


def test_bodies_record_the_errors_caught_around_each_call_and_lookup() -> None:
    source = b"""\
def cancel(jobs, job):
    try:
        jobs.remove(job)
    except ValueError:
        log(job)
    jobs.append(job)


def fetch(table, key):
    try:
        value = table[key]
    except LookupError as error:
        raise error
    try:
        table.pop(key)
    except Exception:
        pass
    return table.pop(key) if key else value


def convert(table, key):
    try:
        return table[key]
    except (KeyError, IndexError):
        raise ConfigError(key) from None
"""
    bodies = {b.qualname: b for b in extract_bodies(source, module="m")}
    cancel, fetch, convert = bodies["m.cancel"], bodies["m.fetch"], bodies["m.convert"]
    assert cancel.caught("remove", ("ValueError",))
    assert not cancel.caught("remove", ("KeyError", "LookupError"))
    assert not cancel.caught("append", ("ValueError",)) and not cancel.caught("log", ("*",))
    assert not fetch.caught("[]", ("KeyError", "LookupError"))  # ``raise error`` sends it on
    assert not fetch.caught("pop", ("KeyError",))  # once caught by ``except Exception``, once not
    assert convert.caught("[]", ("KeyError",))  # converted into another error
    assert convert.raises == ("ConfigError",)


def test_a_lookup_the_body_checks_first_and_a_call_given_its_fallback_are_guarded() -> None:
    source = b"""\
def drop(tables, data, name):
    if name in tables:
        del tables[name]
    if data is None:
        return
    if name not in data:
        return
    del data[name]


def group(groups, key, item):
    if key not in groups:
        groups[key] = []
    groups[key].append(item)
    return {k: groups[k] for k in groups if groups and k in groups and groups[k]}


def unbind(context, keys, it):
    for key in keys:
        context.pop(key, None)
    return next(it, None), getattr(context, "x", None)


def loose(table, key, other, it, items):
    if key in other:
        value = table[key]
    if key not in table:
        log(key)
    items.pop()
    return value, table[key], next(it)


def looped(table, found):
    for key in table:
        found.append(table[key])
    return table["x"] if "x" in table else None
"""
    bodies = {b.qualname: b for b in extract_bodies(source, module="m")}
    drop, group, unbind = bodies["m.drop"], bodies["m.group"], bodies["m.unbind"]
    assert drop.caught("[]", ("KeyError",)) and group.caught("[]", ("KeyError",))
    assert not drop.caught("[]", ("IndexError",))  # ``k in seq`` asks for a value, not an index
    assert unbind.caught("pop", ("KeyError",)) and unbind.caught("next", ("StopIteration",))
    assert unbind.caught("getattr", ("AttributeError",))
    loose = bodies["m.loose"]
    # another container checked, a check that does not leave, no fallback given
    assert not loose.caught("[]", ("KeyError",))
    assert not loose.caught("pop", ("KeyError",)) and not loose.caught("next", ("StopIteration",))
    assert bodies["m.looped"].caught("[]", ("KeyError",))  # ``for k in d: d[k]``


def test_bodies_of_a_file_that_does_not_parse_are_empty() -> None:
    assert extract_bodies(b"def broken(:\n", module="m") == []


def test_index_answers_facts_and_caches_bodies_until_the_file_changes(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_bytes(_SOURCE)
    cache = tmp_path / "cache"
    index, _ = build_index(root, cache_dir=cache, workers=1)
    [load] = index.by_qualname("pkg.load")
    assert index.def_facts("pkg.load")[0].is_async
    body = index.body_facts(load)
    assert body is not None and body.raises == ("errors.NotFound", "ValueError")
    index.close()

    [database] = (cache / "index").glob("*.sqlite")
    rows = sqlite3.connect(database).execute("SELECT COUNT(*) FROM bodies").fetchone()[0]
    assert rows == 6  # five functions and the file's done-marker

    (root / "pkg" / "__init__.py").write_bytes(b"async def load(path):\n    raise KeyError\n")
    index, _ = build_index(root, cache_dir=cache, workers=1)
    [load] = index.by_qualname("pkg.load")
    body = index.body_facts(load)
    assert body is not None and body.raises == ("KeyError",)
    assert index.body_facts(index.by_qualname("pkg")[0]) is None  # a module has no body
    index.close()


def test_assignments_of_a_subscripted_type_are_aliases() -> None:
    source = (b"from typing import Literal, Tuple, TypeAlias\n"
              b"Mode = Literal['a', 'b']\nKey = Tuple[int, str]\nPair: TypeAlias = 'tuple'\n"
              b"first = items[0]\n")
    parsed = extract_python(source, path="m.py", module="m", is_package=False)
    values = {f.qualname: f.value for f in parsed.defs if f.value}
    assert values == {"m.Mode": "alias", "m.Key": "alias", "m.Pair": "alias",
                      "m.first": "other"}


def test_return_annotations_are_read_on_demand() -> None:
    from pse.index.returns import extract_returns

    source = (b"import typing\n\n\ndef f() -> typing.Optional['Resp']:\n    pass\n\n\n"
              b"class C:\n    async def g(self) -> None:\n        pass\n\n"
              b"    def h(self):\n        pass\n")
    assert extract_returns(source, module="m") == {
        ("m.f", 4): ("typing.Optional", "Resp", "typing"), ("m.C.g", 9): ("None",)}
    assert extract_returns(b"def broken(:\n", module="m") == {}
