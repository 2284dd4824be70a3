"""DOCX and PDF rendering of the published resume (the ``resume`` extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.tasks.resume.render import blocks, write_docx, write_pdf

MD = """# Elena Marsh
Data Engineer · elena.marsh@example.com

## Experience

### Senior Data Engineer | Northwind Logistics Inc. | Jul 2021 – Present
- Built a **Kafka** pipeline <fast> & safe
## 技能
Python、SQL
"""


def test_blocks_read_the_resume_shape() -> None:
    kinds = [b.kind for b in blocks(MD)]
    assert kinds == ["name", "contact", "section", "entry", "bullet", "section", "text"]


def test_docx_holds_every_line(tmp_path: Path) -> None:
    docx = pytest.importorskip("docx")
    write_docx(MD, tmp_path / "r.docx")
    texts = [p.text for p in docx.Document(str(tmp_path / "r.docx")).paragraphs]
    assert texts == ["Elena Marsh", "Data Engineer · elena.marsh@example.com", "Experience",
                     "Senior Data Engineer | Northwind Logistics Inc. | Jul 2021 – Present",
                     "Built a Kafka pipeline <fast> & safe", "技能", "Python、SQL"]


def test_pdf_is_a_pdf_with_cjk_font(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    data = write_pdf(MD, tmp_path / "r.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and b"STSong-Light" in data
    latin = write_pdf("# A B\n\n## Skills\nPython\n", tmp_path / "a.pdf").read_bytes()
    assert b"Helvetica" in latin and b"STSong" not in latin
