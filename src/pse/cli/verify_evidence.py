"""``pse verify --evidence``: each sentence of the documents, supported by a span or not.

The reference check runs first (it says which names are the tree's and where they are
defined); the aligner then reads only the files those definitions are in. Exit 1 when a
sentence is unsupported.
"""

from __future__ import annotations

from pathlib import Path

from pse.cli.common import CliContext
from pse.config import Settings
from pse.report.evidence import DocumentEvidence
from pse.verify.refs import Document


def audit(context: CliContext, settings: Settings, root: Path,
          documents: list[Document]) -> list[DocumentEvidence]:
    """Every document's sentences aligned against the whole source under ``root``."""
    from pse.cli.sources import make_resolver, open_index
    from pse.verify.check import check_documents
    from pse.verify.evidence.audit import audit_document
    from pse.verify.evidence.passages import tree_passages

    index, _ = open_index(context, settings, root)
    try:
        checked = check_documents(documents, make_resolver(index, settings),
                                  ignore=settings.get_list("verify.ignore"),
                                  strict=settings.get_bool("verify.strict"))
        # the project's prose may back a sentence, but no audited document backs another
        passages = tree_passages(index, excluding=_in_tree(documents, root))
        return [DocumentEvidence(doc.path, audit_document(
            doc.text, [c for c in checked if c.ref.file == doc.path], index=index,
            rst=doc.path.endswith(".rst"), passages=passages)) for doc in documents]
    finally:
        index.close()


def _in_tree(documents: list[Document], root: Path) -> set[str]:
    """The documents' paths relative to ``root`` (those inside it)."""
    top = root.resolve()
    found = set()
    for doc in documents:
        path = Path(doc.path).resolve()
        if path.is_relative_to(top):
            found.add(path.relative_to(top).as_posix())
    return found


def render(fmt: str, report: list[DocumentEvidence], documents: list[Document], *,
           show_all: bool, root: Path) -> str:
    """The report in ``fmt`` (html falls back to JSON: the sentences are the report)."""
    from pse.report import evidence

    if fmt in ("sarif", "github", "gitlab"):
        from pse.report.sources import repository_root

        lines_of = {d.path: d.text.splitlines() for d in documents}
        findings = evidence.as_findings(report)
        repository = repository_root(root)
        if fmt == "github":
            from pse.report.github import render_github
            return render_github(findings, lines_of=lines_of, root=repository, cwd=Path.cwd())
        if fmt == "gitlab":
            from pse.report.github import render_gitlab
            return render_gitlab(findings, lines_of=lines_of, root=repository, cwd=Path.cwd())
        from pse.report.sarif import render_sarif
        return render_sarif(findings, lines_of=lines_of, root=repository, cwd=Path.cwd())
    if fmt == "text":
        return evidence.render_text(report, verbose=show_all)
    return evidence.render_json(report)
