"""The article's declared rules: one loop runs them, settings turn them off, Strip's
exceptions follow from the declarations, and a new rule is one entry."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from article_support import CLEAN, article_settings, new_state
from pse.config import load_settings
from pse.errors import ConfigError
from pse.tasks.article.rulebook import (
    FINAL_GATES,
    NOT_STRIPPABLE,
    RULES,
    Rule,
    rule_limits,
    run_rules,
)
from pse.tasks.article.task import ArticleTask
from pse.verify.finding import Finding
from repo_fixtures import run_cli

HYPE = CLEAN.replace("The queue", "The seamless queue", 1)


def _check(source: Path, text: str, **environ: str) -> list[Finding]:
    task = ArticleTask(settings=article_settings(source, environ=environ))
    return task.verify(new_state(source), text, lang="en").bad


def test_rule_ids_are_unique_and_every_emitted_id_has_one_owner() -> None:
    ids = [rule.rule_id for rule in RULES]
    emitted = [finding for rule in RULES for finding in rule.emits]
    assert len(ids) == len(set(ids))
    assert len(emitted) == len(set(emitted))


def test_not_strippable_is_what_the_rules_declare() -> None:
    declared = {f for rule in RULES if not rule.strippable for f in rule.emits}
    assert NOT_STRIPPABLE == declared
    assert {"ungrounded-section", "off-topic-section", "cut-off"} <= NOT_STRIPPABLE
    assert "repetition" not in NOT_STRIPPABLE


def test_a_rule_flags_and_a_disabled_rule_does_not(tinyqueue: Path) -> None:
    assert "exaggeration" in {f.rule for f in _check(tinyqueue, HYPE)}
    quiet = _check(tinyqueue, HYPE, PSE_ARTICLE_DISABLE_RULES="exaggeration")
    assert "exaggeration" not in {f.rule for f in quiet}


def test_an_unknown_disabled_rule_is_a_config_error(tinyqueue: Path) -> None:
    with pytest.raises(ConfigError, match="'no-such-rule'"):
        _check(tinyqueue, CLEAN, PSE_ARTICLE_DISABLE_RULES="no-such-rule")


def test_a_new_rule_is_one_entry(tinyqueue: Path) -> None:
    task = ArticleTask(settings=article_settings(tinyqueue))
    ctx = task.gate_context(new_state(tinyqueue), CLEAN, lang="en")
    shout = Rule("no-shouting", "no word in capitals", ("shouting",),
                 lambda d, c: [Finding(rule="shouting", message="capitals", path=c.path,
                                       line=n, text=w) for n, line in d.prose_lines()
                               for w in line.split() if w.isupper() and len(w) > 3])
    assert run_rules(ctx).bad == run_rules(ctx, rules=(*RULES, shout)).bad
    loud = task.gate_context(new_state(tinyqueue), CLEAN + "\nA QUEUE.\n", lang="en")
    assert [(f.line, f.text) for f in run_rules(loud, rules=(*RULES, shout)).bad
            if f.rule == "shouting"] == [(CLEAN.count("\n") + 2, "QUEUE.")]
    in_code = task.gate_context(new_state(tinyqueue), CLEAN + "\n```\nQUEUE = 1\n```\n",
                                lang="en")  # the rule reads prose blocks: code is no prose
    assert not [f for f in run_rules(in_code, rules=(*RULES, shout)).bad if f.rule == "shouting"]


def test_translation_rules_run_only_on_translations(tinyqueue: Path) -> None:
    task = ArticleTask(settings=article_settings(tinyqueue))
    state = new_state(tinyqueue)
    dropped = CLEAN.replace("`RetryPolicy`", "the policy")
    draft = {f.rule for f in task.verify(state, dropped, lang="en").bad}
    translated = {f.rule for f in task.verify(state, dropped, lang="en", original=CLEAN).bad}
    assert "translation-dropped-ref" not in draft
    assert "translation-dropped-ref" in translated


def test_pse_rules_lists_every_rule_and_gate(capsys: pytest.CaptureFixture[str]) -> None:
    table = run_cli(capsys, "rules")
    assert table.code == 0
    for rule in RULES:
        assert rule.rule_id in table.out
    listed = json.loads(run_cli(capsys, "rules", "--json").out)
    assert [r["id"] for r in listed["rules"]] == [r.rule_id for r in RULES]
    assert [g["id"] for g in listed["final_gates"]] == [g.name for g in FINAL_GATES]
    code = next(r for r in listed["rules"] if r["id"] == "code-problems")
    assert code["thresholds"][0] | {"summary": ""} == {
        "name": "max-share", "default": 0.5, "stricter": "lower", "summary": ""}
    assert "max-share = 0.5 (lower is stricter)" in table.out
    sections = next(g for g in listed["final_gates"] if g["id"] == "sections")
    assert [(t["name"], t["default"]) for t in sections["thresholds"]] == [("min-sections", 3)]
    assert "min-sections = 3 (higher is stricter)" in table.out


CODE_HEAVY = CLEAN + "\n```python\n" + "queue.submit(job)  # one more job\n" * 12 + "```\n"


def test_a_threshold_in_config_changes_what_a_rule_flags(tinyqueue: Path) -> None:
    assert "code-heavy" not in {f.rule for f in _check(tinyqueue, CODE_HEAVY)}
    strict = _check(tinyqueue, CODE_HEAVY,
                    PSE_ARTICLE_RULES='{"code-problems": {"max-share": 0.1}}')
    assert "code-heavy" in {f.rule for f in strict}


def test_a_repositorys_own_thresholds_only_make_rules_stricter(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.pse.article.rules.code-problems]\nmax-share = 0.9\n"
        "[tool.pse.article.rules.repetition]\nnear-duplicate = 0.5\nmin-words = 12\n"
        "[tool.pse.article.rules.no-such-rule]\nx = 1\n", encoding="utf-8")
    settings = load_settings(environ={}, start=tmp_path, cwd=tmp_path)
    assert settings.sources["article.rules"] == "repository"
    assert ArticleTask(settings=settings).rule_limits() == {
        "code-problems": {"max-share": 0.5}, "repetition": {"near-duplicate": 0.5,
                                                            "min-words": 7}}


def test_your_own_thresholds_are_checked_against_the_declarations() -> None:
    assert rule_limits({"code-problems": {"max_share": 0.9}}) == {
        "code-problems": {"max-share": 0.9}}  # yours may loosen
    with pytest.raises(ConfigError, match="its thresholds: max-share"):
        rule_limits({"code-problems": {"share": 0.1}})
    with pytest.raises(ConfigError, match="no-such-rule"):
        rule_limits({"no-such-rule": {"x": 1}})
    with pytest.raises(ConfigError, match="'many'"):
        rule_limits({"repetition": {"min-words": "many"}})


def test_a_placeholder_in_the_prose_is_flagged_never_in_code_or_a_code_span(
        tinyqueue: Path) -> None:
    text = CLEAN + ("\n[Insert a usage example here]. A tbd list app is no TBD.\n\n"
                    "Search for `TBD` markers.\n\n```python\n# TBD: [your retry]\n```\n")
    found = [(f.line, f.text) for f in _check(tinyqueue, text) if f.rule == "placeholder"]
    line = CLEAN.count("\n") + 2
    assert sorted(found) == [(line, "TBD"), (line, "[Insert a usage example here]")]
    assert "placeholder" not in NOT_STRIPPABLE  # Strip deletes what Fix leaves


def _gates(source: Path, **environ: str) -> dict[str, bool]:
    task = ArticleTask(settings=article_settings(source, environ=environ))
    state = replace(new_state(source), artifact=CLEAN, draft=CLEAN)
    return {g.name: g.passed for g in task.gates(state)}


def test_a_final_gates_threshold_in_config_changes_whether_it_passes(tinyqueue: Path) -> None:
    assert _gates(tinyqueue)["sections"] and _gates(tinyqueue)["repetition"]
    strict = _gates(tinyqueue, PSE_ARTICLE_RULES='{"sections": {"min-sections": 4}}')
    assert not strict["sections"] and strict["grounded"]
    longer = _gates(tinyqueue, PSE_ARTICLE_RULES='{"length": {"min-share": 5}}')
    assert not longer["length"] and longer["sections"]


def test_a_repositorys_own_gate_thresholds_only_make_gates_stricter(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.pse.article.rules.length]\nmin-share = 0.3\n"
        "[tool.pse.article.rules.repetition]\nmax-repeated-share = 0.02\nmin-words = 5\n",
        encoding="utf-8")
    settings = load_settings(environ={}, start=tmp_path, cwd=tmp_path)
    assert ArticleTask(settings=settings).rule_limits() == {
        "length": {"min-share": 0.7}, "repetition": {"max-repeated-share": 0.02,
                                                     "min-words": 5}}
    with pytest.raises(ConfigError, match="its thresholds: min-sections"):
        rule_limits({"sections": {"minimum": 2}})


def test_a_deletion_scar_is_flagged_outside_code(tinyqueue: Path) -> None:
    scarred = CLEAN + ("\nThe queue gives a  and simple way to retry jobs, such as , and more."
                       "\n\nIt keeps `a  b` as written.\n")
    found = [(f.text, f.line) for f in _check(tinyqueue, scarred) if f.rule == "deletion-scar"]
    line = CLEAN.count("\n") + 2
    assert found == [("  ", line), ("such as ", line)]
    assert not [f for f in _check(tinyqueue, CLEAN) if f.rule == "deletion-scar"]


def test_a_lead_in_left_with_nothing_to_introduce_is_a_deletion_scar(tinyqueue: Path) -> None:
    # its code block was deleted: a heading, or the end, follows the colon
    text = CLEAN + ("\nIt needs no packages. You can install them with pip:\n\n## Next\n\n"
                    "The queue runs them in order:\n\n- first in, first out.\n\n"
                    "1. **Install**: install the packages using pip:\n")
    found = [(f.text, f.line) for f in _check(tinyqueue, text) if f.rule == "deletion-scar"]
    start = CLEAN.count("\n") + 2
    assert found == [("You can install them with pip:", start),
                     ("**Install**: install the packages using pip:", start + 8)]
