"""What each call of a function body is made on, read from the syntax alone."""

from __future__ import annotations

from pse.index.bodies import extract_bodies

_SOURCE = b'''
import heapq

class Store(Base):
    def __init__(self, path: str):
        self._map = {}
        self._lock = None
        self._lock = RLock()
        self._backend = make_backend(path)

    def get(self, key, fallback: dict, reader: "Reader | None" = None, other=None):
        found = self._map.get(key)
        items = []
        items.append(found)
        super().get(key)
        heapq.heappush(items, 1)
        self.expire()
        helper(key)
        fallback.items()
        other.read()
        Reader(key).parse()
        "-".join(items)
        for each in items:
            each.close()
        return self._backend.fetch(key)

def outer(text):
    parts = []

    def flush():
        parts.append(text)

    flush()
    return parts
'''


def _bodies() -> dict[str, object]:
    return {b.qualname: b for b in extract_bodies(_SOURCE, module="m")}


def test_receivers_of_each_call() -> None:
    get = dict(_bodies()["m.Store.get"].receivers)
    assert get["get"] == ("attr:_map", "super")  # self._map.get() and super().get()
    assert get["append"] == ("type:list",)
    assert get["heappush"] == ("name:heapq",)
    assert get["expire"] == ("self",)
    assert get["helper"] == ("",)
    assert get["items"] == ("type:dict",)  # annotated parameter
    assert get["read"] == ("?",)  # a parameter the code says nothing about
    assert get["parse"] == ("type:Reader",)
    assert get["join"] == ("type:str",)
    assert get["close"] == ("?",)  # a loop variable
    assert get["fetch"] == ("attr:_backend",)


def test_attribute_types_ignore_none_and_unknown_values() -> None:
    attributes = dict(_bodies()["m.Store.__init__"].attributes)
    assert attributes == {"_map": "dict", "_lock": "RLock", "_backend": ""}


def test_a_nested_function_sees_the_enclosing_locals() -> None:
    bodies = _bodies()
    assert dict(bodies["m.outer.flush"].receivers)["append"] == ("type:list",)
    assert dict(bodies["m.outer"].receivers)["flush"] == ("",)  # a nested def is called bare


def test_a_returned_local_is_what_plain_assignments_give_it() -> None:
    from pse.index.returns import extract_returned

    source = b'''
def make(reason):
    adapter = Adapter(reason)
    return adapter

def pick(flag):
    if flag:
        out = []
    else:
        out = Thing()
    return out

def last(items):
    for item in items:
        pass
    return item

def param(value):
    return value
'''
    found = {q: tuple((r.kind, r.name) for r in shapes)
             for (q, _), shapes in extract_returned(source, module="m").items()}
    assert found["m.make"] == (("call", "Adapter"),)
    assert sorted(found["m.pick"]) == [("call", "Thing"), ("literal", "list")]
    assert found["m.last"] == (("unknown", ""),)  # a loop binds it
    assert found["m.param"] == (("unknown", ""),)  # a parameter may be anything


def test_a_returned_local_grown_in_place_keeps_its_type() -> None:
    from pse.index.returns import extract_returned

    source = b'''
def render(rows):
    out = ""
    for row in rows:
        out += row + "\\n"
    return out

def gather(rows):
    found = []
    found += rows
    return found

def total(rows):
    n = 0
    n += len(rows)
    return n

def mixed(flag):
    out = "" if flag else []
    out += "x"
    return out
'''
    found = {q: tuple((r.kind, r.name) for r in shapes)
             for (q, _), shapes in extract_returned(source, module="m").items()}
    assert found["m.render"] == (("literal", "str"),)  # str += anything is a str or raises
    assert found["m.gather"] == (("literal", "list"),)
    assert found["m.total"] == (("unknown", ""),)  # an int += may make a float
    assert found["m.mixed"] == (("unknown", ""),)
