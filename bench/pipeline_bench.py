#!/usr/bin/env python3
"""The PSE pipeline against a scripted model that invents code references at a known rate.

    python bench/pipeline_bench.py [--runs 100] [--seed 7] [--invent 0.2] [-v]

Each run writes an article about ``examples/tinyqueue`` (a temp copy). The scripted
Specialist composes sentences, list items and a code example from real names read from
the index, replacing a share of them (``--invent``) with fabricated ones made by mutation:
renamed methods, methods on the wrong class, invented classes, modules and files. The
Evaluator approves or names one fabricated reference. The scripted Fix model corrects some
flagged names from the sources, deletes the sentences of others, and never touches the
rest, so the fallback strip has work to do. Printed:

- the share of final articles with 0 unverified references (target: 100%);
- the share of the draft's verified sentences that survive in the final article (>= 90%);
- the tokens of the targeted fix against a whole-article rewrite fix (the seed flow: a
  prompt carrying the whole article, the reply the whole article), side by side (<= 0.6).

Tokens are what the fakes report: whitespace-separated words. Exit 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pse.config import load_settings
from pse.llm.backends import resolve_llm_config
from pse.llm.fake import CallInfo, FunctionLLM, word_usage
from pse.llm.registry import LLMRouter
from pse.llm.types import Message
from pse.llm.usage import UsageLedger
from pse.pipeline.patch import Edit, apply_edits
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.task import ArticleTask

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "tinyqueue"

SEED_FIX = """The article below failed review. Problems:
{problems}

Rewrite the article and fix every problem: correct it from the facts and source excerpts
or delete the wrong words; never invent a replacement. Return the complete article.

{article}"""
"""The seed flow's fix prompt: the findings plus the whole article (reply: the whole article)."""

EN_PHRASES = (
    "is where a caller starts when jobs have to run in a fixed order",
    "keeps the state that the rest of the queue reads after every attempt",
    "is worth reading before changing anything about retries",
    "shows how little code the queue needs to stay predictable",
    "is called once per job, and its outcome is recorded on the job itself",
    "ties the retry policy to the jobs that fail",
)
ZH_PHRASES = ("是调用方按顺序运行任务时的入口", "保存了队列在每次尝试后读取的状态",
              "值得在修改重试逻辑之前先读一读", "说明队列只需要很少的代码就能保持可预测",
              "对每个任务调用一次，结果记录在任务本身")
EN_JOINS = ("and", "while", "so")
TAILS = ("in the test suite", "for a caller", "after a failure", "before the next attempt",
         "when the queue is empty", "on every run", "for each job", "in the example",
         "once the policy allows it", "without a thread", "in a single process",
         "at the end of a run", "with a fake clock", "for the command line", "by design")
"""Sentence endings, so that two sentences on different names are not near-duplicates."""
SECTION_TITLES = ("The queue", "Jobs", "Retries", "Entry point", "Where to look next")


# ------------------------------------------------------------------ names

@dataclass(frozen=True)
class Names:
    """Real references of tinyqueue and fabricated ones, each with the real name it mutates."""

    real: tuple[str, ...]
    fake: dict[str, str]
    """Fabricated name -> the real name a correct fix puts back."""
    calls: tuple[tuple[str, str], ...]
    """(real, fabricated) method calls on a ``queue`` instance, for the code example."""


def collect_names(task: ArticleTask, state: PSEState) -> Names:
    """Real names from the index; fabricated ones by mutation, kept only if they are flagged."""
    index = task.index(state)
    real: list[str] = []
    methods: list[tuple[str, str]] = []
    for symbol in index.all_symbols():
        parts = symbol.qualname.split(".")
        if symbol.kind == "class":
            real.append(parts[-1])
        elif symbol.kind == "method" and not parts[-1].startswith("_"):
            methods.append((parts[-2], parts[-1]))
            real.append(f"{parts[-2]}.{parts[-1]}()")
        elif symbol.kind == "module" and len(parts) == 2 and not parts[1].startswith("_"):
            real.append(symbol.qualname)
    real += sorted(p for p, (lang, _) in index.files.items() if lang == "python")
    classes = sorted({cls for cls, _ in methods})
    fake: dict[str, str] = {}
    for cls, method in methods:
        real_name = f"{cls}.{method}()"
        for mutated in (f"{method}_all", f"try_{method}", f"{method}s"):
            fake[f"{cls}.{mutated}()"] = real_name                      # renamed method
        for other in classes:
            if other != cls:
                fake[f"{other}.{method}()"] = real_name                 # wrong class
    for cls in classes:
        fake[f"{cls}Manager"] = cls                                     # invented class
        fake[f"tinyqueue.{cls}Factory"] = cls
    for path in [p for p in real if p.endswith(".py")]:
        fake[path.replace(".py", "_utils.py")] = path                   # invented file
        fake[path.replace("src/", "lib/")] = path                       # wrong folder
    fake.update({"tinyqueue.scheduler": "tinyqueue.queue", "tinyqueue.workers": "tinyqueue.job"})
    flagged = _unverified(task, state, list(fake))
    calls = tuple((f"queue.{m}()", f"queue.{m}_later()") for c, m in methods if c == "JobQueue")
    return Names(real=tuple(sorted(set(real))),
                 fake={k: v for k, v in sorted(fake.items()) if k in flagged}, calls=calls)


def _unverified(task: ArticleTask, state: PSEState, names: list[str]) -> set[str]:
    text = "\n".join(f"See `{name}`." for name in names)
    bad = task.verify(state, text, lang="en").bad
    return {names[f.line - 1] for f in bad if f.line and f.rule == "ref-unverified"}


# ------------------------------------------------------------------ the scripted model

@dataclass
class Draft:
    """An article the scripted Specialist wrote, with what it knows about it."""

    text: str
    verified: list[str] = field(default_factory=list)
    """Prose sentences whose every reference is real."""
    invented: int = 0
    references: int = 0

    @property
    def words(self) -> int:
        """Whitespace-separated words, as the fakes count tokens."""
        return len(self.text.split())


def compose(rng: random.Random, names: Names, *, invent: float, lang: str) -> Draft:
    """Five sections of three paragraphs (about 600 words in English, the CLI's default),
    a list and a code example; a share ``invent`` of the names is fabricated."""
    draft = Draft(text="")
    lines = ["# How tinyqueue runs and retries jobs", ""]
    for title in SECTION_TITLES:
        lines += [f"## {title}", ""]
        for _ in range(3):
            pair = [_sentence(rng, names, draft, invent=invent, lang=lang) for _ in range(2)]
            lines += [" ".join(pair), ""]
        if title == "Jobs":
            lines += [f"- {_sentence(rng, names, draft, invent=invent, lang=lang)}"
                      for _ in range(3)] + [""]
    real_call, fake_call = rng.choice(names.calls)
    code_call = fake_call if rng.random() < invent else real_call
    lines += ["```python", "from tinyqueue import JobQueue", "", "queue = JobQueue()",
              "queue.submit(print, \"hello\")", code_call, "```", ""]
    draft.text = "\n".join(lines)
    return draft


def _name(rng: random.Random, names: Names, draft: Draft, *, invent: float) -> tuple[str, bool]:
    draft.references += 1
    if rng.random() < invent:
        draft.invented += 1
        return rng.choice(list(names.fake)), False
    return rng.choice(names.real), True


def _sentence(rng: random.Random, names: Names, draft: Draft, *, invent: float,
              lang: str) -> str:
    first, ok_first = _name(rng, names, draft, invent=invent)
    if lang == "zh":
        sentence = f"`{first}` {rng.choice(ZH_PHRASES)}。"
        ok = ok_first
    elif rng.random() < 0.3:  # two clauses, two references
        second, ok_second = _name(rng, names, draft, invent=invent)
        sentence = (f"`{first}` {rng.choice(EN_PHRASES)}, {rng.choice(EN_JOINS)} "
                    f"`{second}` {rng.choice(EN_PHRASES)}.")
        ok = ok_first and ok_second
    else:
        sentence = f"`{first}` {rng.choice(EN_PHRASES)} {rng.choice(TAILS)}."
        ok = ok_first
    if ok:
        draft.verified.append(sentence)
    return sentence


@dataclass
class ScriptedRun:
    """The model of one run: answers every stage; counts the seed flow's fix tokens."""

    rng: random.Random
    draft: Draft
    names: Names
    fates: dict[str, str] = field(default_factory=dict)
    article: str = ""
    seed_tokens: int = 0

    def __call__(self, messages: Sequence[Message], info: CallInfo) -> str:
        if info.stage == "planner":
            return "# How tinyqueue runs and retries jobs\n\n" + "\n".join(
                f"## {title}\n- `{self.names.real[i]}`" for i, title in enumerate(SECTION_TITLES))
        if info.stage == "specialist":  # the draft's section the prompt asks for
            title = messages[-1].content.split('This section: "## ', 1)[1].split('"\n')[0]
            self.article = _section(self.draft.text, title)
            return self.article
        if info.stage == "evaluator":
            self.article = messages[-1].content.split("\n---\n\n", 1)[1]
            fakes = [n for n in self.names.fake if f"`{n}`" in self.article]
            if fakes and self.rng.random() < 0.5:
                return f"- `{self.rng.choice(fakes)}` is not in the source excerpts"
            return "APPROVED"
        if info.stage == "fix":
            return self.fix(messages)
        raise AssertionError(f"unexpected stage {info.stage!r}")

    def fix(self, messages: Sequence[Message]) -> str:
        """Correct, delete or ignore each flagged name; price the seed flow's rewrite too."""
        prompt = messages[-1].content
        problems = _problem_lines(prompt)
        edits: list[Edit] = []
        for name in dict.fromkeys(re.findall(r"^- `([^`]+)`", "\n".join(problems), re.M)):
            fate = self.fates.setdefault(name, self.rng.choices(
                ["correct", "delete", "never"], weights=[45, 25, 30])[0])
            edit = self._edit(name, fate)
            if edit is not None:
                edits.append(edit)
        reply = json.dumps([{"find": e.find, "replace": e.replace} for e in edits],
                           ensure_ascii=False)
        self.article = apply_edits(self.article, edits)[0]
        # the seed flow has no sections: its fix rewrites the whole article every time
        shared = prompt.split("\n---\n\n")[0]
        seed = [messages[0], Message.user(shared + "\n---\n\n" + SEED_FIX.format(
            problems="\n".join(problems), article=self.draft.text))]
        self.seed_tokens += word_usage(seed, self.draft.text).total_tokens
        return reply

    def _edit(self, name: str, fate: str) -> Edit | None:
        if fate == "never":
            return None
        if name.startswith("queue."):  # a code line
            real = next((r for r, f in self.names.calls if f == name), None)
            return Edit(name, real) if fate == "correct" and real else Edit(name, "")
        if fate == "correct" and name in self.names.fake:
            return Edit(f"`{name}`", f"`{self.names.fake[name]}`")
        sentences = [s for line in self.article.split("\n")
                     for s in re.split(r"(?<=[.。])[ \t]+", line)]
        sentence = next((s for s in sentences if f"`{name}`" in s), None)
        if sentence is None:
            return None
        following = self.article[self.article.index(sentence) + len(sentence):][:1]
        return Edit(sentence + following if following == " " else sentence, "")


def _section(text: str, title: str) -> str:
    """The ``## title`` section of ``text`` (up to the next ``## `` heading)."""
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end == -1 else text[start:end + 1]


def _problem_lines(prompt: str) -> list[str]:
    """The ``- `name`: ...`` lines under PROBLEMS:/REVIEW ISSUE: (not the flagged text)."""
    problems: list[str] = []
    inside = False
    for line in prompt.splitlines():
        if line in ("PROBLEMS:", "REVIEW ISSUE:"):
            inside = True
        elif not line.startswith("- "):
            inside = False
        elif inside and line.startswith("- `"):
            problems.append(line)
    return problems


# ------------------------------------------------------------------ runs

@dataclass
class Totals:
    """What the runs added up to."""

    runs: int = 0
    zero_unverified: int = 0
    passed: int = 0
    verified_sentences: int = 0
    surviving: int = 0
    references: int = 0
    invented: int = 0
    draft_words: int = 0
    pse_fix_tokens: int = 0
    seed_fix_tokens: int = 0
    fix_calls: int = 0
    stripped: int = 0
    fixed: int = 0


def run_once(task: ArticleTask, names: Names, number: int, *, seed: int, invent: float,
             workdir: Path, source: Path, totals: Totals) -> None:
    """One article, start to finish, with its measurements added to ``totals``."""
    rng = random.Random(seed * 100_003 + number)
    lang = "zh" if number % 5 == 4 else "en"
    draft = compose(rng, names, invent=invent, lang=lang)
    model = ScriptedRun(rng=rng, draft=draft, names=names)
    config = resolve_llm_config(task.settings, environ={})
    ledger = UsageLedger()
    router = LLMRouter(config, factory=lambda _b: FunctionLLM(model), cache=None,
                       ledger=ledger)
    state = PSEState(run_id=f"bench-{number}", task="article", inputs=ArticleInputs(
        source=str(source), lang=lang, project="tinyqueue", style="architecture", words=600),
        max_retries=3)
    final = run_pipeline(state, task, RunDeps(llm=router, ledger=ledger),
                         run_dir=workdir / state.run_id)
    unverified = [f for f in task.verify(final, final.artifact, lang=lang).bad
                  if f.rule.startswith("ref-")]
    totals.runs += 1
    totals.zero_unverified += not unverified
    totals.passed += final.status == "passed"
    totals.verified_sentences += len(draft.verified)
    totals.surviving += sum(1 for s in draft.verified if s in final.artifact)
    totals.references += draft.references
    totals.draft_words += draft.words
    totals.invented += draft.invented
    fix = ledger.totals("fix")
    totals.pse_fix_tokens += fix.usage.total_tokens
    totals.fix_calls += fix.requests
    totals.seed_fix_tokens += model.seed_tokens
    totals.stripped += len(final.stripped)
    totals.fixed += sum(r.fixed for r in final.rounds)


def report(totals: Totals, seconds: float) -> bool:
    """Print the figures; True when every target is met."""
    zero = totals.zero_unverified / totals.runs
    survive = totals.surviving / max(1, totals.verified_sentences)
    ratio = totals.pse_fix_tokens / max(1, totals.seed_fix_tokens)
    print(f"runs                          : {totals.runs} ({seconds:.1f}s)")
    print(f"draft size (words, mean)      : {totals.draft_words / totals.runs:.0f} "
          "(every 5th run in Chinese: few whitespace words)")
    print(f"references in drafts          : {totals.references}, invented "
          f"{totals.invented} ({totals.invented / max(1, totals.references):.1%})")
    print(f"fix calls / findings fixed    : {totals.fix_calls} / {totals.fixed}; "
          f"spans stripped: {totals.stripped}; runs passed: {totals.passed}")
    print(f"final articles, 0 unverified  : {zero:.1%} (target 100%)")
    print(f"verified sentences surviving  : {totals.surviving}/{totals.verified_sentences} "
          f"= {survive:.1%} (target >= 90%)")
    print(f"fix tokens, targeted (pse)    : {totals.pse_fix_tokens}")
    print(f"fix tokens, whole rewrite     : {totals.seed_fix_tokens}")
    print(f"targeted / rewrite            : {ratio:.2f} (target <= 0.6)")
    ok = zero == 1.0 and survive >= 0.9 and ratio <= 0.6
    print(f"pipeline_bench: {'PASS' if ok else 'FAIL'}: 0-unverified {zero:.0%}, "
          f"surviving {survive:.1%}, fix tokens {totals.pse_fix_tokens} vs "
          f"{totals.seed_fix_tokens} (x{ratio:.2f})")
    return ok


def main() -> int:
    """Run the bench; exit 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--invent", type=float, default=0.2,
                        help="share of references the Specialist fabricates")
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pse-bench-") as temp:
        work = Path(temp)
        source = work / "tinyqueue"
        shutil.copytree(EXAMPLE, source)
        settings = load_settings(environ={"PSE_CACHE_DIR": str(work / "cache")},
                                 start=source, cwd=work)
        task = ArticleTask(settings=settings)
        probe = PSEState(run_id="probe", task="article", inputs=ArticleInputs(source=str(source)))
        names = collect_names(task, probe)
        totals = Totals()
        for number in range(args.runs):
            run_once(task, names, number, seed=args.seed, invent=args.invent,
                     workdir=work / "runs", source=source, totals=totals)
    return 0 if report(totals, time.monotonic() - started) else 1


if __name__ == "__main__":
    sys.exit(main())
