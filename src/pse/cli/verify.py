"""``pse verify``: check the code references in Markdown against a source tree."""

from __future__ import annotations

import os
from pathlib import Path

import click

from pse.cli import verify_cache
from pse.cli.common import (
    CACHE_DIR_OPTION,
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_ZERO_OPTION,
    FORMAT_OPTION,
    OUTPUT_OPTION,
    CliContext,
    CliError,
    check_output_file,
    check_source,
    get_context,
    read_text_file,
    verbosity_options,
    write_output,
)
from pse.config import Settings, cache_dir
from pse.index.languages import detect_language
from pse.index.model import FileEntry
from pse.index.walk import ALWAYS_SKIPPED, discover_files, tree_fingerprint
from pse.verify.refs import CheckedReference, Document

DOC_SUFFIXES = (".md", ".markdown", ".mdx", ".rst")


@click.command("verify")
@click.argument("paths", nargs=-1, required=True,
                type=click.Path(path_type=Path))
@click.option("--source", "-s", type=click.Path(path_type=Path), default=None,
              help="Root of the source tree the documents describe (default: PSE_ROOT or .).")
@FORMAT_OPTION
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
@verbosity_options
@click.pass_context
def command(ctx: click.Context, paths: tuple[Path, ...], source: Path | None,
            output_format: str | None, output_file: Path | None, exit_zero: bool,
            show_all: bool, repo_url: str, cache_folder: Path | None,
            strict: bool | None) -> int:
    """Check that every code reference in PATHS exists in the source tree.

    PATHS are Markdown, MDX or reStructuredText files or folders of them. Each
    `identifier`, `Class.method()`, `path/file.py` and `file.py:123` is verified (with
    file:line evidence), external (builtins, stdlib, dependencies), ignored (not code)
    or unverified (flagged). By default only names the text clearly means as the
    project's code are flagged (qualified, a role, a near miss, a path under the tree);
    --strict flags every name the tree does not define.

    \b
    Exit codes: 0 nothing unverified, 1 something unverified, 2 bad input.
    Examples:
      pse verify docs/ --source .
      pse verify README.md -s . --format sarif -o pse.sarif
      pse verify docs/ -s . --cache-dir .pse-cache   # a folder CI keeps between runs
    """
    context = get_context(ctx)
    _check_repo_url(repo_url)
    settings = context.settings(cli={"format": output_format, "root": source and str(source),
                                     "verify.strict": strict,
                                     "cache_dir": cache_folder and str(cache_folder)},
                                start=source or Path.cwd())
    root = Path(settings.get_str("root") or ".")
    documents = load_documents(paths, exclude=settings.get_list("verify.exclude"))
    inputs = [*paths, *(Path(d.path) for d in documents), root]
    check_output_file(output_file, inputs=inputs)  # before the work, not after it
    fmt = settings.get_str("format")
    output, count, flagged = _report(context, settings, root, documents, fmt=fmt,
                                     show_all=show_all, repo_url=repo_url)
    write_output(output, output_file, inputs=inputs)
    if context.verbosity >= 0 and fmt != "text":
        click.echo(f"pse: {count} references, {flagged} unverified", err=True)
    return EXIT_FINDINGS if flagged and not exit_zero else EXIT_OK


_KEPT_FORMATS = frozenset({"json", "text"})
"""Formats whose output depends on the answers alone (SARIF and HTML also read the
repository and the working folder), so it is kept with them."""


def _report(context: CliContext, settings: Settings, root: Path, documents: list[Document],
            *, fmt: str, show_all: bool, repo_url: str) -> tuple[str, int, int]:
    """The rendered output, the number of references and of unverified ones; a warm run
    of a kept format reuses the output it rendered before."""
    check_source(root)
    entries = discover_files(root.resolve(), exclude=tree_excludes(settings, root))
    path = verify_cache.cache_file(cache_dir(settings), root)
    fingerprint = tree_fingerprint(entries, stand_ins=_document_stand_ins(root, documents))
    cache = verify_cache.load(path, verify_cache.state_key(fingerprint, settings))
    key = verify_cache.documents_key(documents, cwd=Path.cwd())
    view = f"{key}\0{fmt}\0{show_all}" if fmt in _KEPT_FORMATS else ""
    kept = cache.outputs.get(view) if view else None
    if kept is not None:
        _notice(context, cache)
        return kept
    checked = cache.answers(key)
    if checked is not None:
        _notice(context, cache)
    else:
        checked = _resolved(context, settings, root, documents, entries, cache)
        cache.results[key] = checked
    output = _render(fmt, checked, documents, show_all=show_all, root=root, repo_url=repo_url)
    rendered = (output, len(checked),
                sum(1 for c in checked if c.result.status == "unverified"))
    if view:
        cache.outputs[view] = rendered
    verify_cache.save(path, cache)
    return rendered


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
              cache: verify_cache.VerifyCache) -> list[CheckedReference]:
    """The documents' answers, resolved again except those the memo still holds."""
    # the index and the checker are imported only when something must be resolved
    from pse.cli.sources import index_warning, make_resolver, open_index
    from pse.verify.check import check_documents

    index, stats = open_index(context, settings, root, entries=entries)
    cache.notice = index_warning(stats)
    try:
        return check_documents(documents, make_resolver(index, settings),
                               ignore=settings.get_list("verify.ignore"),
                               historical=settings.get_list("verify.historical"),
                               strict=settings.get_bool("verify.strict"), memo=cache.memo)
    finally:
        index.close()


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
            show_all: bool, root: Path, repo_url: str) -> str:
    # renderers are imported on use: each run needs one, and start-up time is user time
    if fmt == "json":
        from pse.report.references import render_json
        return render_json(checked)
    if fmt == "sarif":
        from pse.report.sarif import render_sarif
        from pse.report.sources import repository_root
        return render_sarif(checked, lines_of={d.path: d.text.splitlines() for d in documents},
                            root=repository_root(root), cwd=Path.cwd())
    if fmt == "html":
        from pse.report.html import render_html
        from pse.report.sources import SourceReader, repository_linker
        url_of, _, _ = repository_linker(root, repo_url)
        return render_html(checked, documents={d.path: d.text for d in documents},
                           read_lines=SourceReader(root), url_of=url_of)
    from pse.report.references import render_text
    return render_text(checked, verbose=show_all)


def load_documents(paths: tuple[Path, ...], *, exclude: list[str]) -> list[Document]:
    """Read every Markdown document named by ``paths`` (files or folders)."""
    spec = None
    if exclude:
        import pathspec  # only with excludes (the warm path imports as little as it can)

        spec = pathspec.GitIgnoreSpec.from_lines(exclude)
    documents: list[Document] = []
    for path in paths:
        if not path.exists():
            raise CliError(f"{str(path)!r} does not exist")
        files = _markdown_under(path) if path.is_dir() else [path]
        if path.is_dir() and not files:
            raise CliError("no Markdown files (*.md, *.markdown, *.mdx) or reStructuredText "
                           f"files (*.rst) under {str(path)!r}")
        for file in files:
            if spec is not None and spec.match_file(file.as_posix()):
                continue
            documents.append(Document(path=display_path(file), text=read_document(file)))
    return documents


def _markdown_under(folder: Path) -> list[Path]:
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d not in ALWAYS_SKIPPED)
        # regular files only: a named pipe called ``x.md`` would block the run
        found.extend(Path(dirpath) / f for f in filenames if f.lower().endswith(DOC_SUFFIXES)
                     and os.path.isfile(os.path.join(dirpath, f)))
    return sorted(found)


def read_document(path: Path) -> str:
    """The text of one document, or a one-line error saying why it is unusable."""
    if not path.name.lower().endswith(DOC_SUFFIXES):
        raise CliError(f"{str(path)!r} is not a Markdown file (expected "
                       f"{', '.join(DOC_SUFFIXES)})")
    return read_text_file(path, what="document")


def display_path(path: Path) -> str:
    """POSIX path relative to the working directory when inside it, else absolute."""
    resolved = path.resolve()
    try:
        return resolved.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return resolved.as_posix()
