"""Metrics: parsing, units, Chinese numerals, and the support decision."""

from __future__ import annotations

import pytest

from pse.cv.numbers import find_metrics, parse_cjk, supports


def _one(text: str):  # type: ignore[no-untyped-def]  # test helper
    (metric,) = find_metrics(text, 1)
    return metric


@pytest.mark.parametrize(("text", "value", "kind"), [
    ("cut costs by 30%", 30, "percent"),
    ("up 47 percent", 47, "percent"),
    ("saved $1.2 million", 1.2e6, "money"),
    ("RMB 9.9 million recovered", 9.9e6, "money"),
    ("GMV of ¥140M", 1.4e8, "money"),
    ("覆盖用户2.3亿", 2.3e8, "count"),
    ("挽回损失990万元", 9.9e6, "money"),
    ("deployment frequency 9x", 9, "multiplier"),
    ("发布频率提升6倍", 6, "multiplier"),
    ("latency of 1,150 ms", 1.15, "time"),
    ("lowered DSO by 2 weeks", 14 * 86400, "time"),
    ("led eight engineers", 8, "count"),
    ("带领五人团队", 5, "count"),
])
def test_find_metrics_normalises_values(text: str, value: float, kind: str) -> None:
    metric = _one(text)
    assert metric.value == pytest.approx(value)
    assert metric.kind == kind
    assert text[metric.span.col:].startswith(metric.span.text)


def test_find_metrics_skips_years_codes_and_versions() -> None:
    found = find_metrics("In 2021 cut P99 latency for S/4HANA and M1 by 12.9%", 1)
    assert [m.span.text for m in found] == ["12.9%"]


@pytest.mark.parametrize(("claim", "source", "ok"), [
    ("about 30%", "29.7%", True),
    ("over 35%", "37%", True),
    ("over 5%", "9%", True),
    ("over 40%", "37%", False),
    ("12K+ users", "12,345 users", True),
    ("$1.2 million", "$1,150,000", True),
    ("124,000 orders", "123,800 orders", True),
    ("2 weeks", "14 days", True),
    ("eight engineers", "8 engineers", True),
    ("RMB 32 million", "3200万元", True),
    ("300%", "30%", False),
    ("32 engineers", "eight engineers", False),
    ("20 minutes", "27 minutes", False),
    ("30%", "30 teams", False),
])
def test_supports_allows_rewording_not_inflation(claim: str, source: str, ok: bool) -> None:
    assert supports(_one(claim), _one(source), tolerance=0.05, over_floor=0.5) is ok


def test_parse_cjk_reads_numerals() -> None:
    assert [parse_cjk(t) for t in ("十二", "两百", "三十五", "十")] == [12, 200, 35, 10]


def test_supports_compares_written_numbers_when_the_unit_moves_to_the_noun() -> None:
    days = find_metrics("库存周转天数从66天降至31天", 1)
    claims = find_metrics("Cut inventory days from 66 to 31", 1)
    assert all(supports(c, s, tolerance=0.05, over_floor=0.5) for c, s in zip(claims, days,
                                                                               strict=True))
    assert not supports(_one("66%"), days[0], tolerance=0.05, over_floor=0.5)
