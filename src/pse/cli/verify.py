"""``pse verify``: check the code references in Markdown against a source tree."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import click

from pse.cli import fastpath, verify_cache, verify_fast
from pse.cli.common import (
    CACHE_DIR_OPTION,
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_ZERO_OPTION,
    OUTPUT_OPTION,
    CliContext,
    CliError,
    check_source,
    get_context,
    read_text_file,
    verbosity_options,
)
from pse.cli.output import check_output_file, write_output
from pse.cli.verify_ci import (
    CiOptions,
    Finished,
    echo_note,
    ensure_references,
    finish,
    require_code,
    require_own_baseline,
    scope_of,
)
from pse.config import Settings, cache_dir
from pse.index.languages import detect_language
from pse.index.model import FileEntry
from pse.index.walk import ALWAYS_SKIPPED, Seen, tree_fingerprint
from pse.planted import MAX_DEPTH, escape_name, ignore_result, ignore_spec, warn_too_deep
from pse.report.coverage import Extras
from pse.verify.refs import CheckedReference, Document, Reference

DOC_SUFFIXES = (".md", ".markdown", ".mdx", ".rst")
CI_FORMATS = ("github", "gitlab")
"""Formats of ``pse verify`` alone (the ``format`` setting keeps the common ones)."""


@click.command("verify")
@click.argument("paths", nargs=-1, required=True,
                type=click.Path(path_type=Path))
@click.option("--source", "-s", type=click.Path(path_type=Path), default=None,
              help="The source the documents describe: the project root or its package "
              "folder (src/pkg); paths in the documents are read against the project root "
              "either way (default: PSE_ROOT or .).")
@click.option("--format", "output_format", default=None,
              type=click.Choice(["text", "json", "sarif", "html", *CI_FORMATS]),
              help="Report format (default: text; env PSE_FORMAT for the first four): "
                   "github prints workflow annotations, gitlab a code-quality report.")
@OUTPUT_OPTION
@EXIT_ZERO_OPTION
@click.option("--all", "show_all", is_flag=True,
              help="Text format: list every reference, not only the flagged ones.")
@click.option("--repo-url", default="", help="HTML format: link evidence to this repository "
              "at the checked-out commit (default: the project's metadata or git origin).")
@CACHE_DIR_OPTION
@click.option("--strict", is_flag=True, default=None,
              help="Flag every name the tree does not define (default: only names the "
                   "text clearly means as this project's code; setting verify.strict).")
@click.option("--since", metavar="REF", default="",
              help="Check only the documents changed since the git revision REF, and the "
                   "references of any document whose target changed since REF.")
@click.option("--changed", is_flag=True,
              help="--since the merge-base of HEAD with its upstream (else HEAD), "
                   "uncommitted and untracked files included.")
@click.option("--baseline", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Report only findings not in this baseline file (exit 1 only for new "
                   "ones); say how many known ones were fixed.")
@click.option("--write-baseline", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Record today's unverified findings in FILE (exit 0).")
@click.option("--history/--no-history", default=None,
              help="Name the commit that removed or renamed each missing name or path "
                   "(git checkouts; setting verify.history, default on).")
@click.option("--evidence", is_flag=True,
              help="Align every sentence to the source that backs it: report each as "
                   "supported (with its file:line span), unsupported or a transition; "
                   "exit 1 when a sentence is unsupported.")
@click.option("--keep-warm", is_flag=True,
              help="Leave a loaded checker running in the background (it exits after 15 "
                   "idle minutes) and let the next `pse verify --keep-warm` run in it: a "
                   "pre-commit or on-save hook then skips the start-up work.")
@verbosity_options
@click.pass_context
def command(ctx: click.Context, paths: tuple[Path, ...], source: Path | None,
            output_format: str | None, output_file: Path | None, exit_zero: bool,
            show_all: bool, repo_url: str, strict: bool | None, since: str, changed: bool,
            baseline: Path | None, write_baseline: Path | None, history: bool | None,
            cache_folder: Path | None, evidence: bool,
            keep_warm: bool) -> int:  # noqa: ARG001 - read by pse.cli.entry before parsing
    """Check that every code reference in PATHS exists in the source tree.

    PATHS are Markdown, MDX or reStructuredText files or folders of them. Each
    `identifier`, `Class.method()`, `path/file.py` and `file.py:123` is verified (with
    file:line evidence), external (builtins, stdlib, dependencies), ignored (not code)
    or unverified (flagged). By default only names the text clearly means as the
    project's code are flagged (qualified, a role, a near miss, a path under the tree);
    --strict flags every name the tree does not define.

    \b
    Exit codes: 0 nothing unverified (or only warnings, or only baselined findings),
    1 something unverified, 2 bad input, or nothing to check (no source code under
    --source, no reference in the documents).
    Examples:
      pse verify docs/ --source .
      pse verify README.md -s . --format sarif -o reports/pse.sarif
      pse verify docs/ --changed --baseline .pse-baseline.json --format github
      pse verify docs/ -s . --cache-dir .pse-cache   # a folder CI keeps between runs
    """
    context = get_context(ctx)
    _check_repo_url(repo_url)
    if since and changed:
        raise CliError("give --since REF or --changed, not both")
    if evidence and (since or changed or baseline or write_baseline):
        raise CliError("--evidence audits whole documents; run it without --since, "
                       "--changed, --baseline and --write-baseline")
    if write_baseline is not None and (since or changed):
        raise CliError("--write-baseline records every finding; run it without "
                       "--since/--changed")
    # what the answer depends on, listed only when a recording may keep it (a plain run:
    # a selection, a baseline or an audit is never kept), each path before it is read
    plain = not (since or changed or baseline or write_baseline or evidence)
    depends: list[verify_fast.Check] | None = \
        verify_fast.settings_checks(context, source or Path.cwd()) \
        if plain and fastpath.is_recording() else None
    settings = context.settings(cli={
        "format": None if output_format in CI_FORMATS else output_format,
        "root": source and str(source), "verify.strict": strict, "verify.history": history,
        "cache_dir": cache_folder and str(cache_folder)},
        start=source or Path.cwd())
    root = Path(settings.get_str("root") or ".")
    if depends is not None:
        depends.extend(verify_fast.identity_checks(root))
    documents = load_documents(paths, exclude=settings.get_list("verify.exclude"),
                               include=settings.get_list("verify.include"), depends=depends)
    inputs = [*paths, *(Path(d.path) for d in documents), root]
    check_output_file(output_file, inputs=inputs)  # before the work, not after it
    if write_baseline is not None:  # kept in the project's tree, never over another file
        check_output_file(write_baseline, inputs=[*paths, *(Path(d.path) for d in documents)],
                          kept_in_project=True)
        require_own_baseline(write_baseline)
    options = CiOptions(since=since, changed=changed, baseline=baseline,
                        write_baseline=write_baseline,
                        history=settings.get_bool("verify.history"))
    fmt = output_format if output_format in CI_FORMATS else settings.get_str("format")
    if evidence:
        return _evidence(context, settings, root, documents, fmt=fmt, show_all=show_all,
                         output_file=output_file, inputs=inputs, exit_zero=exit_zero)
    output, count, flagged, notes = _report(context, settings, root, documents, fmt=fmt,
                                            show_all=show_all, repo_url=repo_url,
                                            options=options, depends=depends)
    write_output(output, output_file, inputs=inputs)
    if fmt != "text":  # the text report holds these lines; machine formats keep stdout
        for note in notes or (f"{count} references, {flagged} unverified",):
            echo_note(note, verbosity=context.verbosity)
    if write_baseline is not None:
        return EXIT_OK
    if depends is not None and output_file is None and \
            _is_kept(fmt, options, root, flagged):
        fastpath.keep(str(cache_dir(settings)), depends)
    return EXIT_FINDINGS if flagged and not exit_zero else EXIT_OK


def _evidence(context: CliContext, settings: Settings, root: Path, documents: list[Document],
              *, fmt: str, show_all: bool, output_file: Path | None, inputs: list[Path],
              exit_zero: bool) -> int:
    from pse.cli import verify_evidence
    from pse.report.evidence import summary

    check_source(root)
    report = verify_evidence.audit(context, settings, root, documents)
    write_output(verify_evidence.render(fmt, report, documents, show_all=show_all, root=root),
                 output_file, inputs=inputs)
    counts = summary(report)
    if fmt != "text":
        echo_note(f"{counts['supported']} supported, {counts['unsupported']} unsupported, "
                  f"{counts['transition']} transitions", verbosity=context.verbosity)
    return EXIT_FINDINGS if counts["unsupported"] and not exit_zero else EXIT_OK


_KEPT_FORMATS = frozenset({"json", "text"})
"""Formats whose output depends on the answers alone (SARIF and HTML also read the
repository and the working folder), so it is kept with them."""

Rendered = tuple[str, int, int, tuple[str, ...]]
"""The output, the number of references, of failing ones, and the run's notes."""


def _is_kept(fmt: str, options: CiOptions, root: Path, failing: int) -> bool:
    """Whether the output of a run is kept: a kept format, a plain run, and no history
    in it (history changes with each commit: only a run that flags nothing, or whose
    source is no git checkout, has none)."""
    return fmt in _KEPT_FORMATS and options.is_plain and not (
        failing and options.history and verify_fast.has_git(root))


def _report(context: CliContext, settings: Settings, root: Path, documents: list[Document],
            *, fmt: str, show_all: bool, repo_url: str, options: CiOptions,
            depends: list[verify_fast.Check] | None = None) -> Rendered:
    """The rendered output with its counts; a warm run of a kept format reuses the output
    it rendered before (plain runs only: a selection or a baseline is not kept).
    ``depends``, when given, receives the tree's stat checks (:mod:`pse.cli.verify_fast`)."""
    check_source(root)
    seen: Seen = []
    folder = verify_cache.cache_folder(cache_dir(settings), root)
    entries = verify_cache.list_tree(root.resolve(), folder,
                                     exclude=tree_excludes(settings, root),
                                     seen=seen if depends is not None else None)
    if depends is not None:
        depends.extend(verify_fast.tree_checks(root, entries, seen))
    require_code(root, entries)
    scope = scope_of(root, documents, options)
    if scope is None:
        fingerprint = tree_fingerprint(entries, stand_ins=_document_stand_ins(root, documents))
        cache = verify_cache.load(folder, verify_cache.state_key(fingerprint, settings))
    else:  # the tree changed since the answers were kept: reading them would be waste
        cache = verify_cache.VerifyCache(state="")
    key = verify_cache.documents_key(documents, cwd=Path.cwd())
    view = f"{key}\0{fmt}\0{show_all}" if fmt in _KEPT_FORMATS and options.is_plain else ""
    kept = cache.output(view) if view else None
    if kept is not None and _is_kept(fmt, options, root, kept[2]):
        _notice(context, cache)
        return kept
    checked = cache.answers(key) if scope is None else None
    if checked is not None:
        _notice(context, cache)
    else:
        read = documents if scope is None else \
            [d for d in documents if scope.mentions(d.path, d.text)]
        checked = _resolved(context, settings, root, read, entries, cache,
                            select=scope.wants if scope is not None else None) if read else []
        if scope is None:
            cache.results[key] = checked
    done = finish(checked, documents, root=root, settings=settings, options=options,
                  scope=scope)
    ensure_references(done, documents=len(documents), scope=scope)
    output = _render(fmt, done.checked, documents, show_all=show_all, root=root,
                     repo_url=repo_url, extras=done.extras)
    rendered = (output, len(done.checked), done.failing, _notes(done))
    if view and _is_kept(fmt, options, root, done.failing):
        cache.outputs[view] = rendered
    if scope is None:  # a selection resolved part of the documents: keep the full answers
        verify_cache.save(folder, cache)
    return rendered


def _notes(done: Finished) -> tuple[str, ...]:
    coverage = done.extras.coverage
    return ((coverage.line(),) if coverage is not None else ()) + done.extras.notes


def tree_excludes(settings: Settings, root: Path) -> list[str]:
    """The configured excludes, plus the cache folder when it lies inside the tree (a CI
    job may keep it in the checkout: its files change on every run and are no source)."""
    excludes = settings.get_list("index.exclude")
    try:
        inside = cache_dir(settings).resolve().relative_to(root.resolve())
    except ValueError:
        return excludes
    return [*excludes, f"/{inside.as_posix()}/"] if inside.parts else excludes


def _notice(context: CliContext, cache: verify_cache.VerifyCache) -> None:
    """The index's warning line, repeated when the answers come from the cache."""
    if cache.notice and context.verbosity >= 0:
        click.echo(cache.notice, err=True)


def _resolved(context: CliContext, settings: Settings, root: Path,
              documents: list[Document], entries: list[FileEntry],
              cache: verify_cache.VerifyCache, *,
              select: Callable[[Reference], bool] | None = None) -> list[CheckedReference]:
    """The documents' answers, resolved again except those the memo still holds."""
    # the index and the checker are imported only when something must be resolved
    from pse.cli.sources import index_warning, make_resolver, open_index
    from pse.verify.check import check_documents

    index, stats = open_index(context, settings, root, entries=entries)
    cache.notice = index_warning(stats)
    try:
        checked = check_documents(documents, make_resolver(index, settings),
                                  ignore=settings.get_list("verify.ignore"),
                                  historical=settings.get_list("verify.historical"),
                                  strict=settings.get_bool("verify.strict"), memo=cache.memo,
                                  select=select)
    finally:
        index.close()
    from pse.verify.pyversion import check_python_statements

    statements = check_python_statements(documents, root,
                                         historical=settings.get_list("verify.historical"))
    if select is not None:
        statements = [c for c in statements if select(c.ref)]
    return sorted([*checked, *statements],
                  key=lambda c: (c.ref.file, c.ref.line, c.ref.text, c.ref.name))


def _document_stand_ins(root: Path, documents: list[Document]) -> dict[str, str]:
    """Documents inside the tree, by tree path: their line counts, not their stat data.

    The index reads no Markdown or reStructuredText, so an edit to a document changes
    no answer but those about its lines or text (``guide.md:40``, a quote of it), which
    the memo never keeps (:func:`pse.verify.memo.is_kept`). So editing a document in the
    tree keeps the memo valid.
    """
    base = root.resolve()
    found: dict[str, str] = {}
    for document in documents:
        try:
            inside = Path(document.path).resolve().relative_to(base).as_posix()
        except ValueError:
            continue
        if detect_language(inside) in {"markdown", "rst"}:
            found[inside] = "document"
    return found


def _check_repo_url(repo_url: str) -> None:
    if not repo_url:
        return
    from pse.report.links import normalize_repo_url
    if not normalize_repo_url(repo_url):
        raise CliError(f"--repo-url {repo_url!r} is not a repository URL; give it as "
                       "https://host/owner/name")


def _render(fmt: str, checked: list[CheckedReference], documents: list[Document], *,
            show_all: bool, root: Path, repo_url: str, extras: Extras) -> str:
    # renderers are imported on use: each run needs one, and start-up time is user time
    lines_of = {d.path: d.text.splitlines() for d in documents}
    if fmt == "json":
        from pse.report.references import render_json
        return render_json(checked, extras=extras)
    if fmt in ("sarif", "github", "gitlab"):
        from pse.report.sources import repository_root
        repository = repository_root(root)
        if fmt == "github":
            from pse.report.github import render_github
            return render_github(checked, lines_of=lines_of, root=repository, cwd=Path.cwd(),
                                 extras=extras)
        if fmt == "gitlab":
            from pse.report.github import render_gitlab
            return render_gitlab(checked, lines_of=lines_of, root=repository, cwd=Path.cwd(),
                                 extras=extras)
        from pse.report.sarif import render_sarif
        return render_sarif(checked, lines_of=lines_of, root=repository, cwd=Path.cwd(),
                            extras=extras)
    if fmt == "html":
        from pse.report.html import render_html
        from pse.report.sources import SourceReader, repository_linker
        url_of, _, _ = repository_linker(root, repo_url)
        return render_html(checked, documents={d.path: d.text for d in documents},
                           read_lines=SourceReader(root), url_of=url_of, extras=extras)
    from pse.report.references import render_text
    return render_text(checked, verbose=show_all, extras=extras)


def load_documents(paths: tuple[Path, ...], *, exclude: list[str],
                   include: list[str] | None = None,
                   depends: list[verify_fast.Check] | None = None) -> list[Document]:
    """Read every Markdown document named by ``paths`` (files or folders), without those
    ``exclude`` matches and, when ``include`` is given, only those it matches.

    ``depends``, when given, receives what the result depends on (:mod:`pse.cli.fastpath`
    checks, each taken before the path was read): each document and each folder searched.
    """
    spec = ignore_spec(exclude, origin="verify.exclude") if exclude else None
    wanted = ignore_spec(include, origin="verify.include") if include else None
    documents: list[Document] = []
    cwd = Path.cwd().resolve()
    seen: set[Path] = set()  # a document reached twice (a symlinked README) is read once
    for path in paths:
        if not path.exists():
            raise CliError(f"{str(path)!r} does not exist")
        files = _markdown_under(path, depends=depends) if path.is_dir() else [path]
        if path.is_dir() and not files:
            raise CliError("no Markdown files (*.md, *.markdown, *.mdx) or reStructuredText "
                           f"files (*.rst) under {str(path)!r}")
        for file in files:
            if spec is not None and ignore_result(spec, file.as_posix()):
                continue
            if wanted is not None and not ignore_result(wanted, file.as_posix()):
                continue
            real = file.resolve()  # once: a thousand documents resolved thrice cost 0.1 s
            if real in seen:
                continue
            seen.add(real)
            if depends is not None:
                depends.append(verify_fast.path_check(os.path.abspath(file), "f"))
            documents.append(Document(path=escape_name(_relative(real, cwd)),
                                      text=read_document(file)))
    return documents


def _markdown_under(folder: Path, *, depends: list[verify_fast.Check] | None = None
                    ) -> list[Path]:
    """The documents below ``folder``: iterative, at most ``MAX_DEPTH`` folders down, regular
    files only (a named pipe called ``x.md`` would block the run), and a symlink only when
    it stays inside ``folder`` (a planted ``docs/x.md -> /etc/passwd`` is never rendered).
    ``depends``, when given, receives the check of each folder searched."""
    inside = folder.resolve()
    found: list[Path] = []
    pending = [(folder, 0)]
    while pending:
        here, depth = pending.pop()
        if depends is not None:  # before the listing: an entry added later then shows
            depends.append(verify_fast.path_check(os.path.abspath(here), "d"))
        try:
            entries = list(os.scandir(here))
        except OSError:
            continue
        for entry in entries:
            path = Path(entry.path)
            if _is_real_folder(entry):
                if entry.name in ALWAYS_SKIPPED:
                    continue
                if depth + 1 > MAX_DEPTH:
                    warn_too_deep(escape_name(str(path)))
                    continue
                pending.append((path, depth + 1))
            elif entry.name.lower().endswith(DOC_SUFFIXES) and _is_document(entry, inside):
                found.append(path)
    return sorted(found)


def _is_real_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _is_document(entry: os.DirEntry[str], inside: Path) -> bool:
    # the entry's own type: no stat call for a regular file, one for a symlink
    try:
        if not entry.is_file():
            return False
    except OSError:
        return False
    path = Path(entry.path)
    if entry.is_symlink() and not path.resolve().is_relative_to(inside):
        click.echo(f"pse: warning: {escape_name(str(path))!r} is a symlink leading outside "
                   f"{escape_name(str(inside))!r}; not checked", err=True)
        return False
    return True


def read_document(path: Path) -> str:
    """The text of one document, or a one-line error saying why it is unusable."""
    if not path.name.lower().endswith(DOC_SUFFIXES):
        raise CliError(f"{str(path)!r} is not a Markdown file (expected "
                       f"{', '.join(DOC_SUFFIXES)})")
    return read_text_file(path, what="document")


def display_path(path: Path, *, cwd: Path | None = None) -> str:
    """POSIX path relative to the working directory (``cwd``: it, resolved, when the
    caller converts many paths) when inside it, else absolute."""
    return _relative(path.resolve(), cwd or Path.cwd().resolve())


def _relative(resolved: Path, cwd: Path) -> str:
    try:
        return resolved.relative_to(cwd).as_posix()
    except ValueError:
        return resolved.as_posix()
