"""The glossary: segmentation, coverage, user translations."""

from __future__ import annotations

from pse.cv.glossary import load_glossary, normalize


def test_segment_prefers_longest_terms_and_keeps_latin_runs() -> None:
    glossary = load_glossary()
    assert [s.text for s in glossary.segment("阿里云ACP认证")] == ["阿里云", "ACP", "认证"]


def test_coverage_reports_both_sides() -> None:
    glossary = load_glossary()
    assert glossary.coverage("Senior Risk Manager", "高级风控经理") == (1.0, 1.0)
    english, chinese = glossary.coverage("Quantum Computing", "风险建模")
    assert english == 0.0 and chinese == 0.0


def test_load_glossary_adds_user_translations() -> None:
    plain = load_glossary()
    extended = load_glossary([("鲲鹏计划", ("kunpeng program",))])
    assert plain.coverage("Kunpeng Program", "鲲鹏计划")[0] < 1.0
    assert extended.coverage("Kunpeng Program", "鲲鹏计划") == (1.0, 1.0)


def test_normalize_separates_scripts_and_punctuation() -> None:
    assert normalize("熟悉 PyTorch、大模型 & C++") == "熟悉 pytorch 大模型 and c++"
