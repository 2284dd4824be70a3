"""Section-by-section writing, from three modules with one job each.

:mod:`~pse.tasks.article.excerpts` chooses what a section's Specialist is shown,
:mod:`~pse.tasks.article.promptvalues` fills its prompt, and
:mod:`~pse.tasks.article.shaping` makes its reply a section. This module keeps their public
names importable as ``sections.<name>``, where the task and its tests use them.
"""

from __future__ import annotations

from pse.tasks.article.excerpts import (
    CONTEXT_CHARS,
    defining,
    doc_chunks,
    is_doc,
    is_import_list,
    is_meta_doc,
    mention_passage,
    mentioning,
    section_context,
    section_excerpts,
    source_chunks,
    source_excerpt,
)
from pse.tasks.article.promptvalues import MAX_NAMES, focus_names, section_values, summary
from pse.tasks.article.shaping import (
    SUBHEADING_WORDS,
    assemble,
    drop_broken_spans,
    drop_dangling_lead_ins,
    drop_empty_headings,
    drop_name_list_prefix,
    drop_name_lists,
    drop_orphan_openings,
    drop_orphan_openings_per_section,
    drop_own_repeats,
    drop_restatements,
    section_words,
    shape_section,
    trim_cut_off,
)

__all__ = [
    "CONTEXT_CHARS", "MAX_NAMES", "SUBHEADING_WORDS", "assemble", "defining", "doc_chunks",
    "drop_broken_spans", "drop_dangling_lead_ins", "drop_empty_headings",
    "drop_name_list_prefix", "drop_name_lists", "drop_orphan_openings",
    "drop_orphan_openings_per_section", "drop_own_repeats", "drop_restatements",
    "focus_names", "is_doc", "is_import_list", "is_meta_doc", "mention_passage", "mentioning",
    "section_context", "section_excerpts", "section_values", "section_words", "shape_section",
    "source_chunks", "source_excerpt", "summary", "trim_cut_off",
]
