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


EVENT_BUS = """# Lukas Weber

## Academic Projects

### Internal Event Bus
- Duration: 10/2021 – 06/2022
- Replaced point-to-point REST calls between 9 services with RabbitMQ

### Invoice OCR Service | 2019.05 - 2019.11
- Extracted fields from 2 million scanned invoices with Tesseract and a rules layer
"""
KEPT = "- Replaced point-to-point REST calls between 9 services with RabbitMQ\n"


def _flagged_in(resume: str, cv: str) -> set[tuple[str, str]]:
    return {(f.kind, f.text) for f in verify_resume(resume, {"cv.md": cv}).unsupported}


def test_a_reworded_name_with_the_same_dates_and_a_kept_bullet_is_the_cv_project() -> None:
    resume = f"## Projects\n\n### RabbitMQ Messaging Migration | Oct 2021 – Jun 2022\n{KEPT}"
    assert _flagged_in(resume, EVENT_BUS) == set()


def test_a_reworded_name_that_adds_a_technology_is_still_flagged() -> None:
    resume = f"## Projects\n\n### NATS Messaging Migration | Oct 2021 – Jun 2022\n{KEPT}"
    assert ("project", "NATS Messaging Migration") in _flagged_in(resume, EVENT_BUS)


def test_a_name_sharing_no_word_is_flagged_even_with_dates_and_a_bullet() -> None:
    resume = f"## Projects\n\n### Payments Ledger | Oct 2021 – Jun 2022\n{KEPT}"
    assert ("project", "Payments Ledger") in _flagged_in(resume, EVENT_BUS)


def test_a_word_of_the_same_root_counts_as_the_projects_word() -> None:
    # "Extraction" for "Extracted", with the dates only (no bullet kept)
    resume = ("## Projects\n\n### Tesseract Invoice Extraction | 2019.05 - 2019.11\n"
              "- Read invoices\n")
    assert ("project", "Tesseract Invoice Extraction") not in _flagged_in(resume, EVENT_BUS)
