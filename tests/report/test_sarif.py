"""SARIF 2.1.0: the shape code-scanning UIs need, rules, levels, fingerprints."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema

from pse import __version__
from pse.report.sarif import render_sarif
from pse.verify.check import CheckedReference

from .support import checked

LINES = {"docs/a.md": ["`Session.send()`", "`Session.fetch()` and `src/nope.py`",
                       "`json.loads`", "`utf-8`"],
         "docs/b.md": ["", "", "", "", "`Client`", "[x](src/x.py#L90)"]}


def _log(items: list[CheckedReference], lines: dict[str, list[str]] = LINES) -> dict:
    return json.loads(render_sarif(items, lines_of=lines))


def test_sarif_top_level_shape(sample: list[CheckedReference]) -> None:
    log = _log(sample)
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-2.1.0.json")
    assert len(log["runs"]) == 1
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["name"] == "pse" and driver["version"] == __version__
    rule_ids = [rule["id"] for rule in driver["rules"]]
    assert len(rule_ids) == len(set(rule_ids)) == 10  # PSE010: unsupported sentences
    for rule in driver["rules"]:
        assert rule["name"] and rule["shortDescription"]["text"]


def test_sarif_results_only_for_unverified_references(sample: list[CheckedReference]) -> None:
    results = _log(sample)["runs"][0]["results"]
    assert len(results) == 3
    rule_ids = {rule["id"] for rule in _log(sample)["runs"][0]["tool"]["driver"]["rules"]}
    for result in results:
        assert result["ruleId"] in rule_ids
        assert result["level"] in {"error", "warning", "note"}
        assert result["message"]["text"]
        [location] = result["locations"]
        physical = location["physicalLocation"]
        assert not physical["artifactLocation"]["uri"].startswith("/")
        assert physical["region"]["startLine"] >= 1
        assert re.fullmatch(r"[0-9a-f]{64}",
                            result["partialFingerprints"]["primaryLocationLineHash"])


def test_sarif_rule_per_kind_and_message(sample: list[CheckedReference]) -> None:
    results = _log(sample)["runs"][0]["results"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
             r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results] == [
        ("PSE001", "docs/a.md", 2), ("PSE003", "docs/a.md", 2), ("PSE004", "docs/b.md", 6)]
    assert results[0]["message"]["text"] == (
        "'Session.fetch()': not found in the source tree; did you mean 'Session.send'?")


def test_sarif_clean_run_has_no_results() -> None:
    log = _log([checked(1, "Client", "symbol", "verified")])
    assert log["runs"][0]["results"] == []


def test_sarif_fingerprint_survives_lines_inserted_above() -> None:
    before = _log([checked(2, "Ghost", "symbol", "unverified")],
                  {"docs/a.md": ["intro", "use `Ghost`"]})
    after = _log([checked(5, "Ghost", "symbol", "unverified")],
                 {"docs/a.md": ["intro", "", "new", "", "use `Ghost`"]})
    [old], [new] = before["runs"][0]["results"], after["runs"][0]["results"]
    assert old["partialFingerprints"] == new["partialFingerprints"]
    assert new["locations"][0]["physicalLocation"]["region"]["startLine"] == 5


def test_sarif_fingerprints_are_unique_per_result() -> None:
    items = [checked(1, "Ghost", "symbol", "unverified"),
             checked(1, "Phantom", "symbol", "unverified")]
    results = _log(items, {"docs/a.md": ["`Ghost` and `Phantom`"]})["runs"][0]["results"]
    hashes = {r["partialFingerprints"]["primaryLocationLineHash"] for r in results}
    assert len(hashes) == 2


SCHEMA = Path(__file__).with_name("sarif-schema-2.1.0.json")


def test_sarif_validates_against_the_sarif_2_1_0_schema(sample: list[CheckedReference],
                                                        tmp_path: Path) -> None:
    validator = jsonschema.Draft4Validator(
        json.loads(SCHEMA.read_text(encoding="utf-8")),
        format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    for root in (None, tmp_path):
        log = json.loads(render_sarif(sample, lines_of=LINES, root=root, cwd=tmp_path))
        errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
        assert errors == [], [e.message for e in errors]
    bad = json.loads(render_sarif(sample, lines_of=LINES))
    bad["runs"][0]["results"][0]["level"] = "fatal"  # the validator does catch mistakes
    assert not validator.is_valid(bad)


def test_sarif_uris_are_relative_to_the_repository_root(tmp_path: Path) -> None:
    items = [checked(1, "Ghost", "symbol", "unverified", file=f"{tmp_path}/docs/my guide.md"),
             checked(1, "Ghost", "symbol", "unverified", file="docs/b.md"),
             checked(1, "Ghost", "symbol", "unverified", file="/elsewhere/c.md")]
    log = json.loads(render_sarif(items, lines_of={}, root=tmp_path, cwd=tmp_path / "sub"))
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"]
                 for r in log["runs"][0]["results"]]
    assert locations == [{"uri": "docs/my%20guide.md", "uriBaseId": "%SRCROOT%"},
                         {"uri": "sub/docs/b.md", "uriBaseId": "%SRCROOT%"},
                         {"uri": "file:///elsewhere/c.md"}]
    assert "%SRCROOT%" in log["runs"][0]["originalUriBaseIds"]
    assert str(tmp_path) not in json.dumps(log)


def test_sarif_rules_carry_help(sample: list[CheckedReference]) -> None:
    for rule in _log(sample)["runs"][0]["tool"]["driver"]["rules"]:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["helpUri"].startswith("https://") and rule["help"]["text"]


def test_sarif_region_has_the_column_of_the_reference() -> None:
    log = _log([checked(2, "Ghost", "symbol", "unverified")],
               {"docs/a.md": ["intro", "use `Ghost` here"]})
    region = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 2, "startColumn": 6, "endColumn": 11}


def test_sarif_with_coverage_levels_and_history_validates(sample: list[CheckedReference],
                                                         tmp_path: Path) -> None:
    from pse.report.coverage import Extras, measure
    from pse.verify.provenance import Commit, Provenance

    flagged = [c for c in sample if c.result.status == "unverified"]
    commit = Commit("a" * 40, "2026-01-02", "Remove it")
    extras = Extras(coverage=measure(sample, documents=1), levels={flagged[0].ref: "warning"},
                    history={flagged[0].ref: Provenance("x", commit, commit, "y")},
                    notes=("a note",))
    log = json.loads(render_sarif(sample, lines_of=LINES, root=tmp_path, cwd=tmp_path,
                                  extras=extras))
    validator = jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert sorted(e.message for e in validator.iter_errors(log)) == []
    run = log["runs"][0]
    assert run["properties"]["coverage"]["documents"] == 1
    first = run["results"][0]
    assert first["level"] == "warning"
    assert first["properties"]["history"]["removed_in"]["commit"] == "a" * 40


def test_sarif_uris_share_one_base_when_the_source_is_a_package_folder(tmp_path: Path) -> None:
    items = [checked(1, "Ghost", "symbol", "unverified", file=f"{tmp_path}/docs/a.md"),
             checked(1, "Ghost", "symbol", "unverified", file=f"{tmp_path}/README.md")]
    log = json.loads(render_sarif(items, lines_of={}, root=tmp_path / "src" / "pkg",
                                  cwd=tmp_path))
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"]
                 for r in log["runs"][0]["results"]]
    assert locations == [{"uri": "docs/a.md", "uriBaseId": "%SRCROOT%"},
                         {"uri": "README.md", "uriBaseId": "%SRCROOT%"}]
