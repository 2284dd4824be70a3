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
from pse.verify.programs import Surface, module_surface
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
                program, surface = f"python -m {module}", self._surface(module, "")
                return self._own_options(ref, words[3:], program=program, surface=surface) \
                    or self._own_arguments(ref, words[3:], program, surface) \
                    or self._from_hits(ref, hits)
        if len(words) >= 3 and words[0] in {"pip", "pip3", "pipx", "uv"} and "install" in words:
            checked = self._package_names(words[words.index("install") + 1:])
            if checked is not None:
                return checked
        target = self._targets.check(words)
        if target is not None:
            return target
        if words and words[0] in self._console_scripts:
            module, _, function = self._console_scripts[words[0]].partition(":")
            surface = self._surface(module.strip(), function.strip())
            return self._own_options(ref, words[1:], program=words[0], surface=surface) \
                or self._own_arguments(ref, words[1:], words[0], surface) \
                or Resolution("verified", evidence=(("pyproject.toml", None),))
        if words and self._facts.scripts_complete and self._named_after_project(words[0]):
            return self._not_installed(words[0])
        if ref.ignored == "maybe-program":
            return Resolution("ignored", message="another program's command")
        return Resolution("external", message="shell command")

    def _named_after_project(self, program: str) -> bool:
        """``pytimeparse`` for the project ``pytimeparse``: its distribution's name, as a
        program would be spelled (a capitalised word is prose, as in a diagram)."""
        own = _normalize_dist(self._facts.name)
        return bool(own) and program == program.lower() and _normalize_dist(program) == own

    def _not_installed(self, program: str) -> Resolution:
        """A command named after the project, which its packaging does not install."""
        installed = sorted(self._console_scripts)
        runnable = [m for m in self._facts.main_modules
                    if m.removesuffix(".__main__") == program]
        if installed:
            also = f"; it installs {', '.join(f'`{c}`' for c in installed)}"
        elif runnable:
            also = f"; it runs as `python -m {program}`"
        else:
            also = ": it declares no console scripts"
        return Resolution("unverified", suggestion=installed[0] if len(installed) == 1 else "",
                          message=f"the project installs no `{program}` command{also}")

    def _own_arguments(self, ref: Reference, words: list[str], program: str,
                       surface: Surface | None) -> Resolution | None:
        """The first positional word given to the project's own program must be one of
        its subcommands, or the program must take positional arguments at all."""
        if surface is None:
            return None
        word = _first_positional(words, surface)
        if word is None:
            return None
        evidence = ((surface.where, None),)
        if surface.subcommands is not None:
            if word in surface.subcommands:
                return None
            known = ", ".join(f"`{c}`" for c in sorted(surface.subcommands))
            close = [c for c in sorted(surface.subcommands) if self.suggester.is_close(word, c)]
            return Resolution("unverified", evidence=evidence, suggestion=close[0] if close
                              else "", message=f"`{program}` has no subcommand `{word}` "
                              f"(its subcommands: {known or 'none'})")
        if surface.positionals:
            return None
        options = ", ".join(f"`{o}`" for o in sorted(surface.options)) or "none"
        return Resolution("unverified", evidence=evidence,
                          message=f"`{program}` takes no argument `{word}`: its parser "
                          f"declares options only ({options})")

    def _surface(self, module: str, function: str) -> Surface | None:
        """What the program whose entry is ``module:function`` accepts (None: not read)."""
        key = f"{module}:{function}"
        if key not in self._surfaces:
            files = {m: p for p, m in self.index.module_paths.items()}
            self._surfaces[key] = module_surface(Path(self.index.root), files, module,
                                                 function)
        return self._surfaces[key]

    @cached_property
    def _surfaces(self) -> dict[str, Surface | None]:
        return {}

    def _own_options(self, ref: Reference, words: list[str], *, program: str,
                     surface: Surface | None = None) -> Resolution | None:
        """Options given to the project's own program must be defined in its source."""
        for word in words:
            if not word.startswith("--") or len(word) < 3:
                continue
            flag = word.split("=", 1)[0]
            # click's ``"--debug/--no-debug"`` is two options in one string
            known = surface is not None and flag in surface.options
            if not known and not self.index.mentions("flag", flag):
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
    def _console_scripts(self) -> dict[str, str]:
        """Commands the project installs, each with its entry (``pkg.cli:main``)."""
        return self._facts.console_scripts

    @cached_property
    def _targets(self) -> Targets:
        """The project's task files (Makefile, justfile, tox, nox, poe, package.json)."""
        return Targets(Path(self.index.root))

    @cached_property
    def _facts(self) -> ProjectFacts:
        """The project's facts, read once (commands are checked against them)."""
        return collect_facts(self.index)


_SHELL_ENDS = frozenset({"|", "||", "&&", "&", ";", ">", ">>", "<", "2>&1", "\\"})


def _first_positional(words: list[str], surface: Surface) -> str | None:
    """The first word of a command line that is neither an option nor an option's value
    (None: none, a placeholder, or an option whose arity is unknown)."""
    take_value = False
    for word in words:
        if word in _SHELL_ENDS or word.startswith(("|", ">", "#")):
            return None
        if take_value:
            take_value = False
            continue
        if word == "--":
            continue
        if word.startswith("-") and len(word) > 1:
            name, has_value, _ = word.partition("=")
            if name in ("-h", "--help") or has_value:
                continue
            if name not in surface.options:
                return None  # not declared here: the option check speaks for it
            take_value = name in surface.valued
            continue
        return None if _placeholder(word) else word
    return None


def _placeholder(word: str) -> bool:
    """``<file>``, ``[OPTIONS]``, ``{run,list}``, ``$FILE``, ``...``, ``COMMAND``."""
    return word[:1] in "<[{$" or "..." in word or (word.isupper() and word.isalpha()) \
        or bool(re.fullmatch(r"[A-Z_]+", word))


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
