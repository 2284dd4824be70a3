"""The article's plan: the Planner's outline parsed and verified, or one built from the index.

An outline is usable when it is an outline (headings and short bullets, not paragraphs) with
at least three sections whose focus names resolve in the index; unresolved names are
dropped, and a section left with none is dropped. The index plan needs no model: the
project's central public classes and functions (ranked by how many other files name them),
grouped by module, one section each, after an overview of the most central one and before
the entry points, so even a weak model gets a sound structure.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence

from pse.index.symbols import SymbolIndex
from pse.index.walk import is_test_path
from pse.pipeline.plan import Section
from pse.rag.retriever import Chunk

MIN_SECTIONS, MAX_SECTIONS = 3, 6
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+(.*)$")
_CODE_LIKE = re.compile(r"`([^`\n]+)`|\b([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+(?:\(\))?|"
                        r"[a-z]+_[a-z_0-9]+(?:\(\))?|[A-Z][a-z]+[A-Z]\w*)\b")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w{2,}")
_PROSE_WORDS = 25
"""A bullet or line longer than this is prose: the reply is an article, not an outline."""

_TITLE_WORDS = 9
"""A docstring's first line longer than this does not make a heading."""

Resolve = Callable[[Sequence[str]], list[str]]
"""The subset of names that resolve in the index, in order."""


def section_count(words: int) -> int:
    """About 150 words a section, between :data:`MIN_SECTIONS` and :data:`MAX_SECTIONS`."""
    return max(MIN_SECTIONS, min(MAX_SECTIONS, round(words / 150)))


def parse_outline(outline: str, resolve: Resolve) -> tuple[str, list[Section], str]:
    """``(title, sections, problem)``; ``problem`` is ``""`` when the outline is usable."""
    title = next((line[2:].strip() for line in outline.splitlines()
                  if line.startswith("# ")), "")
    raw = _raw_sections(outline)
    prose = [line for line in outline.splitlines() if not line.lstrip().startswith("#")
             and len(line.split()) > _PROSE_WORDS]
    if len(prose) >= 2:
        return title, [], ("the reply is an article, not an outline: answer with headings "
                           "and short bullets only")
    sections = []
    dropped: list[str] = []
    for heading, bullets in raw:
        names = list(dict.fromkeys(_names(heading + "\n" + "\n".join(bullets))))
        focus = resolve(names)
        dropped.extend(n for n in names if n not in focus)
        if focus:
            sections.append(Section(title=heading, focus=focus[:4], brief="; ".join(bullets)[:300]))
    if len(sections) < MIN_SECTIONS:
        unknown = f" (not in the code: {', '.join(dropped[:6])})" if dropped else ""
        return title, sections, (f"the outline has {len(sections)} section(s) naming real code; "
                                 f"it needs {MIN_SECTIONS} to {MAX_SECTIONS} '## ' sections, "
                                 f"each with a bullet naming real classes, functions or "
                                 f"files from the excerpts{unknown}")
    return title, sections[:MAX_SECTIONS], ""


def _raw_sections(outline: str) -> list[tuple[str, list[str]]]:
    sections: list[tuple[str, list[str]]] = []
    for line in outline.splitlines():
        if re.match(r"^\s{0,3}#{2,3}\s", line):
            heading = re.sub(r"^\s*#+\s*", "", line).strip().strip("#").strip()
            if heading:
                sections.append((heading, []))
        elif sections and (match := _BULLET.match(line)):
            sections[-1][1].append(match.group(1).strip())
    return sections


def _names(text: str) -> list[str]:
    found = []
    for match in _CODE_LIKE.finditer(text):
        name = (match.group(1) or match.group(2) or "").strip()
        if name and len(name) > 2:
            found.append(name)
    return found


_TITLES = {
    "en": {"overview": "What {project} is for", "run": "Running it", "and": " and ",
           "in": "{names} in `{path}`", "sep": ": ", "script": r"[A-Za-z]"},
    "zh": {"overview": "{project} 是做什么的", "run": "如何运行", "and": " 与 ",
           "in": "`{path}` 中的 {names}", "sep": "：", "script": r"[\u4e00-\u9fff]"},
}
"""The index plan's headings per article language (a Chinese article gets Chinese ones,
and a docstring's summary in its heading only when it is written in Chinese)."""


def index_plan(index: SymbolIndex, chunks: Sequence[Chunk], *, project: str,
               sections: int, entry_points: Sequence[str] = (), lang: str = "en"
               ) -> list[Section]:
    """A plan from the code alone: overview, central modules, entry points."""
    titles = _TITLES.get(lang, _TITLES["en"])
    ranked = central_symbols(index, chunks, project=project)
    by_module: dict[str, list[str]] = {}
    for path, name, _ in ranked:
        names = by_module.setdefault(path, [])
        if name not in names:  # overloads and re-definitions share a name
            names.append(name)
    modules = sorted(by_module, key=lambda p: -sum(s for q, _, s in ranked if q == p))
    if not modules:
        return []
    first = modules[0]
    readme = next((c.path for c in chunks if c.path.lower().startswith("readme")), "")
    overview = [by_module[first][0], first, *([readme] if readme else [])]
    plan = [Section(title=titles["overview"].format(project=project), focus=overview,
                    source="index", brief="the problem the project solves and its central "
                    "abstraction, from the README and the code")]
    body = sections - 1 - (1 if entry_points else 0)
    for path in modules[:max(1, body)]:
        focus = by_module[path][:3]
        plan.append(Section(title=_module_title(focus, path, chunks, titles),
                            focus=[*focus, path],
                            source="index", brief=f"what {', '.join(focus)} in {path} do, "
                            "how they work and how they are used"))
    used = {name for section in plan for name in section.focus}
    spare = [(path, name) for path, name, _ in ranked if name not in used]
    while len(plan) < sections - (1 if entry_points else 0) and spare:
        path, name = spare.pop(0)  # a small project: one section per further symbol
        plan.append(Section(title=f"`{name}`", focus=[name, path], source="index",
                            brief=f"what {name} does, how it works and how it is used"))
    if entry_points:
        plan.append(Section(title=titles["run"], focus=list(entry_points)[:3], source="index",
                            brief="how a user starts the project: its entry points"))
    return plan


def central_symbols(index: SymbolIndex, chunks: Sequence[Chunk], *, project: str = ""
                    ) -> list[tuple[str, str, float]]:
    """``(path, name, score)`` of public top-level classes and functions, best first.

    When the tree holds a package named after the project (``pluggy`` for pluggy), only its
    symbols count: helper scripts beside it (a downstream test runner, a build script) are
    not what an article about the project explains.
    """
    ranked = _ranked_symbols(index, chunks)
    package = project.strip().lower().replace("-", "_")
    own = [item for item in ranked
           if package and index.module_of(item[0]).split(".")[0].lower() == package]
    return own or ranked


def _ranked_symbols(index: SymbolIndex, chunks: Sequence[Chunk]
                    ) -> list[tuple[str, str, float]]:
    names_by_file: dict[str, set[str]] = {}
    for chunk in chunks:
        names_by_file.setdefault(chunk.path, set()).update(_IDENTIFIER.findall(chunk.text))
    mentions: Counter[str] = Counter()
    for names in names_by_file.values():
        mentions.update(names)
    ranked = []
    guards: dict[str, int | None] = {}
    for symbol in index.all_symbols():
        if symbol.kind not in {"class", "function"} or symbol.name.startswith("_") \
                or symbol.parent != index.module_of(symbol.path) or _is_test(symbol.path):
            continue
        if symbol.path not in guards:
            guards[symbol.path] = _main_guard(index.file_text(symbol.path) or "")
        guard = guards[symbol.path]
        if guard is not None and symbol.line > guard:
            continue  # a demo under ``if __name__ == "__main__":`` (dotmap's `test`, `D`)
        others = mentions[symbol.name] - (symbol.name in names_by_file.get(symbol.path, set()))
        size = max(1, symbol.end_line - symbol.line)
        score = 3.0 * others + math.log(size) + (1.0 if symbol.kind == "class" else 0.0)
        ranked.append((symbol.path, symbol.name, score))
    ranked.sort(key=lambda item: (-item[2], item[0], item[1]))
    return ranked


_MAIN_GUARD = re.compile(r"^if\s+__name__\s*==\s*['\"]__main__['\"]\s*:", re.MULTILINE)


def _main_guard(text: str) -> int | None:
    """The line of a module's top-level ``if __name__ == "__main__":`` (None: none): what
    is defined under it is the module run as a script, no part of its interface. A guard
    is the module's last statement; what follows it at the margin is read as under it."""
    match = _MAIN_GUARD.search(text)
    return None if match is None else text.count("\n", 0, match.start()) + 1


def _is_test(path: str) -> bool:
    """Test code (the index's one rule: ``dotmap/test.py`` too) or the examples, docs and
    benchmarks beside the code: no central abstraction of the project."""
    return is_test_path(path) or any(
        p in {"examples", "docs", "benchmarks"} for p in path.lower().split("/")[:-1])


def _module_title(focus: list[str], path: str, chunks: Sequence[Chunk],
                  titles: dict[str, str]) -> str:
    """``` `Name`: <its docstring's first line> ```, or the names and the module."""
    summary = _docstring_line(focus[0], path, chunks)
    if not re.search(titles["script"], summary):
        summary = ""  # "## `retry`：Returns a retry decorator" in a Chinese article
    names = titles["and"].join(f"`{n}`" for n in focus[:2])
    return f"{names}{titles['sep']}{summary}" if summary else \
        titles["in"].format(names=names, path=path)


def _docstring_line(name: str, path: str, chunks: Sequence[Chunk]) -> str:
    pattern = re.compile(rf"(?:class|def)\s+{re.escape(name)}\b[^\n]*\n\s*[rRuU]?(?:\"\"\"|''')"
                         r"\s*([^\n]+)")
    for chunk in chunks:
        if chunk.path == path and (match := pattern.search(chunk.text)):
            line = re.sub(r"<[^>]*>|\(\s*\)|:\w+:`[^`]*`|`", "", match.group(1))
            words = line.strip().strip("\"'").rstrip(".").split()
            # a heading cut mid-phrase ("A caller of all registered…") reads as broken
            return " ".join(words) if 0 < len(words) <= _TITLE_WORDS else ""
    return ""
