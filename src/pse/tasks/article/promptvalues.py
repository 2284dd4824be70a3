"""Prompt values of a section: which section, its focus, the names it may cite, and what
the sections before it covered (their titles and the code they explained, never their text).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath

from pse.index.languages import known_suffixes
from pse.index.symbols import SymbolIndex
from pse.pipeline.state import PSEState
from pse.tasks.article.excerpts import is_doc
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.shaping import prose

_NAME_KINDS = frozenset({"class", "function", "method", "constant", "interface", "struct",
                         "enum", "trait", "type"})


MAX_NAMES = 12


def focus_names(index: SymbolIndex, focus: Sequence[str]) -> list[str]:
    """Public names a section may cite: each focus symbol, its public members (as
    ``Class.member``) and, for a file focus, its public top-level definitions."""
    names: list[str] = []
    for item in focus:
        bare = item.strip("`").removesuffix("()")
        if is_doc(bare):  # a README is context, not a name to cite ("`README.rst` contains")
            continue
        if "/" in bare or bare.endswith((".py", ".js", ".ts", ".go", ".rs")):
            names.extend(s.name for s in index.in_file(bare)
                         if s.parent == index.module_of(bare) and _public(s.name)
                         and s.kind in _NAME_KINDS)
            continue
        names.append(bare)
        tail = bare.rsplit(".", 1)[-1]
        for symbol in [s for s in index.by_name(tail) if s.qualname.endswith(bare)][:1]:
            names.extend(f"{tail}.{c.name}" for c in index.children(symbol.qualname)
                         if _public(c.name) and c.kind in _NAME_KINDS)
    return list(dict.fromkeys(names))[:MAX_NAMES]


def _public(name: str) -> bool:
    return not name.startswith("_")


def summary(text: str) -> str:
    """What a section covered, for the sections after it: the code names it explained
    (``""`` when it named none; its title then says enough).

    Never a sentence of it: a small model copies any sentence it is shown, and an earlier
    section's opening line came back as the next section's opening, again and again.
    """
    names = [n for n in dict.fromkeys(re.findall(r"`([^`\n]+)`", prose(text)))
             if not _is_file_name(n)]  # files are no explanation: they came back as lists
    return "explained " + ", ".join(f"`{n}`" for n in names[:4]) if names else ""


def _is_file_name(name: str) -> bool:
    """``src/q.py``, ``README.rst``, ``setup.cfg``: a path, as the verifier reads one."""
    return "/" in name or PurePosixPath(name).suffix in known_suffixes()


def section_values(state: PSEState, *, title: str, names: Sequence[str] = ()
                   ) -> dict[str, str]:
    """The section prompt's values: which section, its focus, the real names it may cite,
    what came before."""
    section = state.sections[state.section]
    count = len(state.sections)
    earlier = [f'- "{s.title}"' + (f": {said}" if (said := summary(s.text)) else "")
               for s in state.sections[:state.section]]
    words = ArticleInputs.of(state).words
    focus = ", ".join(f"`{f}`" for f in section.focus)
    return {"title": title, "number": str(state.section + 1), "count": str(count),
            "previous": ("Sections before this one (do not repeat them):\n" + "\n".join(earlier))
            if earlier else "This is the first section.",
            "section_title": section.title, "focus": focus or "(none)",
            "brief": section.brief,
            "names": ", ".join(f"`{n}`" for n in names) or focus or "(none)",
            # a fifth over the share: Strip and the cut-off trim take some of every draft
            "section_words": str(max(60, round(1.2 * words / max(1, count))))}
