"""Sentences that describe one piece of code in the words of another's docstring.

The 0.5B, shown several definitions in a section's excerpts, attached their docstrings to
the wrong names: "`SimpleHandler` is a WSGI (PEP 3333) Reference Library" (the package's
docstring), "The `InputWrapper` class is used to convert file-like objects to iterables"
(``FileWrapper``'s). Every name was real, so nothing else caught it, and each was a wrong
statement in an article reported as passed.

A sentence is flagged when it names code ``X`` and holds a run of :data:`RUN` content
words that a docstring sentence of another definition ``Y`` holds too, and

- no docstring sentence of ``X`` itself, nor of a base class of ``X``, holds the run (a
  subclass is what its base says it is; overrides share their base's words);
- the docstring sentence does not name ``X`` (a module docstring may describe ``X``),
  and the sentence does not name ``Y``, in code or in words (it may speak of both);
- at most :data:`MAX_OWNERS` definitions hold the run: wording every second docstring of
  the project uses says nothing about which one the writer read;
- the sentence shares fewer of its words with ``X``'s own docstrings than with ``Y``'s
  sentence: one that holds more of ``X``'s words describes ``X``, in a phrase ``Y``'s
  docstring happens to hold too.

Docstrings are read with ``ast`` from the Python files of the tree, once per task.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pse.index.symbols import SymbolIndex
from pse.index.walk import is_test_path
from pse.tasks.article.text import CODE_SPAN, WORD, content_words, read, sentences
from pse.text import Document, sentence_bounds
from pse.text import sentences as split_sentences
from pse.verify.finding import Finding

RUN = 4
"""Consecutive content words a sentence must share with a docstring sentence."""
SHORT = 3
"""A docstring sentence of this many content words counts when a sentence holds all of
them in order ("A unit of work and its lifecycle.", said of `JobQueue`)."""
MAX_OWNERS = 2
MAX_FILES = 3000
"""Above this many Python files the check reads none (an article run reads the tree once
more for it; a tree that large is not what an article describes file by file)."""

_PRONOUN_START = re.compile(
    r"^(?:(?:therefore|thus|so|then|also|however|instead|here|now|again|finally|next|"
    r"in turn|in addition),?\s+)?(?:it|its|this|they|their|these|those|such)\b", re.I)
_DESCRIBED = frozenset({"symbol", "module", "path"})
"""Reference kinds a docstring can describe (not flags, commands or variables)."""
_COPULA = re.compile(
    r"`[^`]+`(?:\s+(?:class|function|method|module|object|type))?\s+(?:is|are|represents|"
    r"models)\s+(?:a|an|the|one)\b", re.IGNORECASE)
_QUOTE = re.compile(r"“[^”]*”|「[^」]*」|\"[^\"]{12,}\"")
"""A quotation says whose words it holds: "its docstring reads: \"...\"" is no claim."""
_ITEM = re.compile(r"^\s*(?:[-*+•]\s+|\d+[.)]\s+|[\w.]+\s+(?:--|—|–|-)\s+)")


def _runs(words: Sequence[str], size: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + size]) for i in range(len(words) - size + 1)}


@dataclass(frozen=True)
class _DocSentence:
    owner: tuple[str, int]
    """(path, line) of the definition whose docstring holds it (line 0: the module)."""
    name: str
    """The definition's own name (the module's: its file stem)."""
    words: frozenset[str]
    """Every word of the sentence, lower case (to see whether it names ``X``)."""
    content: frozenset[str] = frozenset()
    """Its content words, stemmed (to weigh it against ``X``'s own docstring)."""


@dataclass
class DocstringTable:
    """Runs of content words -> the docstring sentences that hold them."""

    skip: frozenset[str] = frozenset()
    """Words that are no content: the project's top-level names."""
    runs: dict[tuple[str, ...], list[_DocSentence]] = field(default_factory=dict)
    owned: dict[tuple[str, int], set[tuple[str, ...]]] = field(default_factory=dict)
    """Each definition's own runs."""

    def add(self, owner: tuple[str, int], name: str, docstring: str) -> None:
        for unit in docstring_sentences(docstring):
            words = content_words(unit, skip=self.skip)
            if len(words) < SHORT:
                continue
            entry = _DocSentence(owner, name, frozenset(WORD.findall(unit.lower())),
                                 frozenset(words))
            for run in _runs(words) if len(words) >= RUN else [tuple(words)]:
                self.runs.setdefault(run, []).append(entry)
                self.owned.setdefault(owner, set()).add(run)


def docstring_sentences(docstring: str) -> list[str]:
    """The sentences of a docstring: paragraphs, list items and sentences apart."""
    units: list[str] = []
    for paragraph in re.split(r"\n\s*\n", docstring):
        items: list[list[str]] = []
        for line in paragraph.split("\n"):
            if not items or _ITEM.match(line):
                items.append([])
            items[-1].append(line.strip())
        for item in items:
            units.extend(split_sentences(" ".join(item)))
    return [u for u in units if u.strip()]


def read_docstrings(root: Path, paths: Iterable[str], *,
                    project_names: Iterable[str] = ()) -> DocstringTable:
    """The docstrings of every module, class and function in the Python files ``paths``,
    tests left out (what a test checks is no description of the code)."""
    table = DocstringTable(skip=frozenset(n.lower() for n in project_names))
    paths = [p for p in paths if not is_test_path(p)]
    if len(paths) > MAX_FILES:
        return table
    for path in paths:
        try:
            source = (root / path).read_bytes()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                tree = ast.parse(source)
        except (OSError, SyntaxError, ValueError, MemoryError, RecursionError):
            continue
        module_doc = ast.get_docstring(tree)
        if module_doc:
            table.add((path, 0), module_name(path, root=root.resolve().name), module_doc)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node)
                if doc:
                    table.add((path, node.lineno), node.name, doc)
    return table


def module_name(path: str, *, root: str = "") -> str:
    """``pkg/util.py`` -> ``util``, ``pkg/__init__.py`` -> ``pkg`` (``root``: the name of
    the folder the paths are relative to, the package when the tree is one)."""
    parts = Path(path).with_suffix("").parts
    if parts[-1] != "__init__":
        return parts[-1]
    return parts[-2] if len(parts) > 1 else root or parts[-1]


def borrowed_descriptions(text: str | Document, ok: Sequence[Finding], index: SymbolIndex,
                          table: DocstringTable, *, path: str) -> list[Finding]:
    """Each sentence of ``text`` that describes its code in another definition's words.

    ``ok``: the verified references of ``text`` (their evidence says which definitions
    the sentence names).
    """
    by_line: dict[int, list[Finding]] = {}
    for finding in ok:
        if finding.line and finding.kind in _DESCRIBED:
            by_line.setdefault(finding.line, []).append(finding)
    found: list[Finding] = []
    previous = ""
    for line, sentence in sentences(text):
        context, previous = (previous if _PRONOUN_START.match(sentence) else ""), sentence
        named = [f for f in by_line.get(line, []) if f.text in sentence]
        if not named:
            continue
        words = content_words(_QUOTE.sub(" ", CODE_SPAN.sub(" ", sentence)), skip=table.skip)
        if len(words) < SHORT:
            continue
        owners = {o for f in named for e in f.evidence for o in _owners(e.path, e.line)}
        # code spans' words included, and the sentence before one that starts "It ..."
        said = set(WORD.findall(f"{context} {sentence}".lower()))
        # a docstring sentence naming X, or the module X is in, may describe X
        x_names = {_last_name(f.text) for f in named} - {""}
        x_names |= {module_name(e.path).lower() for f in named for e in f.evidence}
        own = _own_runs(owners, index, table)
        own_words = {word for run in own for word in run}
        # a short docstring sentence only as what the code *is* ("`X` is a unit of work
        # and its lifecycle"): three words are too common to count anywhere else
        short = _runs(words, SHORT) if _COPULA.search(sentence) else set()
        for run in sorted(_runs(words) | short):
            if run in own:
                continue
            holders = table.runs.get(run, [])
            others = {h.owner for h in holders} - owners
            if not others or len({h.owner for h in holders}) > MAX_OWNERS:
                continue
            if any(h.name.lower() in said or x_names & h.words or
                   _related(x_names, h.name.lower()) for h in holders):
                continue
            # it shares as many words with X's own docstring: X's description, with a
            # phrase another's happens to hold ("parses ISO 8601 date time strings into
            # offsets" of `parse_timezone`, "Parses ISO 8601 time zone specs into tzinfo
            # offsets", beside `parse_date`'s "Parses ISO 8601 dates into ...")
            if all(len(set(words) & own_words) >= len(set(words) & h.content)
                   for h in holders if h.owner in others):
                continue
            source = next(h for h in holders if h.owner in others)
            where = f"{source.owner[0]}:{source.owner[1]}" if source.owner[1] else \
                source.owner[0]
            found.append(Finding(
                rule="borrowed-description", path=path, line=line, text=sentence,
                kind="claim",
                message=f"this describes {', '.join(f.text for f in named)} in the words of "
                        f"the docstring of {source.name!r} ({where}): "
                        f"{' '.join(run)!r}",
                hint="describe the named code from its own source, or delete the sentence"))
            break
    return found


def _owners(path: str, line: int | None) -> list[tuple[str, int]]:
    """The table keys evidence at ``path:line`` may stand for: a file or module is line 0;
    line 1 is the module's own line and may be a definition's too."""
    if not line or line == 1:
        return [(path, 0), (path, 1)] if line == 1 else [(path, 0)]
    return [(path, line)]


def _related(names: set[str], other: str) -> bool:
    """``level_number`` and ``add_log_level_number``: one name holds the other's words
    (whole words between underscores: ``job`` is no word of ``jobqueue``)."""
    def holds(longer: str, shorter: str) -> bool:
        return f"_{shorter}_" in f"_{longer}_"
    return any(len(n) > 3 and (holds(other, n) or holds(n, other)) for n in names)


def _last_name(span: str) -> str:
    """``Job.run()`` -> ``run``, ``src/pkg/util.py`` -> ``util``: how a docstring says it."""
    words = re.findall(r"\w+", span.lower().removesuffix(".py`").removesuffix(".py"))
    return words[-1] if words else ""


def _own_runs(owners: set[tuple[str, int]], index: SymbolIndex,
              table: DocstringTable) -> set[tuple[str, ...]]:
    """The runs of the named definitions' docstrings and of their base classes'."""
    runs: set[tuple[str, ...]] = set()
    seen: set[tuple[str, int]] = set()
    todo = list(owners)
    for _ in range(50):  # a bounded walk up the class hierarchy
        if not todo:
            break
        owner = todo.pop()
        if owner in seen:
            continue
        seen.add(owner)
        runs |= table.owned.get(owner, set())
        defined = [s for s in index.in_file(owner[0]) if s.line == owner[1]] if owner[1] else []
        for symbol in defined:
            for base in symbol.bases:
                for base_symbol in index.by_name(base.rsplit(".", 1)[-1]):
                    if base_symbol.kind == "class":
                        todo.append((base_symbol.path, base_symbol.line))
    return runs


def unattributed_descriptions(text: str | Document, table: DocstringTable, *,
                              path: str) -> list[Finding]:
    """Each sentence that names no code but says what one definition's docstring says of
    it, where nothing around it names that definition either: "1. The output has the most
    significant digit first." under a heading naming other code (``int_to_string``'s
    docstring). The reader cannot tell what it is about. A module's docstring describes
    the project or its module, which the article is about anyway: not counted."""
    document = read(text)
    found: list[Finding] = []
    for index, block in document.prose():
        around = " ".join([block.text, *(b.text for b in document.owners(index))]).lower()
        said = set(WORD.findall(around))
        for line, content in block.lines:
            for start, end in sentence_bounds(content):
                sentence = content[start:end].strip()
                if CODE_SPAN.search(sentence):
                    continue  # it names its code: :func:`borrowed_descriptions`' part
                words = content_words(_QUOTE.sub(" ", sentence), skip=table.skip)
                holder = _sole_holder(table, words)
                if holder is None or holder.name.lower() in said:
                    continue
                where = f"{holder.owner[0]}:{holder.owner[1]}"
                found.append(Finding(
                    rule="unattributed-description", path=path, line=line, text=sentence,
                    kind="claim",
                    message=f"this says what {holder.name!r} ({where}) does, in its "
                            "docstring's words, without naming it",
                    hint=f"name `{holder.name}` in the sentence, or delete it"))
    return found


def _sole_holder(table: DocstringTable, words: Sequence[str]) -> _DocSentence | None:
    """The one definition (not a module) whose docstring holds a run of the words."""
    if len(words) < RUN:
        return None
    for run in sorted(_runs(words)):
        holders = [h for h in table.runs.get(run, []) if h.owner[1]]
        if holders and len({h.owner for h in holders}) <= MAX_OWNERS:
            return holders[0]
    return None
