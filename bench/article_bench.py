#!/usr/bin/env python3
"""``pse article`` on real projects with the embedded model, and a scripted long article.

    python bench/article_bench.py PROJECT_DIR... [--words 600] [--model NAME] [--out DIR]
    python bench/article_bench.py --scripted-only

For each project the command runs exactly as a user runs it (``python -m pse article DIR``,
no key, the embedded default model or ``--model``), then the final article (in the run
folder or in needs-review/) is measured independently of the run's own report:

- words, ``## `` sections, distinct verified code names per 100 words, unverified names;
- the share of sentences that repeat an earlier one; whether the end is cut off;
- the gates the run reported, its status and exit code, prompt+completion tokens, wall
  seconds and CPU seconds (the latter do not depend on what else the machine runs).

Then the same pipeline with a scripted long-output model (deterministic, no LLM): a
3,000-word, 6-section article whose every section must be grounded, and its seconds.
Exit 1 if a figure of the issue is missed: 0 unverified names, words >= 70% of --words,
>= 3 sections, >= 1 verified name per 100 words, <= 5% repeated sentences, no cut-off end
(for the real runs: a run that misses one must exit 1 with needs-review, never passed).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from pse.config import load_settings
from pse.index.facts import project_identity
from pse.llm.backends import resolve_llm_config
from pse.llm.fake import CallInfo, FunctionLLM
from pse.llm.registry import LLMRouter
from pse.llm.types import Message
from pse.llm.usage import UsageLedger
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tasks.article import quality
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.task import ArticleTask
from pse.tasks.article.text import count_words, prose_lines
from pse.verify.check import Document, check_documents

ROOT = Path(__file__).resolve().parents[1]
_HEADING = re.compile(r"^##\s+\S")
_LINK = re.compile(r"\[([^\]\n]*)\]\([^()\s]*\)")


def measure(source: Path, artifact: Path) -> dict[str, object]:
    """Figures of a final article, from its text and a fresh check against ``source``."""
    body = artifact.read_text(encoding="utf-8").split("\n---\n", 1)[-1].lstrip("\n")
    # what a reader reads: a link's label, not its URL (published articles link each
    # verified name to its line; two sentences sharing a long URL are not repeats)
    body = _LINK.sub(r"\1", body)
    task = ArticleTask(settings=load_settings(environ={}, start=source, cwd=source))
    state = PSEState(run_id="bench", task="article", inputs=ArticleInputs(source=str(source)))
    checked = check_documents([Document("a.md", body)], task.resolver(state))
    verified = {c.ref.text for c in checked if c.result.status == "verified"}
    unverified = sorted({c.ref.text for c in checked if c.result.status == "unverified"})
    words = count_words(body)
    return {"words": words, "sections": sum(1 for _, line in prose_lines(body)
                                            if _HEADING.match(line)),
            "names_per_100": round(100 * len(verified) / max(1, words), 2),
            "verified": len(verified), "unverified": unverified,
            "repeated": round(quality.repeated_share(body), 3),
            "cut_off": bool(quality.cut_off_end(body, path="a.md"))}


def run_real(source: Path, *, words: int, out: Path, model: str) -> dict[str, object]:
    """One ``pse article`` run as a user runs it; its figures."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}  # no key
    if model:
        env["PSE_LOCAL_MODEL"] = model
    env["PYTHONPATH"] = str(ROOT / "src")
    started, cpu = time.monotonic(), _child_cpu()
    # --no-cache: a user's first article pays for every model answer, so does the bench
    done = subprocess.run([sys.executable, "-m", "pse", "article", str(source), "--out",
                           str(out), "--words", str(words), "--no-cache"], env=env,
                          capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    run_dir = max((p for p in out.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
    figures = from_run(run_dir, seconds=seconds, exit_code=done.returncode)
    # CPU seconds do not depend on what else the machine runs; wall seconds do
    figures["cpu_seconds"] = round(_child_cpu() - cpu)
    if done.returncode not in (0, 1):
        figures["error"] = done.stderr.strip().splitlines()[-1:]
    return figures


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def from_run(run_dir: Path, *, seconds: float | None = None,
             exit_code: int | None = None) -> dict[str, object]:
    """The figures of a finished run folder (seconds from its trace when not given)."""
    report = json.loads((run_dir / "report.json").read_text(encoding="utf-8"))
    source = Path(report["inputs"]["source"])
    if seconds is None:
        events = [json.loads(line) for line in (run_dir / "trace.jsonl").read_text(
            encoding="utf-8").splitlines()]
        seconds = sum(float(e.get("seconds", 0)) for e in events if e["event"] == "step")
    if exit_code is None:
        exit_code = 0 if report["status"] == "passed" else 1
    folder = run_dir if report["status"] == "passed" else run_dir / "needs-review"
    lang = report["inputs"]["lang"]
    figures = measure(source, folder / f"artifact.{lang}.md")
    usage = report["usage"].values()
    figures.update(
        project=report["inputs"].get("project") or source.name, status=report["status"],
        exit=exit_code,
        seconds=round(seconds), reason=report.get("reason", ""),
        plan=report["plan"]["source"],
        failed_gates=[g["name"] for g in report["gates"] if not g["passed"]],
        tokens=sum(int(u["prompt_tokens"]) + int(u["completion_tokens"]) for u in usage),
        artifact=str(folder / f"artifact.{lang}.md"))
    return figures


# ------------------------------------------------------------------ scripted long article

_VOCABULARY = (
    "queue worker ledger buffer channel cursor record packet window batch handle token "
    "field value limit budget offset signal marker table index column layer branch frame "
    "stream reader writer parser router filter mapper folder mirror anchor bridge bucket "
    "carrier cipher clock counter domain engine factor gateway harbor junction kernel "
    "lattice module native option pocket quota ribbon sample tunnel update vector wrapper "
    "yields zones adapts blends checks drains echoes fetches guards holds joins keeps lifts "
    "moves notes opens parks queues reads sorts tracks unpacks visits waits binds copies "
    "splits merges counts marks clears tests loads saves sends takes gives finds").split()


def _section_text(title: str, names: Sequence[str], words: int, rng: random.Random) -> str:
    """``words`` words of distinct sentences, each naming one of ``names``."""
    sentences: list[str] = []
    total = 0
    while total < words:
        picked = rng.sample(_VOCABULARY, 12)
        name = names[len(sentences) % len(names)]
        sentence = f"`{name}` " + " ".join(picked) + "."
        sentences.append(sentence.capitalize() if not sentence.startswith("`") else sentence)
        total += 13
    paragraphs = [" ".join(sentences[i:i + 5]) for i in range(0, len(sentences), 5)]
    return f"## {title}\n\n" + "\n\n".join(paragraphs) + "\n"


def scripted_long(source: Path, *, words: int = 3000) -> dict[str, object]:
    """The pipeline with a scripted model writing long sections; its figures."""
    rng = random.Random(7)

    def answer(messages: Sequence[Message], info: CallInfo) -> str:
        prompt = messages[-1].content
        if info.stage == "specialist":
            title = prompt.split('This section: "## ', 1)[1].split('"\n', 1)[0]
            focus = re.findall(r"`([^`]+)`", prompt.split("It explains: ", 1)[1].split("\n")[0])
            focus += sorted(set(re.findall(r"^\s*(?:class|def) ([A-Za-z]\w+)", prompt, re.M)))
            per = int(prompt.split("Write about ", 1)[1].split(" ", 1)[0])
            return _section_text(title, focus or ["README.md"], per, rng)
        return {"planner": "# Outline\n\nNo names here.", "evaluator": "APPROVED"}.get(
            info.stage, "[]")
    settings = load_settings(environ={}, start=source, cwd=source)
    config = resolve_llm_config(settings, environ={})
    router = LLMRouter(config, factory=lambda _b: FunctionLLM(answer), cache=None,
                       ledger=UsageLedger(currency=config.currency))
    name = project_identity(source).name or source.name
    state = PSEState(run_id="long", task="article", inputs=ArticleInputs(
        source=str(source), lang="en", project=name, style="architecture", words=words))
    out = Path(tempfile.mkdtemp(prefix="pse-article-bench-"))
    started = time.monotonic()
    final = run_pipeline(state, ArticleTask(settings=settings),
                         RunDeps(llm=router, ledger=router.ledger), run_dir=out)
    seconds = time.monotonic() - started
    folder = out if final.status == "passed" else out / "needs-review"
    figures = measure(source, folder / "artifact.en.md")
    figures.update(project=f"{name} (scripted)", status=final.status, exit=0,
                   seconds=round(seconds, 1), plan=final.plan_source,
                   failed_gates=[g.name for g in final.gates if not g.passed],
                   tokens=sum(c.usage.prompt_tokens + c.usage.completion_tokens
                              for c in router.ledger.calls), reason=final.reason)
    return figures


def misses(row: dict[str, object], *, words: int, density: bool = True) -> list[str]:
    """The issue's figures this article misses."""
    found = []
    if row["unverified"]:
        found.append(f"unverified {row['unverified']}")
    if int(str(row["words"])) < 0.7 * words:
        found.append("words < 70%")
    if int(str(row["sections"])) < 3:
        found.append("sections < 3")
    if density and float(str(row["names_per_100"])) < 1:
        found.append("names/100 < 1")
    if float(str(row["repeated"])) > 0.05:
        found.append("repeated > 5%")
    if row["cut_off"]:
        found.append("cut-off end")
    return found


def _print(row: dict[str, object], *, words: int, density: bool = True) -> bool:
    missed = misses(row, words=words, density=density)
    honest = not missed or (row["status"] != "passed" and row["exit"] == 1)
    print(f"{row['project']:<22}{row['words']:>6}{row['sections']:>5}{row['names_per_100']:>7}"
          f"{row['repeated']:>7.1%}{row['status']:>14}{row['exit']:>5}{row['tokens']:>8}"
          f"{row['seconds']:>8}  cpu={row.get('cpu_seconds', '-')}s plan={row['plan']} "
          f"failed={','.join(row['failed_gates']) or '-'}"  # type: ignore[arg-type]  # a list
          f"  misses={'; '.join(missed) or '-'}  honest={'yes' if honest else 'NO'}")
    return honest and (row["status"] != "passed" or not missed)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bench; exit 1 when a figure is missed or a status lies."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("projects", nargs="*", type=Path)
    parser.add_argument("--words", type=int, default=600)
    parser.add_argument("--model", default="", help="PSE_LOCAL_MODEL for the real runs")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--scripted-only", action="store_true")
    parser.add_argument("--from-run", type=Path, action="append", default=[],
                        help="measure a finished run folder instead of running one")
    parser.add_argument("--json", type=Path, default=None, help="also write the rows here")
    options = parser.parse_args(argv)
    out = options.out or Path(tempfile.mkdtemp(prefix="pse-article-bench-"))
    print(f"{'project':<22}{'words':>6}{'sect':>5}{'n/100':>7}{'repeat':>7}{'status':>14}"
          f"{'exit':>5}{'tokens':>8}{'seconds':>8}")
    rows = []
    ok = True
    for run_dir in options.from_run:
        row = from_run(run_dir)
        rows.append(row)
        ok = _print(row, words=options.words) and ok
    if not options.scripted_only:
        for source in options.projects:
            row = run_real(source.resolve(), words=options.words, out=out, model=options.model)
            rows.append(row)
            ok = _print(row, words=options.words) and ok
    long_source = (options.projects[0] if options.projects else ROOT / "examples" / "tinyqueue")
    row = scripted_long(long_source.resolve())
    rows.append(row)
    _print(row, words=3000, density=False)  # a figure of the real runs only
    ok = ok and row["status"] == "passed" and row["sections"] == 6 and \
        int(str(row["words"])) >= 2100
    if options.json:
        options.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
