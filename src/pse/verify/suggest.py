"""Did-you-mean suggestions for unverified references (rapidfuzz, loaded on demand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rapidfuzz import fuzz, process

from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex

if TYPE_CHECKING:
    from pse.verify.resolve import Resolver


class Suggester:
    """Finds the closest real name, path or parameter to a flagged one."""

    def __init__(self, index: SymbolIndex, *, cutoff: int) -> None:
        self.index = index
        self.cutoff = cutoff
        self._names: list[str] | None = None

    def _best(self, query: str, choices: list[str]) -> str:
        if not query or not choices:
            return ""
        found = process.extractOne(query, choices, scorer=fuzz.ratio, score_cutoff=self.cutoff)
        return str(found[0]) if found else ""

    def symbol(self, name: str, resolver: Resolver) -> str:
        """The closest real name: a sibling member when the container exists."""
        head, _, last = name.rpartition(".")
        if head:
            containers = [h.symbol for h in resolver.lookup(head) if h.symbol is not None]
            if not containers and "." not in head:
                containers = [s for s in self.index.by_name(head)
                              if s.kind in {"class", "module", "package"}]
            for container in containers:
                children = sorted({s.name for s in self.index.children(container.qualname)
                                   if s.kind != "parameter"})
                best = self._best(last, children)
                if best:
                    return f"{head}.{best}"
            if containers:
                return ""
        if self._names is None:
            self._names = self.index.names()
        best = self._best(last, self._names)
        return f"{head}.{best}" if head and best else best

    def parameter(self, symbols: list[Symbol], name: str) -> str:
        """The closest real parameter name among the candidates' signatures."""
        params = sorted({p for s in symbols for p in s.params if p not in {"self", "cls"}})
        return self._best(name, params)

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
