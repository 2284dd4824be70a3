"""A resume project the CV describes under another name, and dates under a heading."""

from __future__ import annotations

from pse.cv.api import verify_resume

CV = """# Sam Carter

## Projects

### Real-time Shipment Tracking
Jan 2022 – Aug 2022
- Streamed GPS events through Kafka and Flink to a live map for 300 dispatchers

### 门店销量预测
- 时间：2022.01 - 2022.09
- 使用LightGBM预测300家门店的周销量
"""


def _flagged(resume: str) -> set[tuple[str, str]]:
    return {(f.kind, f.text) for f in verify_resume(resume, {"cv.md": CV}).unsupported}


def test_a_project_named_by_its_technology_with_its_dates_is_the_cv_project() -> None:
    resume = ("## Projects\n\n### Kafka Shipment Tracking Pipeline | Jan 2022 – Aug 2022\n"
              "- Streamed GPS events to a live map for 300 dispatchers\n")
    assert _flagged(resume) == set()


def test_dates_under_a_cv_heading_support_the_resume_heading() -> None:
    resume = ("## 项目经历\n\n### 门店销量预测模型 | 2022.01 - 2022.09\n"
              "- 使用LightGBM预测300家门店的周销量\n")
    assert _flagged(resume) == set()


def test_borrowed_words_without_dates_or_bullets_are_still_invented() -> None:
    resume = ("## Projects\n\n### Kafka Shipment Tracking Pipeline | 2019 – 2020\n"
              "- Scored payments in real time\n")
    assert ("project", "Kafka Shipment Tracking Pipeline") in _flagged(resume)
    invented = "## Projects\n\n### Fraud Scoring Engine | Jan 2022 – Aug 2022\n- Scored payments\n"
    assert ("project", "Fraud Scoring Engine") in _flagged(invented)
