"""The CI side of ``pse verify``: --since/--changed, baselines, history, coverage.

:func:`scope_of` turns ``--since``/``--changed`` into a :class:`~pse.verify.changes.Scope`
(from git), :func:`finish` takes the resolved answers through the run's later steps:
the --since selection, the configured severities, the baseline, git history; and it
measures the coverage. Each step's logic is pure and lives in ``verify/`` or
``tools/``; this module only reads the files and settings they need.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pse.cli.common import CliError, read_text_file
from pse.cli.verify_fast import has_git
from pse.config import Settings
from pse.index.languages import detect_language
from pse.index.model import FileEntry
from pse.planted import read_planted_text
from pse.report.coverage import Extras, measure
from pse.verify.refs import CheckedReference, Document, Reference

if TYPE_CHECKING:  # the steps are imported when a run uses them (start-up is user time)
    from pse.tools.gitrepo import Changes, FilePatch
    from pse.verify.changes import Scope, Span
    from pse.verify.levels import Level
    from pse.verify.provenance import Provenance

DOC_SUFFIXES = (".md", ".markdown", ".mdx", ".rst", ".rest", ".txt")
_NOT_CODE = frozenset({"", "markdown", "rst", "text", "json", "yaml", "toml", "ini", "config"})
"""Languages that are documents or configuration: a tree of only these has no code."""


@dataclass(frozen=True)
class CiOptions:
    """The CI options of one ``pse verify`` run."""

    since: str = ""
    changed: bool = False
    baseline: Path | None = None
    write_baseline: Path | None = None
    history: bool = True

    @property
    def is_plain(self) -> bool:
        """True when the run checks everything and compares with nothing."""
        return not (self.since or self.changed or self.baseline or self.write_baseline)


@dataclass(frozen=True)
class Finished:
    """The run's answers as reported, the report extras and the failing count."""

    checked: list[CheckedReference]
    extras: Extras
    failing: int
    """Unverified references of severity ``error`` (what makes the exit code 1)."""


def require_code(root: Path, entries: list[FileEntry]) -> None:
    """A one-line error (exit 2) when the source tree has no file pse indexes as code:
    a wrong ``--source`` must not look like a clean run."""
    if not any(detect_language(e.path) not in _NOT_CODE for e in entries):
        raise CliError(f"no source code to check against under {str(root)!r} ({len(entries)} "
                       "files, none in a language pse indexes); is --source right?")


def scope_of(root: Path, documents: list[Document], options: CiOptions) -> Scope | None:
    """The --since/--changed selection (None: check everything).

    Raises:
        CliError: the source is not a git checkout, or the revision names no commit.
    """
    if not (options.since or options.changed):
        return None
    from pse.cli.verify import display_path
    from pse.tools.gitrepo import GitError, open_repo
    from pse.verify.changes import Scope, module_names

    flag = f"--since {options.since}" if options.since else "--changed"
    repo = open_repo(root)
    if repo is None:
        raise CliError(f"{flag} needs the source {str(root)!r} to be the top of a git "
                       "checkout (with git installed)")
    try:
        base = repo.resolve(options.since) if options.since else repo.default_base()
        changes = repo.changes(base, documents=DOC_SUFFIXES)
    except GitError as exc:
        raise CliError(f"{flag}: {exc}") from exc
    defined, spans = _changed_names(repo.root, changes)
    # changed paths as display paths: one conversion per change, not per document
    cwd = Path.cwd().resolve()
    shown = {display_path(repo.root / p, cwd=cwd) for p in changes.paths
             if p.lower().endswith(DOC_SUFFIXES)}
    changed_docs = frozenset(d.path for d in documents if d.path in shown)
    # a module's evidence is its first line: a file changed further down keeps its name
    # out (a deleted one: its name no longer resolves)
    sources = [p for p in changes.paths if not p.lower().endswith(DOC_SUFFIXES)
               and (p not in spans or any(a <= 1 <= b for a, b in spans[p]))]
    gone = module_names(p for p in sources if not os.path.lexists(repo.root / p))
    return Scope(documents=changed_docs, paths=changes.paths,
                 defined=defined | module_names(sources),
                 removed_words=gone.union(*(_removed(path, part, spans)
                                            for path, part in changes.patches.items())),
                 spans=spans)


def _removed(path: str, patch: FilePatch, spans: Mapping[str, object]) -> frozenset[str]:
    """The names one file's patch removed: in a Python file whose changes are known,
    the names its removed lines bound that its new lines do not (a comment's or a
    docstring's words name nothing); elsewhere any identifier no new line holds."""
    from pse.verify.changes import python_names, removed_names

    if path in spans:
        return python_names(patch.removed) - python_names(patch.added)
    return removed_names(patch.removed, patch.added if path else ())


def _changed_names(root: Path, changes: Changes
                   ) -> tuple[frozenset[str], dict[str, tuple[Span, ...]]]:
    """The names the changed source files define where they changed (every name they
    define when git gave no line ranges or the file is no parsable Python), and the
    changed spans of the files where that is known."""
    from pse.verify.changes import changed_definitions, defined_names

    names: set[str] = set()
    spans: dict[str, tuple[Span, ...]] = {}
    for path in sorted(changes.paths):
        if path.lower().endswith(DOC_SUFFIXES):
            continue
        # regular files only (never blocks); none when gone, unreadable or huge
        text = read_planted_text(root / path, limit=2_000_000)
        if text is None:
            continue
        patch = changes.patches.get(path)
        found = changed_definitions(text, [(h.first, h.last) for h in patch.hunks]) \
            if patch and patch.hunks and path.endswith((".py", ".pyi")) else None
        if found is None:
            names.update(defined_names(text.splitlines()))
        else:
            names.update(found[0])
            spans[path] = found[1]
    return frozenset(names), spans


def finish(checked: list[CheckedReference], documents: list[Document], *, root: Path,
           settings: Settings, options: CiOptions, scope: Scope | None) -> Finished:
    """The answers through the selection, severities, baseline and history steps."""
    if scope is not None:
        checked = [c for c in checked if scope.keeps(c)]
    from pse.verify.levels import apply_levels

    checked, levels = apply_levels(checked, _rules(settings))
    lines_of = {d.path: d.text.splitlines() for d in documents}
    notes: list[str] = []
    if scope is not None:
        notes.append(f"since {options.since or 'the merge-base'}: {len(scope.documents)} "
                     f"changed document(s), {len(scope.paths)} changed path(s)")
    if options.write_baseline is not None:
        _write_baseline(options.write_baseline, checked, lines_of)
        notes.append(f"baseline {options.write_baseline}: wrote "
                     f"{sum(c.result.status == 'unverified' for c in checked)} finding(s)")
    if options.baseline is not None:
        from pse.verify import baseline as baselines

        applied = baselines.apply(checked, lines_of, _read_baseline(options.baseline))
        checked = applied.checked
        note = applied.note(str(options.baseline))
        notes.append(note if scope is None else note.split(",")[0] +
                     " (fixed ones are counted by a full run)")
    history: dict[Reference, Provenance] = {}
    # no .git at the source: no history (git is not even imported)
    if options.history and any(c.result.status == "unverified" for c in checked) and \
            has_git(root):
        from pse.cli.verify_history import find_history
        history = find_history(root, checked, settings)
        if history:
            from pse.verify.provenance import annotated
            checked = annotated(checked, history)
    extras = Extras(coverage=measure(checked, documents=len(documents)), history=history,
                    levels=levels, notes=tuple(notes))
    failing = sum(1 for c in checked if c.result.status == "unverified"
                  and extras.level(c.ref) == "error")
    return Finished(checked=checked, extras=extras, failing=failing)


def _rules(settings: Settings) -> dict[str, Level]:
    from pse.verify.levels import parse_rules

    source = f"[tool.pse.verify.rules] of {settings.pyproject}" if settings.pyproject \
        else "verify.rules"
    try:
        return parse_rules(settings.get_table("verify.rules"), source=source)
    except ValueError as exc:
        raise CliError(str(exc)) from exc


def require_own_baseline(path: Path) -> None:
    """Refuse ``--write-baseline`` over a file that is not a pse baseline (a
    ``pyproject.toml`` given by mistake would be lost)."""
    if not path.exists():
        return
    from pse.verify import baseline as baselines

    try:
        baselines.parse(path.read_text(encoding="utf-8"), source=str(path))
    except (baselines.BaselineError, OSError, UnicodeDecodeError) as exc:
        raise CliError(f"--write-baseline {str(path)!r} exists and is not a pse baseline; "
                       "give a new file name or the baseline's own") from exc


def _read_baseline(path: Path) -> Counter[str]:
    from pse.verify import baseline as baselines

    text = read_text_file(path, what="the baseline")
    try:
        return baselines.parse(text, source=str(path))
    except baselines.BaselineError as exc:
        raise CliError(f"--baseline: {exc}") from exc


def _write_baseline(path: Path, checked: list[CheckedReference],
                    lines_of: dict[str, list[str]]) -> None:
    if path.is_dir():
        raise CliError(f"--write-baseline {str(path)!r} is a folder; give a file name")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        from pse.verify.baseline import dump

        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temp.write_text(dump(checked, lines_of), encoding="utf-8")
        os.replace(temp, path)
    except OSError as exc:
        raise CliError(f"cannot write the baseline {str(path)!r}: {exc.strerror}") from exc


def ensure_references(finished: Finished, *, documents: int, scope: Scope | None) -> None:
    """A one-line error (exit 2) when no document held a reference (outside --since,
    where an unchanged tree rightly has nothing to check)."""
    coverage = finished.extras.coverage
    if scope is None and coverage is not None and coverage.references == 0:
        raise CliError(f"no code references found in {documents} document(s); nothing was "
                       "checked (are these the right documents?)")


def echo_note(line: str, *, verbosity: int) -> None:
    """A run note on stderr (machine formats keep stdout parseable)."""
    if verbosity >= 0:
        click.echo(f"pse: {line}", err=True)

