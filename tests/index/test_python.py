"""Python symbol extraction with ``ast``: kinds, lines, bases, params, imports, mentions."""

from __future__ import annotations

import textwrap

from pse.index.model import ImportEdge, Mention, Symbol
from pse.index.python import extract_python

SOURCE = textwrap.dedent('''\
    """A module."""
    import os
    import xml.etree.ElementTree as ET
    from .base import Base
    from ..shared import helpers
    from . import *
    from dataclasses import dataclass, field

    __all__ = ["Widget", "make"]
    LIMIT: int = 3
    A, B = 1, 2
    DEBUG = os.getenv("APP_DEBUG")
    TOKEN = os.environ["APP_TOKEN"]

    if DEBUG:
        VERBOSE = True
    else:
        VERBOSE = False


    class Widget(Base, metaclass=Meta):
        kind = "widget"

        class Options:
            color: str = "red"

        def __init__(self, name, *, size=1):
            self.name = name
            if size:
                self.size = size

        async def render(me, *args, fmt="html", **extra):
            me.cache = {}
            def inner():
                pass
            return inner


    @dataclass
    class Point:
        x: int
        y: int = 0
        tags: list = field(default_factory=list)


    def make(kind, /, flag=False, *rest, **options):
        """Build one."""
        parser.add_argument("--dry-run", action="store_true")
        return kind
''')


def _parse(source: str = SOURCE, *, module: str = "pkg.sub.mod", is_package: bool = False):
    return extract_python(source.encode("utf-8"), path="src/pkg/sub/mod.py", module=module,
                          is_package=is_package)


def _symbols(parsed) -> dict[str, Symbol]:  # noqa: ANN001 - ParsedFile
    return {s.qualname: s for s in parsed.symbols}


def test_python_module_symbol_spans_the_file() -> None:
    parsed = _parse()
    module = _symbols(parsed)["pkg.sub.mod"]
    assert (module.kind, module.name, module.parent, module.line) == ("module", "mod", "pkg.sub", 1)
    assert module.end_line == parsed.lines == len(SOURCE.splitlines())
    assert parsed.error == ""


def test_python_package_init_is_a_package_symbol() -> None:
    parsed = _parse("X = 1\n", module="pkg", is_package=True)
    assert _symbols(parsed)["pkg"].kind == "package"
    assert _symbols(parsed)["pkg.X"].kind == "attribute"


def test_python_classes_with_bases_nested_classes_and_lines() -> None:
    symbols = _symbols(_parse())
    widget = symbols["pkg.sub.mod.Widget"]
    assert (widget.kind, widget.line, widget.bases) == ("class", 21, ("Base",))
    assert widget.end_line == 36
    options = symbols["pkg.sub.mod.Widget.Options"]
    assert (options.kind, options.parent, options.line) == ("class", "pkg.sub.mod.Widget", 24)
    assert symbols["pkg.sub.mod.Widget.Options.color"].kind == "attribute"


def test_python_methods_params_and_varkw() -> None:
    symbols = _symbols(_parse())
    init = symbols["pkg.sub.mod.Widget.__init__"]
    assert (init.kind, init.params, init.varkw) == ("method", ("self", "name", "size"), False)
    render = symbols["pkg.sub.mod.Widget.render"]
    assert render.params == ("me", "fmt", "args", "extra") and render.varkw
    make = symbols["pkg.sub.mod.make"]
    assert (make.kind, make.params, make.varkw) == (
        "function", ("kind", "flag", "rest", "options"), True)
    assert symbols["pkg.sub.mod.make.flag"].kind == "parameter"
    assert "pkg.sub.mod.Widget.__init__.self" not in symbols
    assert symbols["pkg.sub.mod.Widget.render.inner"].kind == "function"


def test_python_instance_attributes_from_any_receiver_name() -> None:
    symbols = _symbols(_parse())
    assert symbols["pkg.sub.mod.Widget.name"].line == 28
    assert symbols["pkg.sub.mod.Widget.size"].line == 30  # nested in an if block
    assert symbols["pkg.sub.mod.Widget.cache"].line == 33  # receiver called ``me``
    assert symbols["pkg.sub.mod.Widget.kind"].line == 22  # class attribute


def test_python_module_attributes_constants_and_all() -> None:
    symbols = _symbols(_parse())
    for name, line in [("__all__", 9), ("LIMIT", 10), ("A", 11), ("B", 11), ("DEBUG", 12)]:
        assert symbols[f"pkg.sub.mod.{name}"].line == line, name
        assert symbols[f"pkg.sub.mod.{name}"].kind == "attribute"
    # names bound in if/else at module level count; each binding keeps its own line
    verbose = [s.line for s in _parse().symbols if s.qualname == "pkg.sub.mod.VERBOSE"]
    assert verbose == [16, 18]


def test_python_dataclass_fields() -> None:
    symbols = _symbols(_parse())
    assert [symbols[f"pkg.sub.mod.Point.{f}"].line for f in ("x", "y", "tags")] == [41, 42, 43]
    assert symbols["pkg.sub.mod.Point"].line == 40  # the class line, not the decorator


def test_python_imports_are_absolute() -> None:
    imports = set(_parse().imports)
    assert ImportEdge("pkg.sub.mod", "os", "os", 2) in imports
    assert ImportEdge("pkg.sub.mod", "ET", "xml.etree.ElementTree", 3) in imports
    assert ImportEdge("pkg.sub.mod", "Base", "pkg.sub.base.Base", 4) in imports
    assert ImportEdge("pkg.sub.mod", "helpers", "pkg.shared.helpers", 5) in imports
    assert ImportEdge("pkg.sub.mod", "*", "pkg.sub", 6) in imports
    assert ImportEdge("pkg.sub.mod", "field", "dataclasses.field", 7) in imports


def test_python_relative_import_in_package_init_starts_at_the_package() -> None:
    parsed = extract_python(b"from .client import Client\n", path="src/pkg/__init__.py",
                            module="pkg", is_package=True)
    assert parsed.imports == (ImportEdge("pkg", "Client", "pkg.client.Client", 1),)


def test_python_relative_import_beyond_the_top_is_dropped() -> None:
    parsed = extract_python(b"from ...far import x\n", path="a.py", module="a",
                            is_package=False)
    assert parsed.imports == ()


def test_python_env_var_and_flag_mentions_with_lines() -> None:
    mentions = set(_parse().mentions)
    assert Mention("env_var", "APP_DEBUG", 12) in mentions
    assert Mention("env_var", "APP_TOKEN", 13) in mentions
    assert Mention("flag", "--dry-run", 48) in mentions


def test_python_syntax_error_is_reported_not_raised() -> None:
    parsed = extract_python(b"def broken(:\n    pass\n", path="b.py", module="b",
                            is_package=False)
    assert parsed.symbols == () and parsed.lines == 2
    assert parsed.error.startswith("cannot parse: line 1")


def test_python_honours_pep263_encoding() -> None:
    source = "# -*- coding: latin-1 -*-\nNAME = 'caf\xe9'\n".encode("latin-1")
    parsed = extract_python(source, path="l.py", module="l", is_package=False)
    assert parsed.error == "" and "l.NAME" in _symbols(parsed)


def test_python_attributes_set_on_a_def_a_class_or_a_returned_object() -> None:
    # cachetools' decorators give what they return an API: ``wrapper.cache_parameters``
    parsed = _parse(textwrap.dedent('''\
        def _cache(cache):
            def decorator(func):
                wrapper = make(func)
                wrapper.cache_parameters = lambda: {}
                args = parse()
                args.verbose = True
                return wrapper
            return decorator

        def main():
            pass
        main.hidden = True

        class K:
            pass
        K.extra = 1
        obj.nope = 2
        '''))
    attributes = {q for q, s in _symbols(parsed).items() if s.kind == "attribute"}
    assert attributes == {"pkg.sub.mod._cache.decorator.wrapper.cache_parameters",
                          "pkg.sub.mod.main.hidden", "pkg.sub.mod.K.extra"}
    assert _symbols(parsed)["pkg.sub.mod.main.hidden"].line == 12


def test_python_module_getattr_names_are_module_attributes() -> None:
    source = ('_ALIASES = {"OldName": "NewName"}\n'
              "def __getattr__(name):\n"
              '    if name == "RefResolver":\n'
              "        return 1\n"
              '    if name in {"draft3_checker", "draft4_checker"}:\n'
              "        return 2\n"
              '    return {"Lazy": 3}[name]\n')
    names = {s.name for s in _parse(source).symbols if s.parent == "pkg.sub.mod"}
    assert {"RefResolver", "draft3_checker", "draft4_checker", "Lazy"} <= names
    assert "OldName" not in names  # only what the body itself names counts


def test_python_slots_are_class_attributes() -> None:
    source = 'class Point:\n    __slots__ = ("x", "y")\n\nclass One:\n    __slots__ = "z"\n'
    symbols = _symbols(_parse(source))
    assert symbols["pkg.sub.mod.Point.x"].kind == "attribute"
    assert symbols["pkg.sub.mod.Point.y"].line == 2
    assert "pkg.sub.mod.One.z" in symbols
