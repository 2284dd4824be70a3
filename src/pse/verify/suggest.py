"""Did-you-mean suggestions for unverified references (rapidfuzz, loaded on demand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex
from pse.verify.fuzzy import extract_one, ratio

if TYPE_CHECKING:
    from pse.verify.resolve import Resolver


class Suggester:
    """Finds the closest real name, path or parameter to a flagged one."""

    def __init__(self, index: SymbolIndex, *, cutoff: int) -> None:
        self.index = index
        self.cutoff = cutoff

    def _best(self, query: str, choices: list[str]) -> str:
        choices = [c for c in choices if c != query]  # "did you mean 'raw'?" for raw
        if not query or not choices:
            return ""
        found = extract_one(query, choices, cutoff=self.cutoff)
        return str(found[0]) if found else ""

    def symbol(self, name: str, resolver: Resolver) -> str:
        """The closest real name: a member of the same container when the container exists.

        Members include inherited ones (in-repo bases) and, for modules, the names they
        re-export. When the container itself does not exist, nothing is suggested for the
        member (a made-up ``Head.member`` would mislead).
        """
        head, _, last = name.rpartition(".")
        if not head:
            return self._best(last, self.index.names_near(last))
        containers = [h.symbol for h in resolver.lookup(head) if h.symbol is not None]
        if not containers:
            containers = [h.symbol for h in resolver.relative(head.split("."))
                          if h.symbol is not None]
        names: set[str] = set()
        for container in containers:
            names |= self._member_names(container, resolver)
        best = self._best(last, sorted(names))
        return f"{head}.{best}" if best else ""

    def _member_names(self, container: Symbol, resolver: Resolver) -> set[str]:
        if container.kind == "class":
            chain = resolver.class_chain(container, seen=set())
        else:
            chain = [container]
        names = {s.name for c in chain for s in self.index.children(c.qualname)
                 if s.kind != "parameter"}
        if container.kind in {"module", "package"}:
            names |= set(self.index.import_aliases(container.qualname))
        return names

    def parameter(self, symbols: list[Symbol], name: str) -> str:
        """The closest real parameter name among the candidates' signatures."""
        params = sorted({p for s in symbols for p in s.params if p not in {"self", "cls"}})
        return self._best(name, params)

    def is_close(self, name: str, other: str) -> bool:
        """True when ``name`` looks like a misspelling of ``other`` (not equal)."""
        return name != other and ratio(name, other) >= self.cutoff

    def flag(self, flag: str) -> str:
        """The closest option the source defines."""
        return self._best(flag, sorted({v for v, _, _ in self.index.all_mentions("flag")}))

    def path(self, path: str) -> str:
        """The closest real file path."""
        files = list(self.index.files)
        tail = path.rsplit("/", 1)[-1]
        same_name = [f for f in files if f.rsplit("/", 1)[-1] == tail]
        if len(same_name) == 1:
            return same_name[0]
        return self._best(path, files)

    def folder(self, folder: str) -> str:
        """The closest real folder, with a trailing slash."""
        best = self._best(folder, sorted(self.index.folders))
        return best + "/" if best else ""
