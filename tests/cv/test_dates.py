"""Dates and ranges: formats, present, year-only precision, tenure."""

from __future__ import annotations

from datetime import date

import pytest

from pse.cv.dates import find_ranges, same_range, span_years, within
from pse.cv.facts import YearMonth


@pytest.mark.parametrize(("line", "text", "start", "end"), [
    ("### Acme | Engineer | Jul 2022 – Now", "Jul 2022 – Now", YearMonth(2022, 7), None),
    ("*03/2023 - Present*", "03/2023 - Present", YearMonth(2023, 3), None),
    ("2023.09 ~ 至今  公司", "2023.09 ~ 至今", YearMonth(2023, 9), None),
    ("### 公司 | 经理 | 2024年10月至今", "2024年10月至今", YearMonth(2024, 10), None),
    ("2021年10月至2024年7月", "2021年10月至2024年7月", YearMonth(2021, 10), YearMonth(2024, 7)),
    ("**Apr 2022 to Feb 2023**", "Apr 2022 to Feb 2023", YearMonth(2022, 4), YearMonth(2023, 2)),
    ("2013-01 – 2015-05", "2013-01 – 2015-05", YearMonth(2013, 1), YearMonth(2015, 5)),
    ("Sept. 2020 – June 2021", "Sept. 2020 – June 2021", YearMonth(2020, 9), YearMonth(2021, 6)),
    ("*2021-2023*", "2021-2023", YearMonth(2021), YearMonth(2023)),
    ("### Pilot (2020)", "2020", YearMonth(2020), YearMonth(2020)),
])
def test_find_ranges_reads_formats(line: str, text: str, start: YearMonth,
                                   end: YearMonth | None) -> None:
    (found,) = find_ranges(line, 3)
    assert (found.span.text, found.start, found.end, found.span.line) == (text, start, end, 3)
    assert line[found.span.col:].startswith(text)


def test_find_ranges_ignores_numbers_that_are_not_dates() -> None:
    assert find_ranges("- Saved $212.9M across 1150 stores", 1) == []


def test_same_range_accepts_format_and_year_only_but_not_moved_start() -> None:
    (cv,) = find_ranges("Mar 2019 – Jun 2022", 1)
    (fmt,) = find_ranges("2019.03-2022.06", 1)
    (years,) = find_ranges("2019-2022", 1)
    (earlier,) = find_ranges("Feb 2018 – Jun 2022", 1)
    (present,) = find_ranges("Mar 2019 – Present", 1)
    assert same_range(fmt, cv) and same_range(years, cv)
    assert not same_range(earlier, cv) and not same_range(present, cv)


def test_within_checks_tenure_at_the_precision_given() -> None:
    (job,) = find_ranges("Mar 2023 – Present", 1)
    (inside,) = find_ranges("2023-2024", 1)
    (before,) = find_ranges("Jan 2022 – Jun 2022", 1)
    today = date(2025, 6, 1)
    assert within(inside, job, today=today)
    assert not within(before, job, today=today)


def test_span_years_measures_whole_span_and_covered_months() -> None:
    ranges = [*find_ranges("Jan 2010 – Dec 2011", 1), *find_ranges("Jan 2014 – Dec 2015", 2)]
    whole, covered = span_years(ranges, today=date(2025, 1, 1))
    assert whole == pytest.approx(6.0)
    assert covered == pytest.approx(4.0)
