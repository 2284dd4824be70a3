"""Is an unresolved name meant as this project's code? (the default mode's question)

Real docs name many things that are not the project's: the reader's own functions in
examples (``get_user()``), other packages, programs, values and prose words. A name the
tree does not define is flagged only when the text clearly points at the project:

- it is qualified with one of the project's own top-level packages (``pkg.missing``;
  packages of its test data do not count) or named like its variables (``PKG_X``);
- its first part is a class or package of the project, or a misspelt one
  (``Session.sendall``, ``Sesion.send``, or a part of a non-Python qualname);
- a Sphinx/MyST role, an ``auto*`` directive or a declaration (``struct buffer``)
  declares it an API name, or an example in one of the tree's other languages uses it;
- it is a near miss of a real name (the did-you-mean cases), a private variant of one
  (``_load``), or is built around one (``JSONDecoderMixin`` around ``JSONDecoder``,
  ``PkgClientRegistry`` around ``pkg``, ``buf_reserve`` among a C tree's ``buf_*``);
- it is a path under the tree (its deepest existing folder holds files of its own) or
  a real file in a wrong folder;
- a keyword argument or a template word is checked against something that exists.

Short of the decisive shapes (a qualified project name, markup, a path), the evidence is
weighed (:mod:`pse.verify.ownership`): the shapes above and the words around the name
(a kind noun, "in this module", the project named, the document's title) against the
evidence of another owner (a possessive, a foreign link, the system's or the standard
library's, the reader's hypothetical code, an example's own value). The verdict's message
names the signals that decided it.

Anything else is reported as ``ignored`` with the reason (placeholders, name prefixes,
plugin-style ``pkg_name``, stand-ins an example calls without defining, files the
reader creates), or as ``external`` when the document's examples import it from a
module outside the tree. ``--strict`` (the article
pipeline's mode, where every unresolved name in LLM text is suspect) skips this.
"""

from __future__ import annotations

import builtins
import keyword
import re
import sys
from dataclasses import replace
from functools import cached_property

from pse.index.symbols import SymbolIndex
from pse.verify.bindings import Bindings
from pse.verify.capitals import UPPER_WORD, constant_words
from pse.verify.fuzzy import extract_one, ratio
from pse.verify.history import document_title
from pse.verify.ownership import (
    Signal,
    document_signals,
    sentence_signals,
    value_signals,
    weigh,
)
from pse.verify.refs import Reference, Resolution

_TOKEN = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_CONTAINERS = frozenset({"module", "package", "class", "struct", "interface", "enum", "trait",
                         "type"})
_MIN_PART = 4
"""A real name counts inside a longer name only from this length on."""
_NEAR = 75
"""Similarity (0-100) from which an unknown name is a near miss of a real one."""
_NEAR_NAME = 85
"""The same for a file name, a module or class (one mistyped letter of ``Session``)."""
_NEAR_TYPO = 80
"""The same for the class or module a dotted name starts with (``Clinet.send``)."""
_NEAR_WORD = 90
"""The same for one-word names (``progress``, ``legacy``), near many names by chance."""
PLACEHOLDER_WORDS = frozenset({
    "foo", "baz", "qux", "quux", "spam", "eggs", "foobar", "hoge", "fuga", "xyzzy"})
"""Metasyntactic names: a name that is one of them is an example's stand-in."""
_STAND_IN_FIRST = frozenset({"my", "your", "some", "foo", "dummy", "fake", "pkg", "mypkg"})
"""First words of stand-in names (``my_function``, ``SomeData``, ``your_app``)."""
_STAND_IN_ANYWHERE = frozenset({"whatever", "something", "anything", "someone"})
GENERIC_FILES = frozenset({
    "setup.py", "setup.cfg", "pyproject.toml", "requirements.txt", "MANIFEST.in", "tox.ini",
    "pytest.ini", "noxfile.py", "conftest.py", "manage.py", "settings.py", "Makefile",
    "Dockerfile", "package.json", "tsconfig.json", "Cargo.toml", "go.mod", "pom.xml",
    "build.gradle", "CMakeLists.txt", ".env", ".gitignore", "__init__.py", "__main__.py",
    "main.py", "app.py", "config.py", "index.js", "main.go", "main.rs", "lib.rs"})
"""File names every project has: in an example they are the reader's own files."""
_PYTHON_WORDS = frozenset(keyword.kwlist) | frozenset(dir(builtins))
_FAMILIES = {name: frozenset({"javascript", "typescript", "tsx"})
             for name in ("javascript", "typescript", "tsx")} | {
             name: frozenset({"c", "cpp"}) for name in ("c", "cpp")}
_DEFAULT_KINDS = ("symbol", "module", "path")
"""Kinds the default mode judges; commands, flags, quotes and lines keep their checks."""


class Intent:
    """Decides, for one tree, whether unresolved names are meant as its code."""

    def __init__(self, index: SymbolIndex, *, names: tuple[str, ...] = ()) -> None:
        """``names``: the project's own names besides its modules (distribution, crate)."""
        self.index = index
        self.names = frozenset(n.lower().replace("-", "_") for n in names if len(n) > 2)
        self._vocabulary_seen: dict[str, bool] = {}

    def judge(self, ref: Reference, result: Resolution, *, bindings: Bindings,
              document: tuple[Signal, ...] = ()) -> Resolution:
        """``result`` when ``ref`` clearly means the project's code, else why not.

        ``document``: evidence of the whole document (:meth:`document_evidence`).
        """
        if result.message == UPPER_WORD:
            return self._judge_upper_word(ref, result, bindings=bindings, document=document)
        if result.message.startswith("no parameter") and ref.name in bindings.called and \
                ref.name in sys.stdlib_module_names:
            return Resolution("ignored", message=f"{result.message}, but the example calls "
                              f"{ref.name!r} without importing it: the standard library's "
                              f"{ref.name!r} (``from {ref.name} import {ref.name}``), not "
                              "the project's (--strict flags it)")
        if result.status != "unverified" or result.message.startswith("no parameter") or \
                "has no member" in result.message or ref.template:
            return result  # checked against a callable, a type or a template engine
        if ref.kind == "quote" and not ref.in_file:
            return Resolution("ignored", evidence=result.evidence,
                              message=f"{result.message}: a sketch of {ref.at_symbol!r}, not "
                              "a quote (--strict flags it)")
        if ref.in_file and self._is_generic_file(ref.in_file):
            return Resolution("ignored", message=f"{ref.in_file!r} is the reader's own file "
                              "in this example, not one of the tree's (--strict checks it)")
        if ref.kind == "quote" and result.message.startswith("misquoted: no file") and \
                not self._means_tree_path(ref.in_file, result.suggestion):
            return Resolution("ignored", message=f"{ref.in_file!r} names a file of the "
                              "reader's project (no such folder here), not a quote of this "
                              "one (--strict checks it)")
        file_missing = ref.kind == "path_line" and ref.lines is None and \
            result.message.startswith("no such file")  # ``example.py::test_a``
        if (ref.kind not in _DEFAULT_KINDS and not file_missing) or ref.in_file:
            return result
        if ref.kind == "path" or file_missing:
            meant = self._means_tree_path(ref.name, result.suggestion)
            return result if meant else Resolution(
                "ignored", message="a file not under the source tree (one the reader "
                "creates?); --strict flags it")
        return self._judge_name(ref, result, bindings=bindings, document=document)

    def _judge_upper_word(self, ref: Reference, result: Resolution, *, bindings: Bindings,
                          document: tuple[Signal, ...]) -> Resolution:
        """An all-capitals word the resolver set aside as a value (``DEFAULT``): weighed
        like any name when the text names it, so that an invented constant or sentinel
        is flagged when the evidence marks it as the project's."""
        if ref.kind != "symbol" or ref.origin == "code" or ref.in_file:
            return result  # an example's own variable or value
        judged = self._judge_name(ref, Resolution("unverified", message=UPPER_WORD),
                                  bindings=bindings, document=document)
        return replace(judged, message=judged.message.replace(
            UPPER_WORD, f"{UPPER_WORD} (a value unless the text says otherwise)", 1))

    def document_evidence(self, text: str, bindings: Bindings) -> tuple[Signal, ...]:
        """What a document as a whole says about whose names it uses."""
        return document_signals(title=document_title(text), project=self.project_words,
                                imported_tops=bindings.imported_tops - self.primary_tops)

    @cached_property
    def project_words(self) -> frozenset[str]:
        """The project's names as prose writes them (lower case)."""
        return self._top_lower | self.names

    def _judge_name(self, ref: Reference, result: Resolution, *, bindings: Bindings,
                    document: tuple[Signal, ...] = ()) -> Resolution:
        """The default mode's verdict on an unresolved symbol or module name."""
        why_not = _not_a_name(ref.name, project=self.project_words)
        if why_not:
            return Resolution("ignored", message=f"{why_not} (--strict flags it)")
        top = ref.name.split(".")[0]
        if top == ref.name and top not in self.primary_tops and self.is_project_token(top):
            return Resolution("ignored", message=f"{result.message}: the project's name as "
                              "prose writes it (``Click`` for click), not a name in its "
                              "code (--strict flags it)")
        if top in self.primary_tops or self.is_project_token(top):
            return result
        if top.isupper() and "_" in top and self.is_project_token(top.split("_", 1)[0]):
            return result  # ``PKG_TIMEOUT``: named as the project's own variables are
        if "_" in top and self.primary_tops.intersection(top.split("_")):
            return Resolution("ignored", message="named after the project, as its plugins "
                              "and extensions are (``pkg_name``); --strict flags it")
        external = _imported_reason(ref, bindings, self)
        if external:
            return Resolution("external", message=external)
        if "." not in ref.name and ref.name in bindings.called and not self._is_near(
                ref, result, near=_NEAR_WORD):
            return Resolution("ignored", message="called by an example of this document that "
                              "neither imports nor defines it: a stand-in for the reader's "
                              "code (--strict flags it)")
        if ref.name in bindings.constants:
            return Resolution("ignored", message="a constant an example of this document "
                              "uses without importing or defining it: the reader's own "
                              "setting (--strict flags it)")
        shape = self._shape_signals(ref, result)
        if shape is None:
            return Resolution("ignored", message=f"{result.message}; another language's "
                              "example in this project's docs (--strict flags it)")
        words = self._word_signals(ref, bindings, shaped=bool(shape))
        meant, reasons = weigh((*shape, *words, *document))
        if meant and (shape or words):  # the document alone marks none of its words
            return replace(result, message=f"{result.message}; meant as this project's "
                           f"code: {reasons}")
        misspelt = _misspelt_stdlib_module(ref.name, words)
        if misspelt:
            return Resolution("unverified", suggestion=misspelt,
                              message=f"the text calls it the standard library's, which has "
                              f"no module {ref.name!r}; did you mean {misspelt!r}?")
        why = f": {reasons}" if reasons else ""
        return Resolution("ignored", message=f"{result.message}, and the evidence does not "
                          f"mark it as this project's code{why} (--strict flags it)")

    def _word_signals(self, ref: Reference, bindings: Bindings, *, shaped: bool
                      ) -> tuple[Signal, ...]:
        """Evidence in the words around the name and in the document's examples."""
        words = sentence_signals(text=ref.text, context=ref.context,
                                 project=self.project_words) if "." not in ref.name or \
            shaped else ()
        if ref.name.isupper():
            words = (*words, *value_signals(text=ref.text, context=ref.context))
        if ref.name in bindings.members:
            words = (*words, Signal("an example of the document calls it on a value of its "
                                    "own", -3))
        return words

    def _shape_signals(self, ref: Reference, result: Resolution) -> tuple[Signal, ...] | None:
        """Evidence in the name itself and its markup (None: decisively not the project's,
        a name from an example in a language the tree does not have)."""
        parts = ref.name.split(".")
        if len(parts) > 1 and self._is_container(parts[0]):
            return (Signal("its first part is a class or module of the project", 3,
                           parts[0]),)
        if len(parts) > 1 and (self._near_container(parts[0]) or self._is_namespace(parts[0])):
            return (Signal("its first part names the project's code", 3, parts[0]),)
        language = _example_language(ref)
        if language and not self._has_language(language):
            return None  # a JavaScript example in the docs of a Python project
        if ref.explicit:
            # a role or a declaration names an API; a lower-case unknown package in a role
            # (``:func:`otherlib.f```) is another project's, documented through intersphinx
            declared = len(parts) == 1 or parts[0][:1].isupper()
            return (Signal("markup declares it an API name", 3, ref.explicit),) \
                if declared else ()
        if len(parts) > 1:
            return ()
        return tuple(self._single_name_signals(ref, result))

    def _single_name_signals(self, ref: Reference, result: Resolution) -> list[Signal]:
        name = ref.name
        found: list[Signal] = []
        if self._uses_naming_prefix(name):
            found.append(Signal("the project's naming prefix", 2, name.partition("_")[0]))
        if self._is_near(ref, result):
            found.append(Signal("a near miss of a real name", 2, result.suggestion))
        elif near := self._with_project_prefix(name) or self._near_constant(name):
            found.append(Signal("a near miss of a real name", 2, near))
        if name.isupper() and self._in_vocabulary(name.lower()):
            found.append(Signal("a real name in capitals, as a constant", 2, name.lower()))
        if name.startswith("_") and self._in_vocabulary(name.lstrip("_")):
            found.append(Signal("a private variant of a real name", 2, name.lstrip("_")))
        elif self._built_around_real_name(name.lstrip("_")):
            found.append(Signal("built around a real name", 2))
        return found

    def _with_project_prefix(self, name: str) -> str:
        """``JSONEncoder`` for ``Encoder``: a real name that is ``name`` with the
        project's own name in front ("" if none)."""
        if not name[:1].isalpha() or len(name) < _MIN_PART:
            return ""
        for word in sorted(self._top_lower):
            for candidate in (word.upper() + name, word.capitalize() + name,
                              f"{word}_{name}"):
                if self._in_vocabulary(candidate):
                    return candidate
        return ""

    def _near_constant(self, name: str) -> str:
        """``NOTHNG`` for ``NOTHING``: a real constant of the project one letter or so
        away from an all-capitals name ("" if none); the resolver's did-you-mean
        leaves values out."""
        if not name.isupper():
            return ""
        for near in self.index.names_near(name):
            if near != name and near.isupper() and ratio(name, near) >= _NEAR_NAME \
                    and self._in_vocabulary(near):
                return near
        return ""

    def _is_near(self, ref: Reference, result: Resolution, *, near: int = 0) -> bool:
        """A near miss of one of the project's names (did you mean ...?); one-word names
        must be closer, since prose words are near many short names by chance."""
        suggestion = result.suggestion
        if not suggestion or "." in suggestion or "." in ref.name:
            return False
        near = near or (_NEAR_WORD if len(_TOKEN.findall(ref.name)) < 2 else _NEAR)
        return ratio(ref.name, suggestion) >= near and any(
            self.is_primary(s.path) for s in self.index.by_name(suggestion))

    def _has_language(self, language: str) -> bool:
        family = _FAMILIES.get(language, frozenset({language}))
        return any(lang in family for lang, _ in self.index.files.values())

    def _is_generic_file(self, path: str) -> bool:
        """A bare file name that every project has (``conftest.py``, ``pyproject.toml``) or
        that names no single file of the tree: an example shows the reader's own."""
        path = path.removeprefix("./")
        if "/" in path:
            return False
        return path in GENERIC_FILES or len(self.index.paths_matching(path)) != 1

    def _means_tree_path(self, name: str, suggestion: str) -> bool:
        """A path under the tree: its deepest existing folder holds files of its own (so
        ``src/mypkg/`` in a src-layout tree is a generic example, ``src/pkg/x.py`` is not),
        or the file exists under another name or folder (did you mean ...?)."""
        path = self.index.within_root(name.removeprefix("./").strip("/"))
        folders = path.split("/")[:-1] if not name.endswith("/") else path.split("/")
        for depth in range(len(folders), 0, -1):
            folder = "/".join(folders[:depth])
            if folder in self.index.folders:
                if folder in self._folders_with_files and depth < len(path.split("/")):
                    return True
                break
        suggestion = suggestion.rstrip("/")
        if not suggestion or not self.is_primary(suggestion):
            return False
        if ratio(suggestion, path.rstrip("/")) >= _NEAR_NAME:
            return True  # ``src/pkgg/a.py`` for ``src/pkg/a.py``
        if ratio(suggestion.rsplit("/", 1)[-1], path.rsplit("/", 1)[-1]) < _NEAR_NAME:
            return False
        # the file exists elsewhere: a wrong folder when the path shares one with it
        # (``lib/pkg/a.py`` for ``src/pkg/a.py``), else another project's layout
        return not folders or bool(set(folders) & set(suggestion.split("/")[:-1]))

    @cached_property
    def _folders_with_files(self) -> frozenset[str]:
        return frozenset(path.rpartition("/")[0] for path in self.index.files)

    def _is_container(self, name: str) -> bool:
        """True for a class or module of the project itself (not of its test data)."""
        if name.startswith("__"):
            return False  # ``__main__``: whatever script runs
        return any(s.kind in _CONTAINERS and self.is_primary(s.path)
                   for s in self.index.by_name(name))

    def is_primary(self, path: str) -> bool:
        """True for a file of the project's own packages (or of a non-Python tree).

        Trees carry other packages too: fixtures of the test suite, example projects
        (``testing/example_scripts/pkg/``). Their names say nothing about what a
        document means by a word.
        """
        module = self.index.module_paths.get(path)
        if module is None:
            return not path.endswith((".py", ".pyi"))
        return module.split(".")[0] in self.primary_tops

    @cached_property
    def primary_tops(self) -> frozenset[str]:
        """Top-level modules that sit at the root, under ``src/``/``lib/``, or are the
        root itself: the project's own packages."""
        tops: set[str] = set()
        root = self.index.root.name
        for path, module in self.index.module_paths.items():
            top = module.split(".")[0]
            folders = path.split("/")[:-1]
            if top == root and module != path.rsplit(".", 1)[0].replace("/", "."):
                tops.add(top)  # the root folder is the package
            elif path.startswith((f"{top}/", f"{top}.")) or (
                    len(folders) >= 1 and folders[0] in ("src", "lib")
                    and path.split("/", 1)[1].startswith((f"{top}/", f"{top}."))):
                tops.add(top)
        return frozenset(tops)

    def _near_container(self, name: str) -> bool:
        """``Sesion.send``, ``pkgg.run``: the first part is a misspelt class of the tree or
        a misspelt top-level package (``sock.recv`` is a variable, not ``socket``)."""
        for near in self.index.names_near(name):
            if near == name or ratio(name, near) < _NEAR_TYPO:
                continue
            if near in self.primary_tops or (name[:1].isupper() and any(
                    s.kind == "class" and self.is_primary(s.path)
                    for s in self.index.by_name(near))):
                return True
        return False

    def _built_around_real_name(self, name: str) -> bool:
        """``JSONDecoderMixin``, ``build_scan_once``: a real name with words added."""
        spans = [m.span() for m in _TOKEN.finditer(name)]
        if len(spans) < 2:
            return False
        words = constant_words(name)
        if len(words) > 1 and all(self._in_vocabulary(word) for word in words):
            # ``DEFAULT_INDENT`` of a project with ``default`` and ``indent``; one common
            # word is not enough (git's ``FETCH_HEAD`` in a project with a ``head``)
            return True
        if name[:1].isupper() and "_" not in name and self.is_project_token(
                name[spans[0][0]:spans[0][1]]):
            return True  # ``JSONPipelineRegistry`` in json: the package's own prefix
        for first in range(len(spans)):
            for last in range(first, len(spans)):
                if last - first == len(spans) - 1:
                    continue  # the whole name
                part = name[spans[first][0]:spans[last][1]]
                if len(part) >= _MIN_PART and self._in_vocabulary(part) and \
                        part not in self.primary_tops:  # ``flask_name``: a naming pattern
                    return True
        return False

    def is_project_token(self, word: str) -> bool:
        """True when ``word`` is one of the project's top-level module names."""
        return word.lower() in self._top_lower or word.lower() in self.names

    def _is_namespace(self, name: str) -> bool:
        """``com`` of ``com.example.Greeter``, ``helpers`` of ``helpers.smooth``: a part of
        the qualnames of non-Python symbols (packages and files have no symbol there)."""
        return name in self._foreign_namespaces

    @cached_property
    def _foreign_namespaces(self) -> frozenset[str]:
        parts: set[str] = set()
        for qualname in self.index.foreign_qualnames():
            parts.update(qualname.split(".")[:-1])
        return frozenset(parts)

    def _uses_naming_prefix(self, name: str) -> bool:
        """``buf_reserve`` in a C tree of ``buf_new``, ``buf_free``...: C has no namespaces,
        so a shared name prefix is the project's namespace."""
        head, sep, _ = name.partition("_")
        return bool(sep) and len(head) >= 2 and self._c_prefixes.get(head, 0) >= 3

    @cached_property
    def _c_prefixes(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for name, path in self.index.names_in_languages(("c", "cpp")):
            if path.endswith((".c", ".h", ".cc", ".cpp", ".hpp")) and "_" in name[1:]:
                head = name.split("_", 1)[0]
                counts[head] = counts.get(head, 0) + 1
        return counts

    @cached_property
    def _top_lower(self) -> frozenset[str]:
        return frozenset(m.lower() for m in self.primary_tops if len(m) > 2)

    def _in_vocabulary(self, word: str) -> bool:
        """True when the project's own files (not its test data's) define ``word``, or
        ``word`` with leading underscores (``_load`` counts for ``load``).

        Asked per word of the index (a run asks a few dozen), not answered from a set of
        every name: reading every symbol row cost more than the rest of a checked run.
        """
        if word not in self._vocabulary_seen:
            self._vocabulary_seen[word] = any(
                self.is_primary(s.path) for s in self.index.by_name(word)) or any(
                self.is_primary(path) for path in self._underscored.get(word, ()))
        return self._vocabulary_seen[word]

    @cached_property
    def _underscored(self) -> dict[str, list[str]]:
        """Paths defining ``_word``, ``__word``... by ``word``."""
        found: dict[str, list[str]] = {}
        for name, path in self.index.underscored_names():
            found.setdefault(name.lstrip("_"), []).append(path)
        return found


def _misspelt_stdlib_module(name: str, words: tuple[Signal, ...]) -> str:
    """The standard-library module ``name`` misspells when the text attributes it to the
    standard library ("the standard `doctests` module" for ``doctest``), else ""."""
    if "." in name or name in sys.stdlib_module_names or not any(
            s.name.startswith("another owner's") and "standard" in s.detail.lower()
            for s in words):
        return ""
    found = extract_one(name, sorted(sys.stdlib_module_names), cutoff=_NEAR_NAME)
    return str(found[0]) if found else ""


def _example_language(ref: Reference) -> str:
    """The language of the non-Python example ``ref`` comes from ("" if none)."""
    match = re.fullmatch(r"an? (\w+) example", ref.explicit)
    return match.group(1) if match else ""


def _not_a_name(name: str, *, project: frozenset[str] = frozenset()) -> str:
    """Why a dotted name is no name of any code at all ("" when it may be one)."""
    if name.endswith("_") and not name.endswith("__") and \
            name.rstrip("_") not in _PYTHON_WORDS:
        return "a name prefix (``test_``), not a name"
    for part in name.split("."):
        words = [w.lower() for w in _TOKEN.findall(part)]
        if not words or words[0] in project:
            continue
        if part.lower() in PLACEHOLDER_WORDS or words[0] in _STAND_IN_FIRST or \
                _STAND_IN_ANYWHERE.intersection(words):
            return "a placeholder name (my_, some_, pkg_, foo, whatever)"
        if "." in name:
            continue  # a qualified name says whose it is: only its placeholder words count
        if words[0] == "test" and len(words) > 1:
            return "the reader's test (``test_app``): a test framework's docs name them"
        if len(words) > 1 and re.fullmatch(r"_[a-z]", part[-2:]):
            return "one of a series of stand-ins (``plugin_a``, ``plugin_b``)"
    return ""


def _imported_reason(ref: Reference, bindings: Bindings, intent: Intent) -> str:
    """Why ``ref`` belongs to a module the document imports from outside the tree."""
    top = ref.name.split(".")[0]
    if top not in bindings.imported_tops:
        return ""
    if any(ratio(top, mine) >= _NEAR_NAME for mine in intent.primary_tops):
        return ""  # ``import pkgg`` for ``pkg``: a misspelt import of the project
    return f"imported by an example of this document from {top!r}, which is not in the tree"
