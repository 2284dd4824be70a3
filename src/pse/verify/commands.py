"""Commands, options and package names in documents, checked against the project.

``python -m pkg.mod`` must name a real module; ``make X``, ``tox -e X`` and the like
must name a target the project's task file defines (:mod:`pse.verify.targets`); options
given to the project's own programs (console scripts, ``python -m``) must be defined in
its source; ``pip install`` of a near miss of the project's own distribution name is an
invented name; other programs' commands and options are external. Mixed into
:class:`pse.verify.resolve.Resolver`.
"""

from __future__ import annotations

import re
import shlex
import sys
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from pse.index.facts import ProjectFacts, collect_facts, project_identity
from pse.index.symbols import SymbolIndex
from pse.verify.polyglot import crate_names
from pse.verify.refs import Reference, Resolution
from pse.verify.suggest import Suggester
from pse.verify.targets import Targets

if TYPE_CHECKING:
    from pse.verify.resolve import _Hit


class CommandChecks:
    """Resolution of ``command`` and ``flag`` references."""

    index: SymbolIndex
    suggester: Suggester

    def lookup(self, qualname: str, depth: int = 0) -> list[_Hit]:
        raise NotImplementedError  # provided by the Resolver

    def _from_hits(self, ref: Reference, hits: list[_Hit]) -> Resolution:
        raise NotImplementedError  # provided by the Resolver

    def _unverified(self, ref: Reference, message: str) -> Resolution:
        raise NotImplementedError  # provided by the Resolver

    def _flag(self, ref: Reference) -> Resolution:
        places = self.index.mentions("flag", ref.name)
        if places:
            return Resolution("verified", evidence=tuple(places[:3]))
        return Resolution("external", message="option not defined in the source tree "
                          "(assumed to belong to another program)")

    def _command(self, ref: Reference) -> Resolution:
        words = ref.name.split()
        if len(words) >= 3 and words[0].startswith("python") and words[1] == "-m":
            module = words[2]
            if module.split(".")[0] in self.index.top_modules:
                hits = self.lookup(f"{module}.__main__") or self.lookup(module)
                if not hits:
                    return self._unverified(
                        Reference(file=ref.file, line=ref.line, text=ref.text, name=module,
                                  kind="module"), "no such module in the source tree")
                return self._own_options(ref, words[3:], program=f"python -m {module}") \
                    or self._from_hits(ref, hits)
        if len(words) >= 3 and words[0] in {"pip", "pip3", "pipx", "uv"} and "install" in words:
            checked = self._package_names(words[words.index("install") + 1:])
            if checked is not None:
                return checked
        target = self._targets.check(words)
        if target is not None:
            return target
        if words and words[0] in self._console_scripts:
            return self._own_options(ref, words[1:], program=words[0]) or Resolution(
                "verified", evidence=(("pyproject.toml", None),))
        return Resolution("external", message="shell command")

    def _own_options(self, ref: Reference, words: list[str], *, program: str
                     ) -> Resolution | None:
        """Options given to the project's own program must be defined in its source."""
        for word in words:
            if not word.startswith("--") or len(word) < 3:
                continue
            flag = word.split("=", 1)[0]
            if not self.index.mentions("flag", flag):
                return Resolution("unverified", message=f"{program} defines no option {flag!r}",
                                  suggestion=self.suggester.flag(flag))
        return None

    def _package_names(self, args: list[str]) -> Resolution | None:
        """``pip install NAME``: a near miss of the project's own name is an invented name."""
        own = _normalize_dist(self._facts.name)
        declared = {_normalize_dist(re.split(r"[\[<>=!~;@ ]", d.strip(), maxsplit=1)[0])
                    for d in self._facts.dependencies}
        for arg in args:
            if arg.startswith("-") or "/" in arg or arg == ".":
                continue
            arg = _unquoted(arg)  # ``pip install "pkg[extra]"``, ``pkg'[extra]'``
            written = re.split(r"[\[<>=!~;@ ]", arg, maxsplit=1)[0]
            name = _normalize_dist(written)
            if written in sys.stdlib_module_names and name not in declared | {own}:
                # "pip install argparse time": the model took imports for dependencies
                return Resolution("unverified", message=f"{written!r} is a module of Python's "
                                  "standard library, not a package the project installs")
            if not own:
                continue
            if name == own:
                return Resolution("verified", evidence=(("pyproject.toml", None),))
            if self.suggester.is_close(name, own) and not _affixed(name, own):
                return Resolution("unverified", suggestion=own,
                                  message=f"the project's package is named {own!r}")
        return None

    @cached_property
    def project_names(self) -> tuple[str, ...]:
        """The project's own names besides its modules: distribution and crate names."""
        # the identity alone: the facts (languages, line counts, env vars, the version
        # search) cost a pass over the index that only command references need
        names = [project_identity(Path(self.index.root)).name,
                 *sorted(crate_names(str(self.index.root)))]
        return tuple(n for n in names if n)

    @cached_property
    def _console_scripts(self) -> frozenset[str]:
        """Commands the project installs (``[project.scripts]``, package.json ``bin``)."""
        return frozenset(self._facts.console_scripts)

    @cached_property
    def _targets(self) -> Targets:
        """The project's task files (Makefile, justfile, tox, nox, poe, package.json)."""
        return Targets(Path(self.index.root))

    @cached_property
    def _facts(self) -> ProjectFacts:
        """The project's facts, read once (commands are checked against them)."""
        return collect_facts(self.index)


def _affixed(name: str, own: str) -> bool:
    """``types-cachetools``, ``pytest-httpx``, ``requests-oauthlib``: one name is the
    other with whole words added, which is how the ecosystem names stubs, plugins and
    extensions (a different, real distribution), not how a misspelling looks."""
    words, own_words = name.split("-"), own.split("-")
    short, long = sorted((words, own_words), key=len)
    return len(short) < len(long) and any(
        long[i:i + len(short)] == short for i in range(len(long) - len(short) + 1))


def _normalize_dist(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _unquoted(word: str) -> str:
    """One shell word as the shell passes it on: quotes removed wherever they are
    (``jsonschema'[format]'`` is ``jsonschema[format]``)."""
    try:
        return "".join(shlex.split(word))
    except ValueError:  # an unbalanced quote: the command was cut, keep what is there
        return word.replace("'", "").replace('"', "")
