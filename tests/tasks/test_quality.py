"""The article's quality rules: each a named rule whose findings name the line and span."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.tasks.article import checks, quality
from pse.tasks.article.promptfiles import instruction_texts
from pse.tasks.article.task import RULES
from pse.tasks.article.text import count_words, sentences
from pse.verify.strip import Span, strip_spans

P = "a.md"


def _rules(findings: list[object]) -> list[tuple[int | None, str]]:
    return [(f.line, f.rule) for f in findings]  # type: ignore[attr-defined]  # Finding


# ------------------------------------------------------------------ repetition

def test_repetitions_flag_exact_and_near_duplicate_sentences() -> None:
    text = ("# T\n\nThe queue runs every job in the order it was added to it.\n\n"
            "Later on, the queue runs every job in the order it was added to it.\n"
            "The policy decides how long the queue waits before the next attempt.\n"
            "The queue runs every job in the order it was added to it.\n")
    found = quality.repetitions(text, path=P)
    assert [(f.line, f.text[:20]) for f in found] == [(5, "Later on, the queue "),
                                                       (7, "The queue runs every")]
    assert quality.repeated_share(text) == pytest.approx(2 / 4)


def test_repetitions_read_a_link_as_its_text() -> None:
    text = ("# T\n\npathvalidate 是一个 Python 库，用于 sanitize 和验证字符串，"
            "如文件名、文件路径等。\n\n[pathvalidate](https://github.com/thombashi/pathvalidate) "
            "是一个 Python 库，用于 sanitize 和验证字符串，如文件名、文件路径等。\n")
    assert _rules(quality.repetitions(text, path=P)) == [(5, "repetition")]


def test_repetitions_ignore_short_lines_code_and_distinct_sentences() -> None:
    text = ("## Usage\n\n- yes\n- yes\n\n```python\nqueue.run_all()\nqueue.run_all()\n```\n"
            "The queue runs every job in the order it was added.\n"
            "A failed job waits longer before each further attempt is made.\n")
    assert quality.repetitions(text, path=P) == []


def test_repetitions_flag_a_reworded_sentence_about_the_same_code() -> None:
    # the embedded model's loop on wsgiref: the same claim again in other function words
    text = ("## Input\n\nThe `InputWrapper` class is a utility class that provides methods "
            "to read and process input from a WSGI environment.\n"
            "The `check_environ` function checks that every required key is present.\n\n"
            "The `InputWrapper` class provides methods for reading and processing input from "
            "a WSGI environment.\n")
    assert _rules(quality.repetitions(text, path=P)) == [(6, "repetition")]


def test_repetitions_keep_one_frame_said_of_different_code() -> None:
    text = ("If you need finer control, reach for `Client.send` instead of the helpers.\n"
            "If you need finer control, reach for `Client.stream` instead of the helpers.\n"
            "The `Client` class reads the settings file and starts the connection pool.\n"
            "The `Client` class reads the settings file before it opens any connection.\n")
    assert quality.repetitions(text, path=P) == []


def test_repetitions_read_chinese_sentences() -> None:
    sentence = "队列按加入的顺序运行每一个任务，失败的任务会被重试。\n"
    text = sentence + sentence
    assert _rules(quality.repetitions(text, path=P)) == [(2, "repetition")]


def test_repetitions_flag_a_sentence_that_loops_within_itself() -> None:
    text = ("# T\n\nThe user starts it by running `main`. This entry point is the entry point "
            "of the project, which is the entry point of the project.\n\n"
            "`Box` is converted into a dict in a way similar to `asdict`, or into a tuple in "
            "a way similar to `astuple`.\n\n"
            "这个函数返回一个新的列表对象，这个函数返回一个新的列表对象。\n")
    assert _rules(quality.repetitions(text, path=P)) == [(3, "repetition"), (7, "repetition")]


def test_repetitions_compare_code_names_whole() -> None:
    # `Job` is not `JobFactory`; `submit` is `JobQueue.submit` said again
    text = ("# T\n\n`JobFactory` is defined in `src/tinyqueue/job.py` of the package.\n\n"
            "`Job` is defined in `src/tinyqueue/job.py` of the package.\n\n"
            "`JobQueue.submit()` adds a job to the end of the queue and returns it.\n\n"
            "`submit` adds a job to the end of the queue and returns it.\n")
    assert _rules(quality.repetitions(text, path=P)) == [(9, "repetition")]


def test_repetitions_flag_a_paragraph_restated_as_one_sentence() -> None:
    said = ("The solution does not cover every way of decoding JSON data. It does not handle "
            "malformed strings. It does not support class hinting either.\n\n")
    again = ("The solution does not cover every way of decoding JSON data, it does not handle "
             "malformed strings, and it does not support class hinting.\n")
    assert _rules(quality.repetitions("# T\n\n" + said + again, path=P)) == [
        (5, "repetition")]
    # after a heading, or with something of its own, it is a sentence of its own
    assert quality.repetitions("# T\n\n" + said + "## Limits\n\n" + again, path=P) == []
    new = ("The solution does not cover `JSONDecoder` subclasses, streaming input or "
           "malformed strings in files.\n")
    assert quality.repetitions("# T\n\n" + said + new, path=P) == []


def test_residue_flags_the_prompts_excerpt_heading_even_inside_a_fence() -> None:
    text = ("# T\n\nThe data goes here.\n\n```\nC:\\Data\n```\n```\n\n"
            "### src/platformdirs/__init__.py (lines 53-74) — platformdirs.user_data_dir\n"
            "```\ndef user_data_dir(appname=None):\n```\n\n"
            "## src/a.py (lines 1-9)\n\nText.\n")
    # the stray fence leaves the pasted `def` line outside any block: pasted code too
    assert _rules(quality.residue(text, path=P)) == [
        (10, "outline-residue"), (12, "outline-residue"), (15, "outline-residue")]
    # a heading that names a file is the article's own
    assert quality.residue("# T\n\n## `src/a.py` (the queue)\n\nText.\n", path=P) == []
    # without its "###", its names in backticks, as a paragraph of its own
    pasted = "# T\n\nText.\n\n`parse.py` (lines 20-48) — `parse.with_pattern`\n"
    assert _rules(quality.residue(pasted, path=P)) == [(5, "outline-residue")]
    # numbered as the excerpts are counted, inside a block left open
    numbered = "# T\n\n```\n\n### 8. `pkg/cli.py` (lines 19-46) — pkg.cli.decode_cli\n```\n"
    assert _rules(quality.residue(numbered, path=P)) == [(5, "outline-residue")]
    assert quality.residue("# T\n\nSee parse.py (lines 3-9) for the loop.\n", path=P) == []


def test_residue_flags_the_prompts_excerpt_list_pasted_with_glosses() -> None:
    text = ("# T\n\npylru 项目包含以下文件：\n\n- `README.rst` (lines 1-60): 项目介绍。\n"
            "- `pylru.py` (lines 393-451): `WriteThroughCacheManager` 的实现。\n")
    assert _rules(quality.residue(text, path=P)) == [
        (5, "outline-residue"), (6, "outline-residue")]
    # one item citing its lines is a citation
    cited = "# T\n\n- `pylru.py` (lines 393-451): where the write-through cache lives.\n"
    assert quality.residue(cited, path=P) == []


def test_residue_flags_the_prompts_code_facts_pasted() -> None:
    text = ("# T\n\n## Types\n\n"
            "- **bases `FileLockContext`; 3 fields, its parameters in order: `a`, `b`**\n"
            "- bases `SoftFileLock`, `BaseAsyncFileLock`; `AsyncSoftFileLock(path)`\n\n"
            "It is called by `Unix.user_runtime_dir` (`src/platformdirs/unix.py`:165).\n\n"
            "`Job` (dataclass, src/tinyqueue/job.py:20) runs once.\n\n"
            "`Job` has three fields and is called by `JobQueue.submit`.\n\n"
            "- `main`: signature `main() -> None`; 0 parameters\n"
            "- `backoff`: signature `backoff: float` (exponential backoff); 1 parameter\n"
            "- `delay` has the signature `delay(self, attempt)` and takes one parameter.\n"
            "- `JobQueue`: signature `JobQueue(RetryPolicy, sleep=lambda s: None)`\n"
            "- `run`: signature `run(self)`, which runs the job once.\n"
            "- `main`: signature `main()`; returns `None`; 0 parameters\n\n"
            "签名 `cli(*args: Any) -> None`; 1 参数\n\n"
            "`Expression(name='')`，1 参数；5 公有方法：`parse`, `match`。\n\n"
            "`cli` 的签名是 `cli(*args)`，它接受 1 个参数。\n\n"
            "`ValidationError(*args, **kwargs)`, 2 参数; 8 public 方法: `platform`, `reason`\n\n"
            "`Error` 有 3 个公开方法：`a`、`b` 和 `c`。\n")
    assert _rules(quality.residue(text, path=P)) == [
        (5, "outline-residue"), (6, "outline-residue"), (8, "outline-residue"),
        (10, "outline-residue"), (14, "outline-residue"), (15, "outline-residue"),
        (17, "outline-residue"), (19, "outline-residue"), (21, "outline-residue"),
        (23, "outline-residue"), (27, "outline-residue")]


def test_residue_flags_a_readmes_badge_row_pasted() -> None:
    text = ("# T\n\n## What it is for\n\n"
            "black](https://img.shields.io/badge/code%20style-black-000000.svg)]"
            "(https://github.com/psf/black) [![Downloads](https://static.pepy.tech/badge/x)]"
            "(https://pepy.tech/project/x)\n\n"
            "See [the docs](https://x.org/docs) and [the changelog](https://x.org/log).\n")
    assert _rules(quality.residue(text, path=P)) == [(5, "outline-residue")]


def test_residue_flags_a_definition_header_pasted_as_prose() -> None:
    text = ("# T\n\n## Locks\n\n"
            "class `BaseFileLock`(contextlib.ContextDecorator, metaclass=`FileLockMeta`):\n"
            "    \"\"\"Abstract base class for a file lock object.\"\"\"\n\n"
            "```python\nclass BaseFileLock(ContextDecorator):\n    pass\n```\n\n"
            "The class `BaseFileLock` is the base: every lock subclasses it.\n")
    # the header, and the docstring pasted with it: a paragraph of code
    assert _rules(quality.residue(text, path=P)) == [(5, "outline-residue"),
                                                      (6, "outline-residue")]


def test_residue_flags_a_paragraph_of_code_written_without_a_fence() -> None:
    # an excerpt pasted without its fence reads as prose; a name-marking pass then put
    # backticks into it (a dotmap article)
    text = ("# T\n\n## Use\n\nimport unittest\nfrom dotmap import `DotMap`\n"
            "self._myprop = None\n@property\n\n"
            "The `get` method returns the value: it calls `dict.get`.\nThen it returns None.\n\n"
            "`DotMap` is a dict subclass.\n`DotMap.get(key)` returns a value.\n`DotMap()`\n")
    assert [f.line for f in quality.residue(text, path=P)] == [5, 6, 7, 8]


def test_residue_flags_a_configuration_file_pasted_as_prose() -> None:
    # a model handed the project's pyproject.toml copied it, collapsed, as a paragraph
    text = ("# T\n\n## Setup\n\n"
            '[tool.poetry] name = "shortuuid" version = "1.0.13" license = "BSD"\n\n'
            'It sets `name = "x"`, `version = "1"` and `retries = 3` in the file.\n\n'
            "Set `retries = 3` to retry; the default is 1.\n\n"
            "```toml\n[tool.poetry]\nname = \"x\"\n```\n")
    assert _rules(quality.residue(text, path=P)) == [(5, "outline-residue")]


def test_residue_flags_a_heading_echoed_as_a_paragraph() -> None:
    text = ("# Design decisions: tinyqueue\n\n## Running it\n\nRun `main`.\n\n"
            "Design decisions.\n\nRunning it\n\nDecisions were made for speed.\n\n"
            "Design decisions: tinyqueue\n\nNote: it runs.\n")
    # the title with its colon too; a sentence with a colon that is no heading's stays
    assert _rules(quality.residue(text, path=P)) == [(7, "outline-residue"),
                                                      (9, "outline-residue"),
                                                      (13, "outline-residue")]


# ------------------------------------------------------------------ prompt copies

def test_prompt_copies_flag_the_instructions_anywhere_code_blocks_included() -> None:
    prompts = instruction_texts("Open with a concrete problem a user of this project meets.")
    text = ("# T\n\nOpen with a concrete problem a user of this project meets, like this.\n"
            "```text\nNever invent a function, class, method, parameter, file, command\n```\n"
            "The queue runs jobs in order.\n")
    assert _rules(quality.prompt_copies(text, prompts, path=P)) == [
        (3, "prompt-copy"), (5, "prompt-copy")]


# ------------------------------------------------------------------ code

def test_code_problems_flag_a_repeated_block_and_a_mostly_code_article() -> None:
    block = "```python\nfrom tinyqueue import JobQueue\nqueue = JobQueue()\nqueue.run_all()\n```"
    text = f"# T\n\nShort.\n\n{block}\n\n{block}\n"
    found = quality.code_problems(text, path=P)
    assert [(f.line, f.rule, f.text) for f in found] == [
        (11, "code-repeated", "```python"), (None, "code-heavy", "code blocks")]
    prose = "# T\n\n" + "The queue runs the jobs one by one and keeps them. " * 4 + f"\n\n{block}\n"
    assert quality.code_problems(prose, path=P) == []


def test_code_problems_flag_a_block_that_shows_no_code() -> None:
    prose = "The `lrucache` class keeps the most recently used items. " * 3
    text = (f"# T\n\n{prose}\n\n```\nlrucache\n\n```\n\n{prose}\n\n"
            "```python\nclass lrucache(object):\n```\n\n{prose}\n\n```\n```\n\n"
            f"{prose}\n\n```python\n@property\ndef size(self):\n```\n")
    found = quality.code_problems(text.replace("{prose}", prose), path=P)
    assert [(f.line, f.rule) for f in found] == [
        (5, "code-stub"), (12, "code-stub"), (18, "code-stub"), (23, "code-stub")]
    # a section's heading pasted into a block of its own (the embedded model, pytimeparse)
    heading = f"# T\n\n## What x is for\n\n```\n\n### What x is for\n\n```\n\n{prose}\n"
    assert [(f.line, f.rule) for f in quality.code_problems(heading, path=P)] == [
        (5, "code-stub")]
    # a definition with its body, a call, a command, a name the text never writes as code
    for body in ("```python\nclass lrucache(object):\n    pass\n```",
                 "```python\ncache.clear()\n```", "```bash\nlrucache\n```",
                 "```\npytest\n```"):
        assert quality.code_problems(f"# T\n\n{prose}\n\n{body}\n", path=P) == [], body


def test_code_problems_flag_a_block_of_prose_or_of_a_docstrings_cut_piece() -> None:
    prose = "The `retry` decorator calls the function again when it raises. " * 3
    docstring = ('        :param delay: initial delay between attempts. default: 0.\n'
                 '        :param jitter: extra seconds added to delay between attempts.\n'
                 '                       fixed if a number, random if a range tuple\n'
                 '        :returns: the result of the f function.\n        """\n')
    text = (f"# T\n\n{prose}\n\n```\nEasy to use retry decorator.\n```\n\n{prose}\n\n"
            f"```\n{docstring}```\n")
    assert [(f.line, f.rule) for f in quality.code_problems(text, path=P)] == [
        (5, "code-stub"), (11, "code-stub")]
    # code that parses, a console's output, a whole docstring, a comment: code
    for body in ('```python\n"""Easy to use retry decorator."""\n```',
                 "```\nHello, World!\n```", "```\n# Easy to use retry decorator.\n```",
                 '```python\ndef f():\n    """Run it.\n\n    :returns: None.\n    """\n```'):
        assert quality.code_problems(f"# T\n\n{prose}\n\n{body}\n", path=P) == [], body


# ------------------------------------------------------------------ residue, end

@pytest.mark.parametrize("heading", ["## Outline", "# Article outline:", "## 大纲", "### Notes",
                                     "## # 项目结构"])
def test_residue_flags_outline_and_prompt_headings(heading: str) -> None:
    assert _rules(quality.residue(f"# T\n\n{heading}\n\nText.\n", path=P)) == [
        (3, "outline-residue")]


def test_residue_keeps_real_headings() -> None:
    assert quality.residue("# T\n\n## Planning a retry\n\n## The queue\n", path=P) == []


@pytest.mark.parametrize(("text", "span"), [
    ("# T\n\nThe queue runs jobs. The `", "The `"),
    ("# T\n\nThe queue runs jobs and then", "The queue runs jobs and then"),
    ("# T\n\nText.\n\n```python\nqueue.run_all(", "```python"),
    ("# T\n\nSee `JobQueue.run_all()`:\n", "See `JobQueue.run_all()`:"),  # what never came
])
def test_cut_off_end_flags_an_unfinished_end(text: str, span: str) -> None:
    found = quality.cut_off_end(text, path=P)
    assert [(f.rule, f.text) for f in found] == [("cut-off", span)]


@pytest.mark.parametrize("text", ["# T\n\nThe queue runs jobs.\n", "# T\n\n- a list item\n",
                                  "# T\n\nText.\n\n```\ncode\n```\n", "# T\n\n队列按顺序运行。\n",
                                  "", "# T\n\nFor example:\n\n```python\nq.run_all()\n```\n",
                                  "# T\n\nSteps:\n\n1. submit\n2. run\n"])
def test_cut_off_end_passes_a_finished_end(text: str) -> None:
    assert quality.cut_off_end(text, path=P) == []


# ------------------------------------------------------------------ invented experience

EXPERIENCE_EN = checks.load_terms(RULES, "en", kind="experience")
EXPERIENCE_ZH = checks.load_terms(RULES, "zh", kind="experience")


@pytest.mark.parametrize(("line", "lang"), [
    ("We got paged at 3 a.m. when the queue stalled.", "en"),
    ("Our production outage taught us to retry.", "en"),
    ("During a traffic peak the queue fell behind.", "en"),
    ("Customers complained that jobs ran twice.", "en"),
    ("去年大促期间，队列积压严重。", "zh"),
    ("一次线上事故之后，我们加了重试。", "zh"),
])
def test_experience_claims_flag_invented_incidents(line: str, lang: str) -> None:
    patterns = EXPERIENCE_EN if lang == "en" else EXPERIENCE_ZH
    found = quality.experience_claims(f"# T\n\n{line}\n", patterns, "def run_all(): ...", path=P)
    assert _rules(found) == [(3, "invented-experience")]


def test_experience_claims_pass_when_the_sources_tell_the_event() -> None:
    sources = "## History\nAfter the outage of 2021 the queue learnt to retry."
    text = "# T\n\nAfter an outage the project added retries.\n"
    assert quality.experience_claims(text, EXPERIENCE_EN, sources, path=P) == []


# ------------------------------------------------------------------ language, structure

def test_language_problems_flag_a_text_in_the_wrong_script() -> None:
    english = "# Title\n\n" + "The queue runs every job in order and retries the failures. " * 3
    chinese = "# 标题\n\n" + "队列按顺序运行每一个任务，并重试失败的任务。" * 3
    assert _rules(quality.language_problems(english, lang="zh", path=P)) == [
        (None, "wrong-language")]
    assert _rules(quality.language_problems(chinese, lang="en", path=P)) == [
        (None, "wrong-language")]
    assert quality.language_problems(english, lang="en", path=P) == []
    assert quality.language_problems(chinese + " `JobQueue.run_all()`", lang="zh", path=P) == []


def test_structure_changes_compare_headings_and_code_blocks() -> None:
    original = "# T\n\n## A\n\nText.\n\n```\ncode\n```\n"
    assert quality.structure_changes(original, "# 标题\n\n## 甲\n\n文。\n\n```\ncode\n```\n",
                                     path=P) == []
    found = quality.structure_changes(original, "# 标题\n\n文。\n", path=P)
    assert [f.message for f in found] == [
        "the original has 2 headings and 1 code blocks, the translation 1 and 0"]


# ------------------------------------------------------------------ length, words

def test_count_words_counts_latin_words_and_cjk_characters() -> None:
    assert count_words("The `JobQueue.run_all()` runs 2 jobs.") == 5
    assert count_words("队列按顺序运行 JobQueue") == 8


def test_sentences_split_prose_not_code_or_headings() -> None:
    text = "# T\n\nOne. Two is `a.b()` here! Three?\n\n```\nnot. a. sentence.\n```\n- item\n"
    assert [s for _, s in sentences(text)] == ["One.", "Two is `a.b()` here!", "Three?", "item"]


# ------------------------------------------------------------------ rule files

@pytest.mark.parametrize(("lang", "terms"), [
    ("en", ["powerful and flexible", "simple and intuitive", "seamless", "robust"]),
    ("zh", ["强大而灵活", "简单易用"]),
])
def test_exaggeration_rule_files_hold_the_filler_phrases(lang: str, terms: list[str]) -> None:
    assert set(terms) <= set(checks.load_terms(RULES, lang))


def test_rule_files_of_a_user_folder_replace_the_builtin_ones(tmp_path: Path) -> None:
    (tmp_path / "experience.en.txt").write_text("# mine\n\\bfire drill\\b\n", encoding="utf-8")
    assert checks.load_terms(tmp_path, "en", kind="experience") == ["\\bfire drill\\b"]


def test_a_code_name_in_the_heading_alone_does_not_ground_a_section() -> None:
    from pse.tasks.article.grounding import ungrounded_sections
    from pse.verify.finding import Finding
    ok = [Finding(rule="ref-verified", message="", path=P, line=1, text="JobQueue")]
    text = "## `JobQueue`\n\nIt runs the work it is given.\n"
    assert [f.rule for f in ungrounded_sections(text, ok, path=P, focus=[])] == [
        "ungrounded-section"]
    body = [*ok, Finding(rule="ref-verified", message="", path=P, line=3, text="JobQueue")]
    named = "## `JobQueue`\n\n`JobQueue` runs the work it is given.\n"
    assert ungrounded_sections(named, body, path=P, focus=[]) == []


def test_a_section_never_mentioning_the_code_its_heading_names_is_off_topic() -> None:
    # toolz, embedded model: "## `merge` and `merge_with`" over paragraphs on `map`
    from pse.tasks.article.grounding import ungrounded_sections
    from pse.tasks.article.rulebook import NOT_STRIPPABLE
    from pse.verify.finding import Finding
    text = ("## `merge` and `merge_with`: Merge dictionaries\n\n"
            "The `get` function retrieves a value by its key.\n\n"
            "## `toolz.curry`\n\nA curried function waits for its arguments: see "
            "`curry` in `toolz/functoolz.py`.\n")
    ok = [Finding(rule="ref-verified", message="", path=P, line=n, text="x") for n in (3, 7)]
    [found] = ungrounded_sections(text, ok, path=P, focus=[])
    assert (found.rule, found.line, found.text) == (
        "off-topic-section", 3, "## `merge` and `merge_with`: Merge dictionaries")
    assert "`merge` or `merge_with`" in found.message and found.rule in NOT_STRIPPABLE


def test_residue_flags_a_pasted_list_of_code_names_not_a_sentence_naming_them() -> None:
    from pse.tasks.article.quality import residue

    text = ("## Overview\n\n`HookimplMarker`, `src/pluggy/_decorators.py`, `README.rst`. The "
            "`PluginManager` class registers plugins.\n\n`load` and `loads` parse TOML.\n")
    found = residue(text, path="a.md")
    assert [(f.line, f.text) for f in found] == [
        (3, "`HookimplMarker`, `src/pluggy/_decorators.py`, `README.rst`.")]


def test_a_sentence_about_the_prompts_excerpts_is_residue() -> None:
    text = ("`Queue` runs jobs in order. It uses real code names exactly as they appear in "
            "the excerpts.\n\nThe excerpt below shows the loop.\n\n如摘录中所示，它会重试。\n")
    found = [(f.line, f.rule) for f in quality.residue(text, path="a.md")]
    assert found == [(1, "outline-residue"), (5, "outline-residue")]


def test_calling_the_listed_names_real_is_the_prompt_talking() -> None:
    # wsgiref, embedded model: the prompt's "Real code names it can use" came back as prose
    text = ("The real API and code for the `InputWrapper` class are as follows:\n\n"
            "In real code you would close the stream yourself.\n\n"
            "3. **Real API and Code**: The project's real API and code are detailed in "
            "`ulid/__main__.py`.\n")
    found = [(f.line, f.rule) for f in quality.residue(text, path="a.md")]
    assert found == [(1, "outline-residue"), (5, "outline-residue")]


def test_residue_flags_a_list_of_names_paired_with_themselves() -> None:
    # tinyqueue, README command 1: "- `JobQueue`: `JobQueue`" six times after the prose
    from pse.tasks.article.quality import residue

    text = ("## Running it\n\n- `JobQueue`: `JobQueue`\n- `submit` → `submit`\n"
            "- `run_all`: runs every job.\n")
    assert [f.line for f in residue(text, path="a.md")] == [3, 4]


def test_text_fences_come_from_the_document_model() -> None:
    from pse.tasks.article.text import code_blocks, prose_lines

    text = ("# A\n\n```python\nx = 1\n```\n\npara\n\n    ```\n    not a fence\n\n"
            "- item\n\n  ```\n  y\n  ```\n\n```\nunclosed\n")
    blocks = code_blocks(text)
    assert [(b.line, b.end, b.closed, b.body) for b in blocks] == [
        (3, 5, True, "x = 1"), (14, 16, True, "  y"), (18, 19, False, "unclosed")]
    # the indented block (lines 9-10) is no fence but it is code: no prose pass reads it
    assert [n for n, _ in prose_lines(text)] == [1, 2, 6, 7, 8, 11, 12, 13, 17, 20]


def test_residue_flags_the_prompts_section_line_pasted() -> None:
    text = ("# T\n\n## `intcomma` in `src/number.py`\n\n"
            'This section: "## `intcomma` in `src/number.py`"\n\n'
            "`intcomma` puts a comma every three digits.\n\n"
            'A Markdown heading is written "## Usage" in a README.\n')
    assert _rules(quality.residue(text, path=P)) == [(5, "outline-residue")]


def test_repetitions_a_short_sentence_said_again_in_a_row_is_a_loop() -> None:
    text = "# T\n\n## Q\n\n它有哪些问题？它有哪些问题？它有哪些问题？\n\nWhy? Because. Why?\n"
    found = quality.repetitions(text, path=P)
    assert [(f.line, f.text) for f in found] == [(5, "它有哪些问题？它有哪些问题？")]
    stripped, _ = strip_spans(text, [Span(f.line or 0, f.text) for f in found])
    assert "它有哪些问题？\n" in stripped and stripped.count("它有哪些问题") == 1


def test_repetitions_a_short_paragraph_said_again_in_the_next_paragraphs_is_a_loop() -> None:
    copy = "例如，`3 hours ago`。\n\n"
    text = ("# T\n\n## Q\n\n它根据时间生成字符串。\n\n" + copy * 3 +
            "## R\n\nYes.\n\n```\nYes.\n```\n\nYes.\n")
    found = quality.repetitions(text, path=P)
    # the copies that follow it; the same words after a code block are no run
    assert [(f.line, f.text) for f in found] == [(9, "例如，`3 hours ago`。"),
                                                 (11, "例如，`3 hours ago`。")]
    stripped, _ = strip_spans(text, [Span(f.line or 0, f.text, repeat=True) for f in found])
    assert stripped.count("3 hours ago") == 1 and stripped.count("Yes.") == 3


def test_residue_a_heading_that_says_a_title_again_and_a_bare_list_marker() -> None:
    text = ("# Problem-driven: x\n\n## What x is for\n\nText.\n\n## Problem-driven: x\n\n"
            "### What x is for\n\n### Example\n\nA.\n\n## Use\n\n### Example\n\nB.\n\n#.\n")
    found = [(f.line, f.text) for f in quality.residue(text, path=P)]
    # the title and a section's title pasted again; a subheading each section has is not
    assert found == [(7, "## Problem-driven: x"), (9, "### What x is for"), (21, "#.")]


def test_residue_a_list_item_with_nothing_but_its_label() -> None:
    # what the item said was stripped ("2. **Default Time Settings**." kept in an iso8601
    # article); a label heading its own nested list, or followed by its text, stays
    text = ("## What x is for\n\nThe project solves these problems:\n\n"
            "1. **Parsing**: `parse` reads a date.\n\n2. **Default Time Settings**.\n\n"
            "- **Parameters**:\n  - `x`: the value.\n\n- **速度**：\n\nText with **bold**.\n")
    found = [(f.line, f.text) for f in quality.residue(text, path=P)]
    assert found == [(7, "2. **Default Time Settings**."), (12, "- **速度**：")]
    stripped, _ = strip_spans(text, [Span(line, line_text) for line, line_text in found])
    assert "Default Time" not in stripped and "速度" not in stripped
    assert "**Parsing**" in stripped and "**Parameters**" in stripped


def test_untranslated_passage_flags_a_pasted_paragraph_in_the_other_language() -> None:
    text = ("# 标题\n\n`ShortUUID` 类负责生成短 UUID。它把 UUID 编码成更短的字符串，使用的字母表"
            "去掉了容易混淆的字符，适合放在链接和文件名里，读起来也更方便，用户看到时不会误读。"
            "这个库还提供了命令行工具，可以直接在终端里生成和解码标识符，不必写任何代码。\n\n"
            "Versions of `ShortUUID` prior to 1.0.0 generated UUIDs with their MSB last, "
            "i.e. reversed. This was later fixed.\n\n"
            "- That option will go away in the future, so you will want to convert them.\n"
            "- 使用 `pip install shortuuid` 安装，然后调用 `uuid()` 生成标识符。\n\n"
            "## Compatibility notes for every version of the library since the first\n\n"
            "```python\n>>> print('a long english line of code that is never prose at all')\n"
            "```\n")
    found = quality.untranslated_passages(text, lang="zh", path=P)
    assert [(f.line, f.rule) for f in found] == [(5, "untranslated-passage"),
                                                 (7, "untranslated-passage")]
    assert found[1].text.startswith("That option")  # the item's text, for Strip
    # a whole text in the other language is `wrong-language`, not a line to strip
    english = text.replace("标题", "Title") + "The library is small. " * 60
    assert quality.untranslated_passages(english, lang="zh", path=P) == []
