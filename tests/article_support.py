"""Helpers of the pipeline, article-task and ``pse article`` tests.

Runs use a copy of the bundled ``examples/tinyqueue`` project, a real
:class:`~pse.llm.registry.LLMRouter` (so usage reaches a ledger and the trace) whose
backend client is a scripted fake, and canned model replies that name real or invented
code of tinyqueue.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from pse.config import Settings, load_settings
from pse.llm.backends import resolve_llm_config
from pse.llm.registry import LLMRouter
from pse.llm.types import LLMClient
from pse.llm.usage import UsageLedger
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState, RunOptions
from pse.pipeline.task import RunDeps
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.task import ArticleTask
from pse.text.words import claimed

TINYQUEUE = Path(__file__).resolve().parents[1] / "examples" / "tinyqueue"

PLAN = """# How tinyqueue retries failed jobs

## The queue
- `JobQueue.submit()`, `JobQueue.run_all()`

## Retries
- `RetryPolicy.delay()`

## Jobs
- `Job.run()`, `JobState`
"""

TITLE = "How tinyqueue retries failed jobs"
SECTION_TITLES = ("The queue", "Retries", "Jobs")

QUEUE = (
    "## The queue\n\n"
    "`JobQueue.submit()` adds a job to the end of the queue and returns it, so a caller can "
    "keep a handle on the work it handed over. `JobQueue.run_all()` then takes the jobs from "
    "the front, one at a time, and runs every queued job in order. Nothing runs in parallel, "
    "which keeps the behaviour easy to follow in a test.\n")

RETRIES = (
    "## Retries\n\n"
    "A failed job is retried as `RetryPolicy` allows. Its `max_attempts` field caps the "
    "number of tries, and `RetryPolicy.delay()` gives the pause before each attempt: the "
    "backoff doubles after every failure. The queue sleeps through a function it was given, "
    "so tests can pass a fake clock.\n")

JOBS = (
    "## Jobs\n\n"
    "Each unit of work is a `Job`. Calling `Job.run()` counts one attempt, records any "
    "error message on the job and moves it through the `JobState` values, from pending to "
    "done or failed. The queue reads these fields when it decides whether another try is "
    "worth it.\n")

SECTIONS = (QUEUE, RETRIES, JOBS)
"""The three sections of :data:`PLAN`, as a good Specialist writes them."""

CLEAN = f"# {TITLE}\n\n" + "\n".join(SECTIONS)
"""The article assembled from :data:`SECTIONS`."""

INVENTED_LINE = "`JobQueue.cancel()` removes a pending job from the queue."
"""A sentence about a method tinyqueue does not have (line 5 of :data:`QUEUE_INVENTED`)."""

QUEUE_INVENTED = QUEUE.rstrip("\n") + "\n" + INVENTED_LINE + "\n"
WITH_INVENTED = f"# {TITLE}\n\n" + "\n".join((QUEUE_INVENTED, RETRIES, JOBS))

CLEAN_ZH = (
    '# tinyqueue 如何重试失败的任务\n'
    '\n'
    '## 队列\n'
    '\n'
    '`JobQueue.submit()` 把任务加到队列末尾并返回它，调用方因此能'
    '持有交出去的工作。`JobQueue.run_all()` 从队首逐个取出任务，'
    '按顺序运行所有任务。这里没有并行，所以在测试里很容易看清它的行为。\n'
    '\n'
    '## 重试\n'
    '\n'
    '失败的任务按 `RetryPolicy` 的规定重试。它的 `max_attem'
    'pts` 字段限制尝试次数，`RetryPolicy.delay()` 给出每次'
    '重试前的等待时间：每失败一次，等待时间翻倍。队列通过传入的函数等待，测试可以换成'
    '假的时钟。\n'
    '\n'
    '## 任务\n'
    '\n'
    '每个工作单元是一个 `Job`。调用 `Job.run()` 记一次尝试，把错误'
    '信息记在任务上，并让它经过 `JobState` 的各个取值，从等待到完成或失败'
    '。队列读取这些字段来决定是否值得再试一次。\n'
)

ZH_DROPPED_REF = CLEAN_ZH.replace("`RetryPolicy.delay()` 给出", "它给出")
"""A translation that lost ``RetryPolicy.delay()`` (cannot be stripped: nothing to delete)."""

def parts(text: str) -> list[str]:
    """``text`` as the translate step asks for it: one reply per section."""
    from pse.pipeline.steps import split_sections
    return split_sections(text)


ZH_PARTS = parts(CLEAN_ZH)
""":data:`CLEAN_ZH` as three translation replies (the title goes with the first section)."""

APPROVED = "APPROVED"
NO_EDITS = "[]"
FIX_INVENTED = json.dumps([{"find": INVENTED_LINE, "replace": ""}])
GOOD_RUN = [PLAN, *SECTIONS, APPROVED]
"""The replies of a run that passes first time."""


def copy_tinyqueue(target: Path) -> Path:
    """A private copy of the bundled example project (tests never touch the original)."""
    shutil.copytree(TINYQUEUE, target)
    return target


def article_settings(source: Path, *, environ: dict[str, str] | None = None) -> Settings:
    """Settings for a run on ``source``, from defaults plus ``environ`` only."""
    return load_settings(environ=environ or {}, start=source, cwd=source)


def scripted_router(client: LLMClient, settings: Settings) -> LLMRouter:
    """A real router (accounting, ledger; no response cache) whose backend is ``client``."""
    config = resolve_llm_config(settings, environ={})
    return LLMRouter(config, factory=lambda _backend: client, cache=None,
                     ledger=UsageLedger(currency=config.currency))


def scripted_deps(client: LLMClient, settings: Settings, **options: object) -> RunDeps:
    """Run dependencies whose LLM is ``client`` behind a router with a ledger."""
    router = scripted_router(client, settings)
    return RunDeps(llm=router, ledger=router.ledger, **options)  # type: ignore[arg-type]  # RunDeps fields


def new_state(source: Path, *, run_id: str = "run-1", max_retries: int = 3,
              source_table: bool = False, **inputs: Any) -> PSEState:
    """A fresh article run on ``source`` (English, architecture style, 200 words by
    default; ``inputs``: :class:`ArticleInputs` fields)."""
    values: dict[str, Any] = {"source": str(source), "lang": "en", "project": "tinyqueue",
                              "style": "architecture", "words": 200, **inputs}
    return PSEState(run_id=run_id, task="article", inputs=ArticleInputs(**values),
                    options=RunOptions(source_table=source_table), max_retries=max_retries)


def run_article(source: Path, client: LLMClient, run_dir: Path, *, max_retries: int = 3,
                deps_options: dict[str, object] | None = None, **inputs: Any) -> PSEState:
    """Run the article pipeline on ``source`` with ``client`` answering every call."""
    settings = article_settings(source)
    deps = scripted_deps(client, settings, **(deps_options or {}))
    state = new_state(source, max_retries=max_retries, **inputs)
    return run_pipeline(state, ArticleTask(settings=settings), deps, run_dir=run_dir)


def read_report(folder: Path) -> dict[str, Any]:
    """``report.json`` of a run folder."""
    report: dict[str, Any] = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return report


def trace_events(run_dir: Path) -> list[dict[str, Any]]:
    """The events of ``trace.jsonl``, in order."""
    lines = (run_dir / "trace.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


PLAN6 = """# tinyqueue from the inside

## Submitting work
- `JobQueue.submit()`

## Running the queue
- `JobQueue.run_all()`

## The retry policy
- `RetryPolicy`

## Backoff
- `RetryPolicy.delay()`

## A job's attempt
- `Job.run()`

## Job states
- `JobState`
"""
"""Six sections, each naming real tinyqueue code (for the long-article test)."""

_WORDS = ("queue worker ledger buffer channel cursor record packet window batch handle token "
          "field value limit budget offset signal marker table index column layer branch "
          "frame stream reader writer parser router filter mapper folder mirror anchor bridge "
          "bucket carrier cipher clock counter domain engine factor gateway harbor junction "
          "kernel lattice motor native option pocket quota ribbon sample tunnel update vector "
          "wrapper yields adapts blends checks drains echoes fetches guards holds joins keeps "
          "lifts moves notes opens parks reads sorts tracks unpacks visits waits").split()


_KIND_WORDS = frozenset({"module", "modules", "class", "classes", "method", "methods",
                         "function", "functions", "package", "attribute", "returns", "return"})


def excerpt_words(prompt: str, name: str) -> list[str]:
    """The plain words of the prompt's excerpt that defines ``name`` (what a writer who
    only restates its excerpts has to say), kind words left out."""
    import re
    last = re.split(r"[.(]", name)[-2 if name.endswith("()") else -1] or name
    blocks = re.findall(r"^### [^\n]*\n```\n(.*?)\n```", prompt, flags=re.S | re.M)
    defining = [b for b in blocks if re.search(rf"\b(?:def|class)\s+{re.escape(last)}\b", b)]
    callers = [b for b in blocks if re.search(rf"\b{re.escape(last)}\b", b)
               and b not in defining][:2]
    shown = [*defining, *callers] or blocks
    found = re.findall(r"\b[a-z]{4,12}\b", "\n".join(shown))
    # a claim word ("retrying", from a caller) affirms a quality of the code named, which
    # only that code's own source backs: an honest writer of word lists leaves them out
    return sorted(w for w in set(found) - _KIND_WORDS if not claimed(w))


def long_section(title: str, names: list[str], words: int, *, seed: int,
                 vocabulary: list[str] | None = None) -> str:
    """About ``words`` words of distinct sentences, each naming one of ``names``, made of
    ``vocabulary`` (default: filler words the source does not hold).

    The filler words hold no kind word ("module", "class"): right after a name, one would
    be a claim about its kind ("`Job.run()` module ..."), which the gate checks.
    """
    import random
    rng = random.Random(seed)
    pool = vocabulary if vocabulary and len(vocabulary) >= 12 else _WORDS
    sentences = []
    while len(sentences) * 13 < words:
        name = names[len(sentences) % len(names)]
        # "has": no action of its own (a plural right after a name reads as its verb)
        sentences.append(f"`{name}` has " + " ".join(rng.sample(pool, 12)) + ".")
    paragraphs = [" ".join(sentences[i:i + 5]) for i in range(0, len(sentences), 5)]
    return f"## {title}\n\n" + "\n\n".join(paragraphs) + "\n"
