"""DOCX and PDF from the published Markdown resume (python-docx, reportlab; extra "resume").

The Markdown the task publishes has a small, known shape: ``#`` name, contact lines,
``##`` sections, ``###`` entry headings, ``-`` bullets and plain paragraphs, with
``**bold**``. Both renderers read it into :class:`Block` values and lay them out in one
column with the name centred, section rules and compact bullets. Chinese text uses
reportlab's built-in CID font (no font file needed) and the East Asian font slot in Word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

BlockKind = Literal["name", "contact", "section", "entry", "bullet", "text"]
_CJK = re.compile(r"[\u3400-\u9fff]")
_BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class Block:
    """One laid-out piece of the resume."""

    kind: BlockKind
    text: str


def blocks(markdown: str) -> list[Block]:
    """The resume's Markdown as blocks (unknown Markdown becomes plain text)."""
    out: list[Block] = []
    seen_section = False
    for raw in markdown.split("\n"):
        line = raw.strip()
        if not line or line in ("---", "***"):
            continue
        if line.startswith("# "):
            out.append(Block("name", line[2:].strip()))
        elif line.startswith("## "):
            seen_section = True
            out.append(Block("section", line[3:].strip()))
        elif re.match(r"#{3,6} ", line):
            out.append(Block("entry", line.lstrip("#").strip()))
        elif re.match(r"[-*+•·]\s+", line):
            out.append(Block("bullet", re.sub(r"^[-*+•·]\s+", "", line)))
        else:
            out.append(Block("text" if seen_section else "contact", line))
    return out


def _import_error(what: str, exc: ImportError) -> ImportError:
    return ImportError(f'install "pse[resume]" to write {what} resumes '
                       f"(python-docx and reportlab): {exc}")


def write_docx(markdown: str, path: Path) -> Path:
    """Write ``markdown`` as a Word document at ``path``."""
    try:
        from docx import Document
        from docx.enum.text import WD_ALIGN_PARAGRAPH
        from docx.oxml.ns import qn
        from docx.shared import Pt
    except ImportError as exc:
        raise _import_error("DOCX", exc) from exc
    doc = Document()
    normal = doc.styles["Normal"]
    normal.font.name = "Calibri"
    normal.font.size = Pt(10.5)
    normal.element.rPr.rFonts.set(qn("w:eastAsia"), "SimSun")
    for block in blocks(markdown):
        if block.kind == "name":
            para = doc.add_heading(level=0)
            para.alignment = WD_ALIGN_PARAGRAPH.CENTER
        elif block.kind == "contact":
            para = doc.add_paragraph()
            para.alignment = WD_ALIGN_PARAGRAPH.CENTER
        elif block.kind == "section":
            para = doc.add_heading(level=1)
        elif block.kind == "entry":
            para = doc.add_heading(level=2)
        elif block.kind == "bullet":
            para = doc.add_paragraph(style="List Bullet")
        else:
            para = doc.add_paragraph()
        for text, bold in _runs(block.text):
            run = para.add_run(text)
            run.bold = bold or None
            run.element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), "SimSun")
    doc.save(str(path))
    return path


def _runs(text: str) -> Iterator[tuple[str, bool]]:
    position = 0
    for match in _BOLD.finditer(text):
        if match.start() > position:
            yield text[position:match.start()], False
        yield match.group(1), True
        position = match.end()
    if position < len(text):
        yield text[position:], False


def write_pdf(markdown: str, path: Path) -> Path:
    """Write ``markdown`` as an A4 PDF at ``path``."""
    try:
        from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]  # no stubs
        from reportlab.lib.units import mm  # type: ignore[import-untyped]  # no stubs
        from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]  # no stubs
        from reportlab.pdfbase.cidfonts import UnicodeCIDFont  # type: ignore[import-untyped]
        from reportlab.platypus import (  # type: ignore[import-untyped]  # no stubs
            HRFlowable,
            Paragraph,
            SimpleDocTemplate,
            Spacer,
        )
    except ImportError as exc:
        raise _import_error("PDF", exc) from exc
    items = blocks(markdown)
    cjk = any(_CJK.search(b.text) for b in items)
    if cjk:
        pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    styles = _pdf_styles(*(("STSong-Light", "STSong-Light") if cjk else
                           ("Helvetica", "Helvetica-Bold")))
    story: list[object] = []
    for block in items:
        text = _markup(block.text)
        if block.kind == "bullet":
            story.append(Paragraph(text, styles["bullet"], bulletText="•"))
            continue
        story.append(Paragraph(text, styles[block.kind]))
        if block.kind == "section":
            story.append(HRFlowable(width="100%", thickness=0.6, color="#1f3864",
                                    spaceAfter=3))
        elif block.kind == "contact":
            story.append(Spacer(1, 2))
    doc = SimpleDocTemplate(str(path), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                            topMargin=15 * mm, bottomMargin=15 * mm, title="Resume",
                            author="", subject="", creator="pse")
    doc.build(story)
    return path


def _pdf_styles(body: str, bold: str) -> dict[str, object]:
    from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]  # no stubs

    def style(name: str, font: str, size: float, **extra: object) -> object:
        return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * 1.3, **extra)
    return {
        "name": style("name", bold, 18, alignment=1, spaceAfter=2),
        "contact": style("contact", body, 9, alignment=1),
        "section": style("section", bold, 12, spaceBefore=8, textColor="#1f3864"),
        "entry": style("entry", bold, 10.5, spaceBefore=4),
        "bullet": style("bullet", body, 10, leftIndent=12, bulletIndent=2),
        "text": style("text", body, 10),
    }


def _markup(text: str) -> str:
    """Escape XML, then turn ``**bold**`` into reportlab's ``<b>``."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _BOLD.sub(r"<b>\1</b>", escaped)
