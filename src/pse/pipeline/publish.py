"""What ``finalize`` publishes besides the artifact: ``report.html`` and links to the truth.

The final texts are checked once more (deterministic, no LLM) to get every span's mark
and evidence; with a repository URL (``inputs.repo_url`` of a run about a source tree,
else the project's metadata) and a known commit, verified references in ``artifact.*.md``
link to their file and line at that commit, and ``options.source_table`` appends a
source-navigation table built from the evidence. Then the run report page is rendered
from the report dict, the trace and the marks, into the folder of the artifact and the
run folder.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path

from pse.pipeline.codec import finding_to_dict
from pse.pipeline.inputs import SourceInputs
from pse.pipeline.state import PSEState
from pse.pipeline.task import Task
from pse.report.links import UrlOf, link_references, source_navigation
from pse.report.marks import Mark, marks_from_findings
from pse.report.run import render_run_report
from pse.report.sources import SourceReader, repository_linker


def publish_reports(state: PSEState, task: Task, report: Mapping[str, object], *,
                    folder: Path, run_dir: Path) -> None:
    """Link the artifacts in ``folder`` and write ``report.html`` there and in ``run_dir``."""
    inputs = state.inputs
    folder_name, wanted_url = (inputs.source, inputs.repo_url) \
        if isinstance(inputs, SourceInputs) else ("", "")
    source = Path(folder_name or ".")
    artifacts = checked_texts(state, task)
    url_of, repo_url, commit = repository_linker(source, wanted_url)
    linked = _publish_links(state, task, artifacts, url_of=url_of, folder=folder)
    links = {"repo_url": repo_url or "none", "commit": commit or "unknown", "linked": linked}
    view: dict[str, object] = {"plan": state.plan, **report, "plan_text": state.plan,
                               "links": links}
    page = render_run_report(view, artifacts=artifacts, trace=read_trace(run_dir),
                             draft=state.draft, why_stripped=_why_stripped(state, task),
                             read_lines=SourceReader(source), url_of=url_of)
    (folder / "report.html").write_text(page, encoding="utf-8")
    if folder != run_dir:
        shutil.copy2(folder / "report.html", run_dir / "report.html")


def checked_texts(state: PSEState, task: Task) -> dict[str, tuple[str, list[Mark]]]:
    """Language -> (final text, the marks of its checks)."""
    lang = state.inputs.lang
    texts = {lang: state.artifact, **state.translations}
    out: dict[str, tuple[str, list[Mark]]] = {}
    for name, text in texts.items():
        result = task.verify(state, text, lang=name,
                             original=None if name == lang else state.artifact)
        findings = [finding_to_dict(f) for f in [*result.bad, *result.ok]]
        out[name] = (text, marks_from_findings(findings, file=f"artifact.{name}.md"))
    return out


def _publish_links(state: PSEState, task: Task,
                   artifacts: Mapping[str, tuple[str, Sequence[Mark]]], *,
                   url_of: UrlOf | None, folder: Path) -> int:
    """Rewrite ``artifact.*.md`` with links and the navigation table; links made."""
    table = state.options.source_table
    if url_of is None and not table:
        return 0
    linked = 0
    for lang, (text, marks) in artifacts.items():
        published, count = link_references(text, marks, url_of=url_of) if url_of \
            else (text, 0)
        linked += count
        if table:
            nav = source_navigation(marks, url_of=url_of, lang=lang)
            published = published.rstrip("\n") + "\n\n" + nav if nav else published
        (folder / f"artifact.{lang}.md").write_text(task.finalize(state, published, lang=lang),
                                                    encoding="utf-8")
    return linked


def _why_stripped(state: PSEState, task: Task) -> dict[str, str]:
    """Stripped span -> the finding in the first draft that names something in it."""
    if not state.stripped or not state.draft:
        return {}
    lang = state.inputs.lang
    findings = task.verify(state, state.draft, lang=lang).bad
    why: dict[str, str] = {}
    for span in state.stripped:
        hit = next((f for f in findings if f.text and f.text in span), None)
        if hit is not None:
            why[span] = f"{hit.message} ({hit.rule})"
    return why


def read_trace(run_dir: Path) -> list[dict[str, object]]:
    """The events of ``trace.jsonl`` (unreadable lines skipped)."""
    try:
        lines = (run_dir / "trace.jsonl").read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    events: list[dict[str, object]] = []
    for line in lines:
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(event, dict):
            events.append(event)
    return events
