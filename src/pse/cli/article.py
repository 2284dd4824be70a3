"""``pse article``: plan, write, gate, fix, strip and translate an article about a repo."""

from __future__ import annotations

from pathlib import Path

import click

from pse.cli.common import EXIT_FINDINGS, EXIT_OK, CliError, get_context, verbosity_options
from pse.cli.reporting import report_inputs, report_options
from pse.cli.runs import make_deps, new_run_id, print_summary, set_token_caps
from pse.errors import PseError
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState
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
@click.option("--no-tools", is_flag=True, help="Don't give the Specialist file tools.")
@click.option("--no-llm-review", is_flag=True, help="Skip the Evaluator's LLM review.")
@click.option("--no-cache", is_flag=True, help="Don't reuse cached model answers.")
@report_options
@verbosity_options
@click.pass_context
def command(ctx: click.Context, repo: Path | None, lang: str, translate_to: str | None,
            style: str, out_dir: Path, project_name: str, projects_file: Path | None,
            all_projects: bool, max_retries: int | None, words: int, no_tools: bool,
            no_llm_review: bool, no_cache: bool) -> int:
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
    settings = context.settings(cli={"max_retries": max_retries,
                                     "llm.cache": False if no_cache else None},
                                start=Path(projects[0].source))
    styles = load_styles()
    worst = EXIT_OK
    for project in projects:
        source = Path(project.source)
        if not source.is_dir():
            raise CliError(f"repository folder {str(source)!r} does not exist")
        history = out_dir / "style-history.json"
        chosen = choose_style(style or project.style, project=project.name, styles=styles,
                              history_file=history)
        run_id = new_run_id(project.name)
        state = PSEState(run_id=run_id, task="article", max_retries=settings.get_int(
            "max_retries"), inputs={
                "source": str(source.resolve()), "source_label": project.repo or project.name,
                "lang": lang, "translate": translate_to or "", "style": chosen,
                "project": project.name, "description": project.description,
                "highlights": "; ".join(project.highlights), "words": str(words),
                "llm_review": "0" if no_llm_review else "1", "tools": "0" if no_tools else "1",
                **report_inputs(project.repo)})
        deps = make_deps(context, settings, source=source.resolve(), use_tools=not no_tools,
                         llm_review=not no_llm_review)
        set_token_caps(deps, words=words)
        context.progress(f"pse: article about {project.name!r} ({lang}, style {chosen}), "
                         f"run {run_id}")
        run_dir = out_dir / run_id
        try:
            final = run_pipeline(state, ArticleTask(settings=settings), deps, run_dir=run_dir)
        except PseError:
            if (run_dir / "state.json").exists():
                context.progress(f"pse: the run stopped; after fixing the cause, continue it "
                                 f"with: pse continue {run_dir}")
            raise
        record_style(history, project=project.name, style=chosen)
        print_summary(final, deps, run_dir=run_dir)
        worst = max(worst, EXIT_OK if final.status == "passed" else EXIT_FINDINGS)
    return worst


def _projects(repo: Path | None, name: str, registry: Path | None, everything: bool
              ) -> list[Project]:
    if registry is None:
        if repo is None:
            raise CliError("give a repository folder, or --projects FILE with --project or --all")
        return [Project(name=repo.resolve().name, source=str(repo))]
    projects = load_projects(registry)
    if everything:
        if not projects:
            raise CliError(f"{str(registry)!r} lists no projects")
        return list(projects.values())
    if name not in projects:
        raise CliError(f"no project {name!r} in {str(registry)!r}; it has: "
                       f"{', '.join(projects) or 'none'}")
    return [projects[name]]
