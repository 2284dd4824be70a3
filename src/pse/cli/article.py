"""``pse article``: plan, write, gate, fix, strip and translate an article about a repo."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import click

from pse.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    CliContext,
    CliError,
    get_context,
    verbosity_options,
)
from pse.cli.output import prepare_out_folder
from pse.cli.reporting import report_inputs, report_options
from pse.cli.runs import (
    make_deps,
    new_run_id,
    print_review_reason,
    print_summary,
)
from pse.errors import PseError
from pse.index.facts import project_identity
from pse.llm.types import Completion, LLMClient, Message, Stage, ToolSchema
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState, RunOptions
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.registry import (
    Project,
    choose_style,
    load_projects,
    load_styles,
    record_style,
)
from pse.tasks.article.task import ArticleTask


@click.command("article")
@click.argument("repo", required=False, type=click.Path(path_type=Path))
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language to write in.")
@click.option("--translate", "translate_to", type=click.Choice(["en", "zh"]), default=None,
              help="Also produce a verified translation into this language.")
@click.option("--style", default="", help="Narrative style (default: the least-used one "
              "for this project): " + ", ".join(load_styles()))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("runs"), show_default=True, help="Folder for run directories.")
@click.option("--project", "project_name", default="", help="Write about this project of "
              "the --projects registry.")
@click.option("--projects", "projects_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Projects registry (JSON list of {name, source, "
              "description, highlights, style}).")
@click.option("--all", "all_projects", is_flag=True, help="One article per registry project.")
@click.option("--max-retries", type=click.IntRange(0, 10), default=None,
              help="Fix rounds after the first evaluation (default: PSE_MAX_RETRIES or 3).")
@click.option("--words", type=click.IntRange(150, 4000), default=600, show_default=True)
@click.option("--jobs", type=click.IntRange(1, 16), default=1, show_default=True,
              help="With --all: write this many articles at once (hosted backends only; the "
              "embedded model writes one at a time).")
@click.option("--no-tools", is_flag=True, help="Don't give the Specialist file tools.")
@click.option("--no-llm-review", is_flag=True, help="Skip the Evaluator's LLM review.")
@click.option("--no-cache", is_flag=True, help="Don't reuse cached model answers.")
@report_options
@verbosity_options
@click.pass_context
def command(ctx: click.Context, repo: Path | None, lang: str, translate_to: str | None,
            style: str, out_dir: Path, project_name: str, projects_file: Path | None,
            all_projects: bool, max_retries: int | None, words: int, jobs: int,
            no_tools: bool, no_llm_review: bool, no_cache: bool) -> int:
    """Write a verified technical article about the repository REPO.

    The Planner outlines, the Specialist writes (grounded in retrieved source excerpts
    and sandboxed file tools), the Evaluator gates (LLM review in round one, deterministic
    checks every round), targeted fixes repair only what was flagged, and whatever still
    fails is deleted. Exit 0 when the article passes, 1 when it needs review.

    \b
    Examples:
      pse article examples/tinyqueue
      pse article . --lang zh --translate en --style design-decisions
      pse article --projects projects.json --all
    """
    context = get_context(ctx)
    projects = _projects(repo, project_name, projects_file, all_projects)
    cli: dict[str, object] = {"max_retries": max_retries,
                              "llm.cache": False if no_cache else None}
    options = _Options(lang=lang, translate=translate_to or "", style=style, words=words,
                       no_tools=no_tools, no_llm_review=no_llm_review)
    for project in projects:
        source = Path(project.source)
        if not source.is_dir():
            why = "is a file, not a folder: give the repository's folder" if source.exists() \
                else "does not exist"
            raise CliError(f"repository folder {project.source!r} {why}")
    runs = [_ArticleRun(context, project, out_dir=out_dir, cli=cli, options=options)
            for project in projects]
    prepare_out_folder(out_dir, inputs=[Path(p.source) for p in projects])
    if jobs > 1 and len(runs) > 1 and not any(r.is_local() for r in runs):
        for run in runs:
            run.deps.llm = _Unlocked(run.deps.llm)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            codes = list(pool.map(_ArticleRun.run_locked, runs))
    else:
        codes = [r.run() for r in runs]
    return max(codes, default=EXIT_OK)


@dataclass(frozen=True)
class _Options:
    lang: str
    translate: str
    style: str
    words: int
    no_tools: bool
    no_llm_review: bool


class _ArticleRun:
    """One project's article: its own settings (from its own folder), deps and run."""

    def __init__(self, context: CliContext, project: Project, *, out_dir: Path,
                 cli: dict[str, object], options: _Options) -> None:
        self.context, self.project, self.out_dir = context, project, out_dir
        self.source = Path(project.source).resolve()
        self.settings = context.settings(cli=cli, start=self.source)
        self.options = options
        # read here: click's context is per thread
        self.repo_url, self.source_table = report_inputs(project.repo)
        self.deps = make_deps(context, self.settings, source=self.source,
                              use_tools=not options.no_tools,
                              llm_review=not options.no_llm_review)

    def is_local(self) -> bool:
        """True when any stage runs on the embedded model (one article at a time)."""
        router = self.deps.llm
        config = getattr(router, "config", None)
        return config is None or any(config.backend_for(stage).kind == "local"
                                     for stage in ("planner", "specialist"))

    def run_locked(self) -> int:
        """:meth:`run` holding the work lock (released while the model answers)."""
        with _WORK_LOCK:
            return self.run()

    def run(self) -> int:
        """Write the article; 0 when it passed every gate, 1 when it needs review."""
        history = self.out_dir / "style-history.json"
        with _HISTORY_LOCK:
            chosen = choose_style(self.options.style or self.project.style,
                                  project=self.project.name, styles=load_styles(),
                                  history_file=history)
            run_id = new_run_id(self.project.name)
        o = self.options
        state = PSEState(run_id=run_id, task="article", max_retries=self.settings.get_int(
            "max_retries"), inputs=ArticleInputs(
                source=str(self.source), lang=o.lang,
                translate=tuple(t for t in o.translate.split(",") if t.strip()),
                source_label=self.project.repo or self.project.name, style=chosen,
                project=self.project.name, description=self.project.description,
                highlights=tuple(self.project.highlights), words=o.words,
                repo_url=self.repo_url),
            options=RunOptions(tools=not o.no_tools, llm_review=not o.no_llm_review,
                               source_table=self.source_table))
        self.context.progress(f"pse: article about {self.project.name!r} ({o.lang}, style "
                              f"{chosen}), run {run_id}")
        run_dir = self.out_dir / run_id
        try:
            final = run_pipeline(state, ArticleTask(settings=self.settings), self.deps,
                                 run_dir=run_dir)
        except PseError:
            if (run_dir / "state.json").exists():
                self.context.progress(f"pse: the run stopped; after fixing the cause, continue "
                                      f"it with: pse continue {run_dir}")
            raise
        with _HISTORY_LOCK:
            record_style(history, project=self.project.name, style=chosen)
            print_summary(final, self.deps, run_dir=run_dir)
            _print_gates(final, self.context)
        return EXIT_OK if final.status == "passed" else EXIT_FINDINGS


_HISTORY_LOCK = threading.Lock()
_WORK_LOCK = threading.Lock()
"""Held by a concurrent run except while it waits for the model: indexing, checks and
``ast`` parsing run one at a time (CPython 3.11's ``ast`` is not safe across threads, and
they are CPU-bound anyway), the waiting for hosted models overlaps."""


class _Unlocked:
    """An LLM client that lets other runs work while this one waits for an answer."""

    def __init__(self, inner: LLMClient) -> None:
        self.inner = inner
        self.config = getattr(inner, "config", None)

    def chat(self, messages: Sequence[Message], *, stage: Stage,
             tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """The inner client's answer, asked without holding the work lock."""
        _WORK_LOCK.release()
        try:
            return self.inner.chat(messages, stage=stage, tools=tools, **params)
        finally:
            _WORK_LOCK.acquire()


def _print_gates(state: PSEState, context: CliContext) -> None:
    """The closing lines: the figures and every gate (not with ``-q``), then why it needs
    review (always: it explains exit 1)."""
    figures = {g.name: f"{g.value:g}" for g in state.gates}
    words = figures.get("length", "?")
    sections = figures.get("sections", "?")
    names = figures.get("grounded", "?")
    marks = ", ".join(f"{g.name} {'ok' if g.passed else 'FAILED'}" for g in state.gates)
    context.progress(f"pse: {words} words, {sections} sections, {names} distinct verified "
                     f"code names; gates: {marks}")
    print_review_reason(state)


def _projects(repo: Path | None, name: str, registry: Path | None, everything: bool
              ) -> list[Project]:
    if registry is None:
        if repo is None:
            raise CliError("give a repository folder, or --projects FILE with --project or --all")
        identity = project_identity(repo) if repo.is_dir() else None
        name = identity.name if identity and identity.name else repo.resolve().name
        return [Project(name=name, source=str(repo),
                        description=identity.description if identity else "")]
    projects = load_projects(registry)
    if everything:
        if not projects:
            raise CliError(f"{str(registry)!r} lists no projects")
        return list(projects.values())
    if name not in projects:
        raise CliError(f"no project {name!r} in {str(registry)!r}; it has: "
                       f"{', '.join(projects) or 'none'}")
    return [projects[name]]
