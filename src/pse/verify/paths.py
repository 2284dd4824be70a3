"""Paths in documents: files and folders of the tree, ``file:line`` ranges.

A path verifies when it exists from the root or as a real path suffix; a bare file name
only when exactly one file of the tree has it (the evidence is its full path); a name
several files share is ambiguous. When the source given is a folder inside a project
(``--source src``), a path that exists from the project root verifies too. ``file:line``
must be in range and, when the text names a symbol, at it. Mixed into
:class:`pse.verify.resolve.Resolver`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cached_property
from pathlib import Path

from pse.index.symbols import SymbolIndex
from pse.index.walk import is_sample_path
from pse.text import code_spans
from pse.verify.refs import Reference, Resolution
from pse.verify.suggest import Suggester

PROJECT_FILES = frozenset({
    "setup.py", "setup.cfg", "pyproject.toml", "requirements.txt", "MANIFEST.in", "tox.ini",
    "noxfile.py", "conftest.py", "manage.py", "Makefile", "Dockerfile", "package.json",
    "tsconfig.json", "Cargo.toml", "go.mod", "pom.xml", "build.gradle", "CMakeLists.txt"})


_PROJECT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", "package.json", ".git")


class PathChecks:
    """Resolution of ``path`` and ``path_line`` references."""

    index: SymbolIndex
    suggester: Suggester

    def _symbol(self, ref: Reference) -> Resolution:
        raise NotImplementedError  # provided by the Resolver

    def _path(self, ref: Reference) -> Resolution:
        path = ref.name.removeprefix("./")
        if path.endswith("/"):
            return self._folder(path)
        matches = self.index.paths_matching(path)
        if len(matches) > 1 and "/" not in path:
            return self._one_of(ref, matches)
        if matches:
            return Resolution("verified", evidence=tuple((m, None) for m in matches[:3]))
        if path in self.index.folders or any(f.endswith("/" + path) for f in self.index.folders):
            return Resolution("verified", evidence=((path + "/", None),))
        if ref.ignored == "maybe-path":
            first = path.split("/", 1)[0]
            if first in self.index.folders or first in self.index.top_modules:
                return Resolution("unverified", message="no such file or folder in the tree",
                                  suggestion=self.suggester.path(path))
            return Resolution("ignored", message="not a path of the tree (a value like a "
                              "MIME type)")
        if path in PROJECT_FILES and not self._is_repository_root:
            return Resolution("external", message="a project file outside the indexed tree")
        if ref.origin == "code" and "/" not in path:
            return Resolution("ignored", message="an example file named by a code block")
        if not ref.text.count("/") and "." in path[1:] and not path.startswith("."):
            return self._path_or_symbol(ref)
        outside = self._in_project_root(path)
        if outside is not None:
            return outside
        name = path.rsplit("/", 1)[-1]
        if name.startswith(".") and "/" not in path and "." not in name[1:]:
            # ``.netrc``, ``.bashrc``: a user's configuration, not a file of the project
            return Resolution("external", message="a dotfile not in the tree "
                              "(user or tool configuration)")
        return Resolution("unverified", message="no such file in the source tree",
                          suggestion=self.suggester.path(path))

    def _folder(self, path: str) -> Resolution:
        folder = self.index.within_root(path).rstrip("/")
        if not folder:
            return Resolution("verified", evidence=(("./", None),))  # the root itself
        matches = [f for f in sorted(self.index.folders)
                   if f == folder or f.endswith("/" + folder)]
        if matches:
            return Resolution("verified", evidence=((matches[0] + "/", None),))
        return self._in_project_root(path) or Resolution(
            "unverified", message="no such folder in the source tree",
            suggestion=self.suggester.folder(folder))

    def _in_project_root(self, path: str) -> Resolution | None:
        """A path that exists from the project root when the source given is a folder
        inside the project (``--source src``: ``src/pkg/a.py``, ``dummyserver/``)."""
        root = self._project_root
        if root is None or path.startswith("/") or ".." in path.split("/"):
            return None
        if (root / path).exists():
            return Resolution("verified", evidence=((path, None),),
                              message="exists from the project root "
                              f"({root.name}/), outside the indexed folder")
        return None

    @cached_property
    def _project_root(self) -> Path | None:
        """The nearest folder above the indexed root that is a project's root (a
        ``pyproject.toml``, ``setup.py``, ``package.json`` or ``.git``); None when the
        indexed root is the project root itself or none is found."""
        root = self.index.root.resolve()
        if any((root / marker).exists() for marker in _PROJECT_MARKERS):
            return None
        for folder in root.parents:
            if any((folder / marker).exists() for marker in _PROJECT_MARKERS):
                return folder
        return None

    def _path_or_symbol(self, ref: Reference) -> Resolution:
        """``rich.json``: a module if the tree has one, else a file name that is missing."""
        dotted = ref.name.replace("/", ".")
        if re.fullmatch(r"[A-Za-z_][\w.]*", dotted):
            as_symbol = self._symbol(Reference(file=ref.file, line=ref.line, text=ref.text,
                                               name=dotted, kind="symbol", context=ref.context))
            if as_symbol.status != "unverified":
                return as_symbol
        return Resolution("unverified", message="no such file in the source tree",
                          suggestion=self.suggester.path(ref.name))

    def _one_of(self, ref: Reference, matches: list[str]) -> Resolution:
        """A bare file name several files have: the one its sentence tells apart, else
        the library's when it has exactly one (a test's own ``__init__.py`` is not the one
        a document about the library means), else none of them for sure."""
        told = self._told_apart(ref, matches)
        if told is not None:
            return told
        library = [m for m in matches if not is_sample_path(m)]
        if len(library) == 1:
            return Resolution("verified", evidence=((library[0], None),))
        return _ambiguous(ref.name.removeprefix("./"), matches)

    def _told_apart(self, ref: Reference, matches: list[str]) -> Resolution | None:
        """The one file of several with ``ref``'s bare name that defines code its sentence
        names: "`register_pattern` in `util.py`" is the ``util.py`` that defines it, not a
        test helper of the same name. None when no single file does."""
        named = {c.code.strip("`").removesuffix("()").rsplit(".", 1)[-1]
                 for c in code_spans(ref.context)} - {ref.name}
        if not named:
            return None
        defining = [m for m in matches if named & {s.name for s in self.index.in_file(m)}]
        if len(defining) != 1:
            return None
        return Resolution("verified", evidence=((defining[0], None),),
                          message=f"the {ref.name!r} that defines the code its sentence names")

    def _path_line(self, ref: Reference) -> Resolution:
        matches = self.index.paths_matching(ref.name)
        if not matches:
            return Resolution("unverified", message="no such file in the source tree",
                              suggestion=self.suggester.path(ref.name))
        if len(matches) > 1 and "/" not in ref.name:
            return _ambiguous(ref.name, matches)
        if ref.lines is None:  # ``path.py:Name``: defined anywhere in that file
            return self._path_symbol(ref, matches)
        first, last = ref.lines
        for path in matches:
            count = self.index.file_lines(path)
            if count is not None and 1 <= first <= last <= count:
                if ref.at_symbol and not self._symbol_at(path, ref.at_symbol, first, last):
                    continue
                return Resolution("verified", evidence=((path, first),))
        count = self.index.file_lines(matches[0])
        message = f"line {last if first <= (count or 0) else first} is past the end of " \
                  f"{matches[0]} ({count} lines)"
        if ref.at_symbol:
            message = f"{ref.at_symbol!r} is not defined at those lines of {matches[0]}"
        return Resolution("unverified", message=message, evidence=((matches[0], None),))

    def _path_symbol(self, ref: Reference, matches: list[str]) -> Resolution:
        for path in matches:
            # part by part: ``TestHTTPS.test_simple`` is not ``BaseTestHTTPS.test_simple``
            found = [s for s in self.index.in_file(path)
                     if f".{s.qualname}".endswith(f".{ref.at_symbol}")]
            if found:
                return Resolution("verified", evidence=((path, found[0].line),))
            module = self.index.module_of(path)
            imported = self.index.import_target(module, ref.at_symbol.split(".", 1)[0])
            if imported is not None:  # a re-export: ``pkg/__init__.py:Client``
                return Resolution("verified", evidence=((path, imported[2]),))
            if module and "." in ref.at_symbol:  # an inherited member: ``Client.send``
                found_member = self._symbol(replace(ref, kind="symbol", lines=None,
                                                    name=f"{module}.{ref.at_symbol}"))
                if found_member.status == "verified":
                    return found_member
        return Resolution("unverified", evidence=((matches[0], None),),
                          message=f"{self._missing_part(matches[0], ref.at_symbol)!r} is not "
                          f"defined in {matches[0]}")

    def _missing_part(self, path: str, dotted: str) -> str:
        """The first part of ``dotted`` (``A.B.c``) the file does not define under the
        parts before it."""
        qualnames = {f".{s.qualname}" for s in self.index.in_file(path)}
        parts = dotted.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            if not any(q.endswith(f".{prefix}") for q in qualnames):
                return prefix
        return dotted

    def _symbol_at(self, path: str, name: str, first: int, last: int) -> bool:
        last_part = name.rsplit(".", 1)[-1]
        return any(s.name == last_part and s.line <= last and first <= s.end_line
                   for s in self.index.in_file(path))

    @cached_property
    def _is_repository_root(self) -> bool:
        """True when the source is a whole repository, so its project files would be here."""
        markers = ("pyproject.toml", "setup.py", "setup.cfg", "package.json", "Cargo.toml",
                   "go.mod")
        return any(m in self.index.files for m in markers) or (self.index.root / ".git").exists()


def _ambiguous(name: str, matches: list[str]) -> Resolution:
    """A bare file name that several files have: it names none of them for sure."""
    shown = ", ".join(matches[:3]) + (", ..." if len(matches) > 3 else "")
    return Resolution("unverified", evidence=tuple((m, None) for m in matches[:3]),
                      message=f"{len(matches)} files are named {name!r} ({shown}); "
                      "give its folder")
