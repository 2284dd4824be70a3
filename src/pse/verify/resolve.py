"""Resolve one reference against the symbol index: verified with evidence, or not.

Qualified names are followed through packages, modules, re-exports (``from .x import
Name``), star imports and in-repo base classes; ``Class.member`` is verified only when the
member is on that class or one of its bases. Unqualified names may live anywhere in the
tree. Paths must exist from the root or as a real path suffix; ``file:line`` must be in
range. A bare file name verifies only when one file of the tree has it (the evidence
is its full path); one that several files share is ambiguous. Names the tree does not
define are external when they demonstrably live elsewhere (builtins, stdlib,
dependencies), and flagged otherwise, with a did-you-mean suggestion.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from pse.index.facts import declared_dependencies
from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex
from pse.index.walk import is_test_path
from pse.verify.calls import CallShape, call_problem
from pse.verify.capitals import UPPER_WORD, is_plain_value, is_upper_word
from pse.verify.codetext import CodeText
from pse.verify.commands import CommandChecks
from pse.verify.externals import (
    BUILTIN_NAMES,
    WELL_KNOWN_ENV_VARS,
    ExternalNames,
    builtin_has,
    external_names,
    imported_stdlib_home,
    stdlib_cache_file,
    stdlib_has,
    stdlib_home,
)
from pse.verify.outputs import contradiction, documented
from pse.verify.paths import PathChecks
from pse.verify.polyglot import (
    ForeignAnswer,
    is_foreign,
    language_external,
    resolve_foreign,
)
from pse.verify.quoted import check_quote
from pse.verify.refs import Reference, Resolution
from pse.verify.spans import SHELL_PROGRAMS
from pse.verify.suggest import Suggester
from pse.verify.templates import ENGINE_WORDS

_MAX_DEPTH = 12
_PLACEHOLDERS = frozenset({"foo", "bar", "baz", "qux", "quux", "spam", "eggs", "ham",
                           "foobar", "hoge", "fuga"})
_EXAMPLE_VALUE = re.compile(r"[a-z][a-z0-9]?")
"""A value an example names with a letter or two (``b`` in ``b.contains(a)``)."""
_SHELLS = frozenset({"zsh", "fish", "pwsh", "ksh", "tcsh", "csh", "dash"})
_DUNDER = re.compile(r"__\w+__")
_PARAMETER_OWNERS = 50
_LOCAL_FILES = 400
_NAMED_OWNERS = 4
"""At most this many definitions of a name the sentence gives a local's owner by."""
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
"""At most this many functions taking a parameter of that name are read for an attribute
reached through it (``self``-like names are taken by thousands)."""
_CONTAINERS = {"module", "package", "class"}
_ENV_CONTEXT = re.compile(r"environ|env(?:ironment)?\s*var|\$[A-Z_]|export |环境变量|環境變數",
                          re.IGNORECASE)


@dataclass(frozen=True)
class _Hit:
    """A lookup result: a symbol in the tree, or a name known to be external."""

    symbol: Symbol | None = None
    external: str = ""
    """Why the name is known outside the tree ("" for symbols in it)."""
    target: str = ""
    """For external hits: the dotted name outside the tree (``typing.Generic``)."""


class Resolver(PathChecks, CommandChecks):
    """Answers references for one indexed tree."""

    def __init__(self, index: SymbolIndex, *, externals: ExternalNames,
                 suggest_cutoff: int = 75) -> None:
        self.index = index
        self.externals = externals
        self.suggester = Suggester(index, cutoff=suggest_cutoff)
        self._lookup_cache: dict[str, list[_Hit]] = {}
        self._through_cache: dict[str, list[tuple[str, int]]] = {}
        self._in_progress: set[str] = set()
        self._cycle_seen = False

    # ----------------------------------------------------------------- entry point
    def resolve(self, ref: Reference) -> Resolution:
        """The status of ``ref`` with evidence or a suggestion."""
        if ref.ignored and ref.ignored not in ("maybe-path", "maybe-program"):
            return Resolution("ignored", message=ref.ignored)
        if ref.template:
            return self._template(ref)
        if ref.kind in ("module", "symbol") and ref.origin == "code" and ref.positional >= 0:
            return self._called_module(ref)
        handler = {
            "path": self._path, "path_line": self._path_line, "symbol": self._symbol,
            "module": self._symbol, "env_var": self._env_var, "flag": self._flag,
            "command": self._command, "quote": self._quote,
        }[ref.kind]
        return handler(ref)

    def _called_module(self, ref: Reference) -> Resolution:
        """``import pprint`` then ``pprint(data)``, or ``glob2.fnmatch(name, pattern)`` of a
        submodule: no module is callable, so a call of a module of the tree or of the
        standard library raises ``TypeError``; the function the module holds under its own
        name is what was meant. A name that reads as anything but a module is the symbol
        check's."""
        hits = [h.symbol for h in self.lookup(ref.name) if h.symbol is not None]
        modules = [s for s in hits if s.kind in {"module", "package"}]
        if ref.kind == "symbol" and (not modules or len(modules) < len(hits)):
            return self._symbol(ref)
        if not modules and not (ref.name in sys.stdlib_module_names and not hits):
            return self._symbol(ref)
        last = ref.name.rsplit(".", 1)[-1]
        inner = f"{ref.name}.{last}"
        meant = any(h.symbol is not None and h.symbol.kind in {"function", "class"}
                    for h in self.lookup(inner)) or (not modules and callable(
                        getattr(sys.modules.get(ref.name), last, None)))
        return Resolution("unverified", evidence=tuple((s.path, None) for s in modules[:1]),
                          suggestion=inner if meant else "",
                          message=f"`{ref.text}` is a module" + (
                              " (the example imports it with `import`)"
                              if ref.kind == "module" else "") +
                          ": calling it raises TypeError")

    def _template(self, ref: Reference) -> Resolution:
        """A tag, filter or test of template syntax: the tree's own when it is an engine."""
        places = self.index.mentions("key", ref.name) or [
            place for key in (f"{ref.name}_begin", f"{ref.name}_start")  # a lexer's token
            for place in self.index.mentions("key", key)] or [
            (s.path, s.line) for prefix in ("parse_", "do_")  # a parser's method
            for s in self.index.by_name(f"{prefix}{ref.name}")]
        if places:
            return Resolution("verified", evidence=tuple(places[:3]))
        if not self._is_template_engine:
            return Resolution("ignored", message=f"a template {ref.template}, not a Python "
                              "reference (the tree is no template engine)")
        return self._unverified(ref, f"no template {ref.template} {ref.name!r} in the tree")

    @cached_property
    def _is_template_engine(self) -> bool:
        """True when the tree defines most of the standard template tags as strings."""
        known = sum(1 for word in ENGINE_WORDS if self.index.mentions("key", word))
        return known >= len(ENGINE_WORDS) * 2 // 3

    def _quote(self, ref: Reference) -> Resolution:
        return check_quote(ref, self.index)

    # ----------------------------------------------------------------- symbols
    def _symbol(self, ref: Reference) -> Resolution:
        name = ref.name
        parts = name.split(".")
        if ref.in_file:
            return self._definition(ref)
        if parts[0] in self.index.top_modules:
            hits = self.lookup(name)
            if not hits and ref.origin == "inline":
                hits = self.namesake_member(parts)
        else:
            hits = self.relative(parts)
        if hits:
            return self._from_hits(ref, hits)
        foreign = resolve_foreign(self.index, parts)
        if foreign is not None:
            return self._from_foreign(ref, foreign)
        return self._not_in_tree(ref, parts)

    def namesake_member(self, parts: list[str]) -> list[_Hit]:
        """``croniter.get_next`` in prose, of a package ``croniter`` that exports a class
        ``croniter``: the class's member, as the text means it (an example's code, where
        ``import croniter`` binds the module, is not read so)."""
        for cut in range(len(parts) - 1, 0, -1):
            namesake = ".".join(parts[:cut])
            for _ in range(3):  # croniter -> croniter.croniter (module) -> the class
                namesake = f"{namesake}.{parts[cut - 1]}"
                symbols = [h.symbol for h in self.lookup(namesake) if h.symbol is not None]
                classes = [s for s in symbols if s.kind == "class"]
                if classes:
                    return self.lookup(".".join([classes[0].qualname, *parts[cut:]]))
                if not any(s.kind in {"module", "package"} for s in symbols):
                    break
        return []

    def _from_foreign(self, ref: Reference, answer: ForeignAnswer) -> Resolution:
        """A name of the non-Python part of the tree (see :mod:`pse.verify.polyglot`)."""
        if answer.symbols:
            return Resolution("verified", evidence=_evidence(list(answer.symbols)))
        if answer.external:
            return Resolution("external", message=answer.external)
        return self._unverified(ref, answer.missing)

    def _from_hits(self, ref: Reference, hits: list[_Hit]) -> Resolution:
        symbols = [h.symbol for h in hits if h.symbol is not None]
        if not symbols:
            return Resolution("external", message=hits[0].external)
        if ref.kwargs and not all(is_test_path(s.path) for s in symbols):
            # a test's helper is no API a document explains: the example's ``Blog(...,
            # author=user)`` is the reader's own class, not the one in tests/base.py
            bad = self._bad_kwargs(symbols, ref.kwargs)
            if bad:
                return Resolution("unverified", evidence=_evidence(symbols),
                                  message=f"no parameter {bad!r} in the signature",
                                  suggestion=self.suggester.parameter(symbols, bad))
        if ref.positional >= 0 and not all(is_test_path(s.path) for s in symbols):
            callee = ref.text if ref.origin == "code" else ref.name  # as written
            called = symbols if "." in callee else \
                [s for s in symbols if s.kind != "method"] or symbols  # no receiver
            unbound = self._unbound_call(called, ref)
            if unbound:
                return Resolution("unverified", evidence=_evidence(called),
                                  message=f"the call does not fit the signature: {unbound}")
            contradicted = self._undocumented_output(called, ref)
            if contradicted:
                return Resolution("unverified", evidence=_evidence(called),
                                  message=f"the example's output is not the code's: "
                                          f"{contradicted}")
        return Resolution("verified", evidence=_evidence(symbols))

    def _not_in_tree(self, ref: Reference, parts: list[str]) -> Resolution:
        top = parts[0]
        keyed = self._as_key(ref)
        if keyed is not None:
            return keyed
        if top in self.index.top_modules:
            return self._unverified(ref, "not defined in the source tree")
        if top in BUILTIN_NAMES:
            if builtin_has(ref.name) is False and not _DUNDER.fullmatch(parts[-1]):
                return self._unverified(ref, "not an attribute of the builtin")
            return Resolution("external", message="builtin")
        found = self._elsewhere(ref, parts) or self._value_like(ref) or \
            _builtin_member(ref) or self._through_parameter(ref, parts) or \
            self._passed_as_keyword(ref, parts) or self._called_on_self(ref, parts) or \
            self._local_of_named_function(ref, parts) or self._method_on_a_value(ref, parts)
        return found or self._unverified(ref, "not found in the source tree")

    def _elsewhere(self, ref: Reference, parts: list[str]) -> Resolution | None:
        """External when the name demonstrably lives outside the tree."""
        top = parts[0]
        reason = self.externals.reason(top)
        if reason:
            return Resolution("external", message=reason)
        if _DUNDER.fullmatch(parts[-1]):
            return Resolution("external", message="a Python data-model name")
        home = stdlib_home(top, cache_file=self.externals.stdlib_cache) if len(parts) <= 2 \
            else ""
        if home and (len(parts) == 1 or stdlib_has(f"{home}.{ref.name}") is not False):
            return Resolution("external", message=f"defined in the standard library ({home})")
        home = imported_stdlib_home(top, self.index.imported_top_modules) \
            if len(parts) == 1 else ""
        if home:
            return Resolution("external", message=f"defined in the standard library ({home}), "
                                                  "which the project imports")
        imported = self._imported_elsewhere(top)
        if imported:
            return Resolution("external", message=f"imported by the project from {imported}")
        reason = language_external(ref.name, self._languages)
        if reason:
            return Resolution("external", message=reason)
        return None

    def _through_parameter(self, ref: Reference, parts: list[str]) -> Resolution | None:
        """``tokens.error`` where a function of the tree takes ``tokens`` (or binds it
        as a local) and its body writes ``tokens.error``: an attribute reached through a
        parameter or a local, which no definition names but the code does. Only the
        expression as the code writes it counts, so an invented ``tokens.bogus`` stays
        unverified."""
        if len(parts) != 2 or not all(p.isidentifier() for p in parts) or ref.kwargs:
            return None
        if ref.name not in self._through_cache:
            self._through_cache[ref.name] = self._written_through(parts[0], parts[1])
        places = self._through_cache[ref.name]
        if not places:
            return None
        return Resolution("verified", evidence=tuple(places[:3]),
                          message=f"an attribute reached through {parts[0]!r}, as the code "
                                  "writes it")

    def _written_through(self, parameter: str, attribute: str) -> list[tuple[str, int]]:
        """Where functions taking ``parameter`` write ``parameter.attribute`` (each file
        read once, the project's code before its tests)."""
        written = re.compile(rf"(?<![\w.]){re.escape(parameter)}\s*\.\s*"
                             rf"{re.escape(attribute)}\b")
        owners = sorted(self.index.with_parameter(parameter),
                        key=lambda s: (is_test_path(s.path), s.path, s.line))
        places: list[tuple[str, int]] = []
        lines_of: dict[str, list[str]] = {}
        for function in owners[:_PARAMETER_OWNERS]:
            if function.path not in lines_of:
                lines_of[function.path] = (self.index.file_text(function.path) or "").splitlines()
            body = lines_of[function.path][function.line - 1:function.end_line]
            places.extend((function.path, function.line + offset)
                          for offset, line in enumerate(body) if written.search(line))
        return places or self._written_through_local(parameter, written)

    def _passed_as_keyword(self, ref: Reference, parts: list[str]) -> Resolution | None:
        """``py_modules`` where the project's ``setup.py`` passes it (``setup(py_modules=[
        ...])``): a keyword of the packaging tools, which no definition names but the
        build script does. Only there: a keyword the library passes to some call
        (``open(encoding=...)``) does not make ``encoding`` a parameter of its own."""
        if len(parts) != 1 or not parts[0].isidentifier() or ref.kwargs:
            return None
        passed = re.compile(rf"[(,]\s*(?P<name>{re.escape(parts[0])})\s*=(?!=)")
        for path in (p for p in self.index.module_paths if p.rsplit("/", 1)[-1] == "setup.py"):
            text = self.index.file_text(path) or ""
            found = next(passed.finditer(text), None)
            if found is not None:
                line = text.count("\n", 0, found.start("name")) + 1
                return Resolution("external", evidence=((path, line),),
                                  message="a keyword the project's setup.py passes")
        return None

    def _called_on_self(self, ref: Reference, parts: list[str]) -> Resolution | None:
        """``formatTime`` where a method of the tree calls ``self.formatTime(...)`` and no
        definition of the tree has that name: a method its class inherits from a base
        outside the tree (``logging.Formatter``), which the code uses."""
        if len(parts) != 1 or not parts[0].isidentifier() or ref.kwargs:
            return None
        place = self._code.self_calls.get(parts[0])
        if place is None:
            return None
        return Resolution("external", evidence=(place,),
                          message="a method the code calls on `self`, from a base outside "
                                  "the tree")

    def _method_on_a_value(self, ref: Reference, parts: list[str]) -> Resolution | None:
        """``b.contains(a)``: a method of a class of the tree called on a value an example
        names with a letter or two, which no definition of the tree binds. The method
        must be there, and its keywords in its signature: ``b.containz(a)`` stays
        unverified."""
        receiver, method = parts[0], parts[-1]
        if len(parts) != 2 or not _EXAMPLE_VALUE.fullmatch(receiver) or \
                not ref.text.rstrip().endswith(")") or self.index.by_name(receiver):
            return None
        found = [s for s in self.index.by_name(method)
                 if s.kind == "method" and not is_test_path(s.path)]
        if not found or _DUNDER.fullmatch(method) or \
                (ref.kwargs and self._bad_kwargs(found, ref.kwargs)):
            return None
        owners = sorted({s.qualname.rsplit(".", 2)[-2] for s in found})
        return Resolution("verified", evidence=_evidence(found),
                          message=f"a method of `{owners[0]}` called on a value the example "
                                  "names")

    def _local_of_named_function(self, ref: Reference, parts: list[str]
                                 ) -> Resolution | None:
        """``maptable`` in "`cmd_bump` 里的 `maptable` 字典": a local variable that a
        function the same sentence names binds in its body (``maptable = {...}``, ``for``,
        ``as``), or one its section names before it (the heading, the list's lead-in). Only
        there: a bare name that is some local somewhere stays unverified."""
        if len(parts) != 1 or ref.kwargs:
            return None
        found = self.local_owner(parts[0], ref.context, besides=ref.text) or \
            self.local_owner(parts[0], ref.section, besides=ref.text)
        if found is None:
            return None
        function, line = found
        return Resolution("verified", evidence=((function.path, line),),
                          message=f"a local variable of `{function.qualname}`")

    def local_owner(self, name: str, context: str, *, besides: str = ""
                    ) -> tuple[Symbol, int] | None:
        """The function or method named in ``context`` (a sentence; its code spans other
        than ``besides``) whose body binds the local ``name``, with the line that does."""
        if not name.isidentifier() or not context:
            return None
        bound = re.compile(rf"(?<![\w.]){re.escape(name)}\s*(?::[^=\n]+)?=(?!=)"
                           rf"|\b(?:for|as)\s+(?:\w+\s*,\s*)*{re.escape(name)}\b")
        for span in dict.fromkeys(_CODE_SPAN.findall(context)):
            written = span.strip("()")
            if written in {name, besides.strip("()")}:
                continue
            owners = [f for f in self.index.by_name(written.rsplit(".", 1)[-1])
                      if f.kind in {"function", "method"}
                      and (f.qualname == written or f.qualname.endswith("." + written))]
            for function in owners[:_NAMED_OWNERS]:
                lines = (self.index.file_text(function.path) or "").splitlines()
                body = lines[function.line - 1:function.end_line]
                hit = next((offset for offset, line in enumerate(body) if bound.search(line)),
                           None)
                if hit is not None:
                    return function, function.line + hit
        return None

    @cached_property
    def _code(self) -> CodeText:
        """What the tree's Python files write, read once (:class:`CodeText`)."""
        paths = sorted(self.index.module_paths, key=lambda p: (is_test_path(p), p))
        return CodeText.read(paths[:_LOCAL_FILES], self.index.file_text)

    def _written_through_local(self, name: str, written: re.Pattern[str]
                               ) -> list[tuple[str, int]]:
        """Where a file that binds the local ``name`` (``adapter = cls(...)``, ``for
        adapter in ...``, ``as adapter``) writes the expression: ``adapter.warn`` as the
        code writes it (library files first, a bounded number, each read once)."""
        return [(path, line) for path, line, text in self._code.through.get(name, ())
                if written.search(text)][:3]

    def _as_key(self, ref: Reference) -> Resolution | None:
        """A name that exists as a string in the source: a configuration key, an option,
        a logger or entry-point name (``SESSION_COOKIE_NAME``, ``llm.timeout``)."""
        if ref.kind != "symbol" or (ref.origin == "code" and not ref.explicit) or ref.kwargs:
            return None  # calls and imports of examples name objects, not strings
        places = self.index.mentions("key", ref.name)
        if not places or self.index.mentions("env_var", ref.name):
            return None  # environment variables are answered as such
        return Resolution("verified", evidence=tuple(places[:3]),
                          message="a string key in the source")

    def _settings_variable(self, name: str) -> list[tuple[str, int]]:
        """``PKG_LLM_TIMEOUT`` for the settings key ``llm.timeout`` of project ``pkg``: the
        environment name a settings loader derives from a key (places of the key)."""
        head, _, rest = name.partition("_")
        if not rest or not name.isupper() or head.lower() not in self.own_names:
            return []
        return self._settings_keys.get(rest.lower(), [])

    @cached_property
    def own_names(self) -> frozenset[str]:
        """The project's own names, lower case: its distribution names and the first
        parts of its modules (``deprecated``, ``python_dotenv``, ``dotenv``)."""
        names = {n.lower().replace("-", "_") for n in self.project_names}
        return frozenset(names | {m.lower() for m in self.index.top_modules})

    @cached_property
    def _settings_keys(self) -> dict[str, list[tuple[str, int]]]:
        """Dotted string keys (``llm.timeout``) by their environment spelling (``llm_timeout``)."""
        keys: dict[str, list[tuple[str, int]]] = {}
        for value, path, line in self.index.all_mentions("key"):
            if "." in value or "_" in value:
                keys.setdefault(value.lower().replace(".", "_").replace("-", "_"), []).append(
                    (path, line))
        return keys

    def _value_like(self, ref: Reference) -> Resolution | None:
        """Environment variables and upper-case values, which the code need not define."""
        places = self._settings_variable(ref.name)
        if places:
            return Resolution("verified", evidence=tuple(places[:3]),
                              message="the environment name of a settings key")
        if re.fullmatch(r"[A-Z][A-Z0-9_]*", ref.name) and (
                self._looks_like_env(ref) or self.index.mentions("env_var", ref.name)):
            return self._env_var(ref)
        if is_upper_word(ref.name):
            # ``GET``, ``POST``, ``DEBUG``: a value, not something the code must define (the
            # default mode weighs the words that are no plain value: pse.verify.capitals)
            return Resolution("ignored", message="a plain value (HTTP, NULL, GET), not a name"
                              if is_plain_value(ref.name) else UPPER_WORD)
        if all(word in _PLACEHOLDERS for word in re.split(r"[._]", ref.name.lower())):
            return Resolution("ignored", message="a placeholder name (foo, bar, spam)")
        if ref.name in SHELL_PROGRAMS or ref.name in _SHELLS:
            return Resolution("ignored", message="the name of a program")
        return None

    @cached_property
    def _languages(self) -> frozenset[str]:
        """Languages of the tree's files (their standard names are external)."""
        return frozenset(language for language, _ in self.index.files.values())

    def _imported_elsewhere(self, name: str) -> str:
        """The external module a tree module imports ``name`` from ("" if none)."""
        target = self.index.any_import_of(name)
        if target and target.split(".")[0] not in self.index.top_modules:
            return target
        return ""

    def _looks_like_env(self, ref: Reference) -> bool:
        return (ref.name in WELL_KNOWN_ENV_VARS or ref.name.startswith(("PYTHON", "PIP_"))
                or bool(_ENV_CONTEXT.search(ref.context)))

    def _unverified(self, ref: Reference, message: str) -> Resolution:
        return Resolution("unverified", message=message,
                          suggestion=self.suggester.symbol(ref.name, self))

    def relative(self, parts: list[str]) -> list[_Hit]:
        """``Class.member`` / ``name``: start from every symbol named like the first part."""
        hits: list[_Hit] = []
        starts = self.index.by_name(parts[0])
        if not starts:
            target = self.index.any_import_of(parts[0])
            if target and target.split(".")[0] in self.index.top_modules:
                return self.lookup(".".join([target, *parts[1:]]))
        for start in starts:
            if len(parts) == 1:
                hits.append(_Hit(start))
                continue
            if start.kind in ("parameter", "function", "method") or is_foreign(start):
                continue  # ``json.loads`` is not ``Response.json`` + ``loads``; non-Python
                # names: resolve_foreign
            hits.extend(self.lookup(".".join([start.qualname, *parts[1:]])))
        return _dedupe(hits)

    def _definition(self, ref: Reference) -> Resolution:
        """A ``class``/``def`` quoted from a named file must be defined there."""
        module = self.index.module_of(_best_path(self.index, ref.in_file) or "")
        hits = self.lookup(f"{module}.{ref.name}") if module else []
        if not hits:
            hits = self.relative(ref.name.split("."))
        if hits:
            return self._from_hits(ref, hits)
        if "/" not in ref.in_file and _best_path(self.index, ref.in_file) is None:
            return Resolution("ignored", message=f"defined by the example file {ref.in_file}")
        return self._unverified(ref, f"not defined in {ref.in_file}")

    # ----------------------------------------------------------------- lookup
    def lookup(self, qualname: str, depth: int = 0) -> list[_Hit]:
        """Everything ``qualname`` can mean, following imports and inheritance."""
        if qualname in self._lookup_cache:
            return self._lookup_cache[qualname]
        if qualname in self._in_progress:
            self._cycle_seen = True  # an import cycle: this path adds nothing
            return []
        self._in_progress.add(qualname)
        outer, self._cycle_seen = self._cycle_seen, False
        try:
            hits = self._lookup(qualname, depth)
        finally:
            self._in_progress.discard(qualname)
        if not self._cycle_seen or not self._in_progress:
            # an answer cut short by a cycle is only final for the lookup that began it
            # (``attr.define`` -> ``attrs.define`` -> ``attr.define``)
            self._lookup_cache[qualname] = hits
        self._cycle_seen = outer or self._cycle_seen
        return hits

    def _lookup(self, qualname: str, depth: int) -> list[_Hit]:
        direct = [s for s in self.index.by_qualname(qualname) if s.kind != "parameter"
                  or qualname.count(".") > 0]
        if direct and not any(s.path.endswith(".pyi") for s in direct):
            return [_Hit(s) for s in _prefer_definitions(direct)]
        top = qualname.split(".")[0]
        if top not in self.index.top_modules:
            return self._outside(qualname)
        head, _, last = qualname.rpartition(".")
        # a stub (.pyi) may declare less than the implementation re-exports: use both
        hits: list[_Hit] = [_Hit(s) for s in _prefer_definitions(direct)]
        if not head or depth > _MAX_DEPTH:
            return hits
        for container in self.lookup(head, depth + 1):
            if container.external:
                hits.append(container)
            elif container.symbol is not None:
                hits.extend(self._member(container.symbol, last, depth))
        return _dedupe(hits)

    def _outside(self, qualname: str) -> list[_Hit]:
        top = qualname.split(".")[0]
        reason = self.externals.reason(top) or ("builtin" if top in BUILTIN_NAMES else "")
        if not reason:
            return []
        if top in BUILTIN_NAMES and builtin_has(qualname) is False:
            return []
        return [_Hit(external=reason, target=qualname)]

    def _member(self, container: Symbol, name: str, depth: int) -> list[_Hit]:
        if container.kind in {"module", "package"}:
            return self._module_member(container.qualname, name, depth)
        if container.kind == "class":
            return self._class_member(container, name, depth, seen=set())
        if container.kind in {"attribute", "variable", "constant"}:
            # a value (``WHITESPACE = re.compile(...)``): its type is not known statically
            return [_Hit(external="member of a value whose type is not known statically")]
        own = [_Hit(s) for s in self.index.members(container.qualname, name)]
        if own or container.kind not in {"function", "method"} or \
                container.path.endswith(".pyi"):
            return own  # (a stub may declare a class as overloaded functions)
        # ``Request.args.get`` (a property's value), ``pytest.fail.Exception`` (set by a
        # decorator): what a function returns or carries is not known statically
        return [_Hit(external="member of what a function or property gives (not known "
                     "statically)")]

    def _module_member(self, module: str, name: str, depth: int) -> list[_Hit]:
        own = self.index.members(module, name)
        hits = [_Hit(s) for s in own]
        if own and not all(s.path.endswith(".pyi") for s in own):
            return hits
        targets = self.index.import_targets(module, name)
        if targets:
            for target in targets:
                hits += self.lookup(target, depth + 1)
            return _dedupe(hits)
        if hits:
            return hits
        for star in self.index.star_imports(module):
            hits = self.lookup(f"{star}.{name}", depth + 1)
            if hits:
                return hits
        return []

    def _class_member(self, cls: Symbol, name: str, depth: int, *, seen: set[str]
                      ) -> list[_Hit]:
        if cls.qualname in seen:
            return []
        seen.add(cls.qualname)
        own = [s for s in self.index.members(cls.qualname, name) if s.kind != "parameter"]
        if own:
            return [_Hit(s) for s in own]
        for base in cls.bases:
            for hit in self._resolve_base(cls, base, depth):
                if hit.symbol is not None and hit.symbol.kind == "class":
                    found = self._class_member(hit.symbol, name, depth + 1, seen=seen)
                    if found:
                        return found
                elif hit.external:
                    found = self._external_member(hit.target or base, name)
                    if found:
                        return found
        return []

    def _external_member(self, base: str, name: str) -> list[_Hit]:
        """A member inherited from a base outside the tree, checked where possible."""
        known = builtin_has(f"{base}.{name}")
        if known is None:
            known = stdlib_has(f"{base}.{name}")
        if known is False:
            return []
        return [_Hit(external=f"inherited from {base} (outside the tree)")]

    def _resolve_base(self, cls: Symbol, base: str, depth: int) -> list[_Hit]:
        """What a base class expression written in ``cls``'s module refers to."""
        base = re.sub(r"\[.*\]$", "", base)  # Generic[T]
        if not re.fullmatch(r"[A-Za-z_][\w.]*", base):
            return []
        module = self.index.module_of(cls.path)
        first, _, rest = base.partition(".")
        scope = cls.parent
        while scope:
            local = [s for s in self.index.members(scope, first) if s.kind in _CONTAINERS]
            if local:
                return self.lookup(local[0].qualname + (f".{rest}" if rest else ""), depth + 1)
            if scope == module:
                break
            scope = scope.rpartition(".")[0]
        imported = self.index.import_target(module, first)
        if imported is not None:
            target = imported[0] + (f".{rest}" if rest else "")
            hits = self.lookup(target, depth + 1)
            return hits or [_Hit(external="outside the tree", target=target)]
        if first in BUILTIN_NAMES:
            return [_Hit(external="builtin", target=base)]
        for star in self.index.star_imports(module):
            hits = self.lookup(f"{star}.{base}", depth + 1)
            if hits:
                return hits
        return self.lookup(base, depth + 1) or [_Hit(external="outside the tree", target=base)]

    def _bad_kwargs(self, symbols: list[Symbol], kwargs: tuple[str, ...]) -> str:
        """The first keyword no candidate signature accepts ("" when all are fine)."""
        signatures: list[tuple[tuple[str, ...], bool]] = []
        if any(is_foreign(symbol) for symbol in symbols):
            return ""  # keyword arguments are Python's
        for symbol in symbols:
            if symbol.kind in {"function", "method"}:
                signatures.append((symbol.params, symbol.varkw))
            elif symbol.kind == "class":
                signature = self._constructor_signature(symbol)
                if signature is None:
                    return ""  # the signature is not knowable from the tree
                signatures.append(signature)
            else:
                return ""
        for kwarg in kwargs:
            if not any(varkw or kwarg in params for params, varkw in signatures):
                return kwarg
        return ""

    def _unbound_call(self, symbols: list[Symbol], ref: Reference) -> str:
        """Why the call ``ref`` writes fits none of the definitions it may mean (the
        interpreter's ``TypeError`` and the signature, :mod:`pse.verify.calls`); "" when
        one fits or any cannot be read."""
        call = CallShape(ref.positional, ref.kwargs, spread=ref.spread,
                         on_instance=ref.on_instance)
        problems: list[str] = []
        for symbol in symbols:
            constructor = symbol.kind == "class"
            function = self._constructor(symbol) if constructor else symbol
            problem = "" if function is None else \
                call_problem(self.index, function, call, constructor=constructor)
            if function is None or not problem:
                return ""
            problems.append(problem)
        return problems[0] if problems else ""

    def _undocumented_output(self, symbols: list[Symbol], ref: Reference) -> str:
        """Why the output the example shows for its call contradicts the call's own
        documented examples (the same call in the function's docstring with another
        output, :mod:`pse.verify.outputs`); "" when no definition documents that call, or
        one gives the output shown."""
        if not ref.shown or not ref.arguments.strip():
            return ""  # "``q.get()``" gives what the state before it holds
        problems = []
        for symbol in symbols:
            # a function's: a method's output is also its receiver's state, which the
            # docstring's example and this one each build their own way
            source = self.index.source_of(symbol) if symbol.kind == "function" else None
            found = documented(source, symbol.name) if source else []
            problem = contradiction(symbol.name, ref.arguments, ref.shown, found)
            if not problem:
                return ""
            problems.append(problem)
        return problems[0] if problems else ""

    def _constructor(self, cls: Symbol) -> Symbol | None:
        """The one ``__init__`` a call of the class ``cls`` runs, when the tree says which:
        its own or an in-tree base's, no base outside the tree, no ``__new__``, no class
        decorator (a dataclass or a registry may give it another signature)."""
        # (``object.__new__``, inherited by every class, is no ``__new__`` of its own)
        if self._has_external_base(cls, seen=set()) or any(
                h.symbol is not None for h in self._class_member(cls, "__new__", 0, seen=set())) \
                or any(
                f.decorators for c in self.class_chain(cls, seen=set())
                for f in self.index.def_facts(c.qualname) if f.line == c.line):
            return None
        hits = self._class_member(cls, "__init__", 0, seen=set())
        inits = [h.symbol for h in hits if h.symbol is not None and h.symbol.kind == "method"]
        return inits[0] if len(inits) == 1 and len(hits) == 1 else None

    def _constructor_signature(self, cls: Symbol) -> tuple[tuple[str, ...], bool] | None:
        """Parameters of ``Class(...)``: its ``__init__``, or its fields (dataclass, attrs)."""
        init = self._class_member(cls, "__init__", 0, seen=set())
        if any(h.external for h in init):
            return None
        inits = [h.symbol for h in init if h.symbol is not None]
        if inits:
            params = tuple(p for s in inits for p in s.params)
            return params, any(s.varkw for s in inits)
        if self._has_external_base(cls, seen=set()):
            return None
        fields = tuple(s.name for s in self.class_chain(cls, seen=set())
                       for s in self.index.children(s.qualname) if s.kind == "attribute")
        return (fields, False) if fields else None

    def class_chain(self, cls: Symbol, *, seen: set[str]) -> list[Symbol]:
        if cls.qualname in seen:
            return []
        seen.add(cls.qualname)
        chain = [cls]
        for base in cls.bases:
            for hit in self._resolve_base(cls, base, 0):
                if hit.symbol is not None and hit.symbol.kind == "class":
                    chain.extend(self.class_chain(hit.symbol, seen=seen))
        return chain

    def _has_external_base(self, cls: Symbol, *, seen: set[str]) -> bool:
        if cls.qualname in seen:
            return False
        seen.add(cls.qualname)
        for base in cls.bases:
            for hit in self._resolve_base(cls, base, 0):
                if hit.external and hit.target.rsplit(".", 1)[-1] not in {"object", "Generic"}:
                    return True
                if hit.symbol is not None and hit.symbol.kind == "class" and \
                        self._has_external_base(hit.symbol, seen=seen):
                    return True
        return False

    def dynamic_owner(self, name: str) -> str:
        """The class of ``name``'s owner when it answers any attribute (``__getattr__``),
        so a member reached through an instance of it cannot be checked ("" otherwise)."""
        head = name.rpartition(".")[0]
        for hit in self.lookup(head) if head else []:
            if hit.symbol is None or hit.symbol.kind != "class":
                continue
            for cls in self.class_chain(hit.symbol, seen=set()):
                if self.index.members(cls.qualname, "__getattr__") or \
                        self.index.members(cls.qualname, "__getattribute__"):
                    return cls.name
        return ""

    # ----------------------------------------------------------------- others
    def _env_var(self, ref: Reference) -> Resolution:
        places = self.index.mentions("env_var", ref.name) or self._settings_variable(ref.name)
        if places:
            return Resolution("verified", evidence=tuple(places[:3]))
        symbols = self.index.by_name(ref.name)
        if symbols:
            return Resolution("verified", evidence=_evidence(symbols))
        if ref.kind == "env_var" or self._looks_like_env(ref):
            return Resolution("external", message="environment variable not read by the "
                              "source tree (assumed to belong to the environment)")
        return self._unverified(ref, "not found in the source tree")

def project_resolver(index: SymbolIndex, *, external: Sequence[str] = (),
                     cache_dir: Path | None = None, suggest_cutoff: int = 75) -> Resolver:
    """A resolver that counts the project's own dependencies (declared or imported) and
    the configured ``external`` modules as living outside the tree."""
    dependencies = set(declared_dependencies(index.root))
    dependencies |= set(index.imported_top_modules - index.top_modules)
    externals = external_names(
        dependencies=dependencies, configured=external,
        stdlib_cache=stdlib_cache_file(cache_dir) if cache_dir is not None else None)
    return Resolver(index, externals=externals, suggest_cutoff=suggest_cutoff)


_BUILTIN_TYPES = (str, bytes, list, dict, set, tuple, int, float, io.TextIOWrapper,
                  io.BufferedReader)


def _builtin_member(ref: Reference) -> Resolution | None:
    """``.append()``, ``.format()``: a member named without its receiver that a builtin
    type has (the text may well mean that type's); also a call (``insert(0, x)``) of a
    method of a builtin type the sentence names (``PLURALS`` is a ``list``, so ...)."""
    if "." in ref.name:
        return None
    written = ref.text.strip("`")
    if written.startswith(".") and builtin_type_has(ref.name):
        return Resolution("external", message="a method of a builtin type")
    named = set(re.findall(r"\w+", ref.context)) | {
        kind for word, kind in _TYPE_WORDS.items() if word in ref.context.lower()}
    if written.endswith(")") and any(hasattr(kind, ref.name) for kind in _BUILTIN_TYPES
                                     if kind.__name__ in named):
        return Resolution("external", message="a method of the builtin type its sentence "
                                              "names")
    return None


_TYPE_WORDS = {"string": "str", "dictionary": "dict", "列表": "list", "字典": "dict",
               "字符串": "str", "集合": "set", "元组": "tuple"}
"""Builtin types as a sentence may name them in words."""


def builtin_type_has(member: str) -> bool:
    """True when a builtin type (``str``, ``list``, ``dict``, a file...) has ``member``."""
    return any(hasattr(kind, member) for kind in _BUILTIN_TYPES)


def _prefer_definitions(symbols: list[Symbol]) -> list[Symbol]:
    """``Attribute = _add_hash(Attribute)`` rebinds a class: the class is what counts."""
    defined = [s for s in symbols if s.kind not in {"attribute", "variable", "parameter"}]
    return defined or symbols


def _dedupe(hits: list[_Hit]) -> list[_Hit]:
    seen: set[tuple[str, str, int]] = set()
    unique: list[_Hit] = []
    for hit in hits:
        key = ((hit.symbol.qualname, hit.symbol.path, hit.symbol.line) if hit.symbol
               else (hit.external, "", 0))
        if key not in seen:
            seen.add(key)
            unique.append(hit)
    return unique


def _evidence(symbols: list[Symbol]) -> tuple[tuple[str, int | None], ...]:
    ordered = sorted({(s.path, s.line) for s in symbols})
    return tuple(ordered[:3])


def _best_path(index: SymbolIndex, path: str) -> str | None:
    matches = index.paths_matching(path)
    return matches[0] if matches else None
