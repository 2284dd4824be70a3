"""Documents about other versions: changelogs, release notes, upgrading and migration
guides, and proposals of APIs to come.

Such a document rightly names APIs that were removed or renamed since (or do not exist
yet), so its unresolved names are reported as ``ignored`` (the changelog rule). A document is
historical when its file name matches one of the configured patterns
(``verify.historical``), when a folder of its path or its file name is about releases
(``announce/``, ``release-2.4.0.rst``, ``whatsnew/3.12.md``), or when its title says it
is about upgrading, migrating, porting, deprecations or history (and does not say it
reads the source as it is).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Collection, Sequence

_WORDS = (r"change ?logs?|historical|(?:version|release) history|release[ -]?notes?|"
          r"what'?s[ -]?new|upgrad(?:e|es|ing)|"
          r"migrat(?:e|es|ing|ion|ions)|porting|switching from|coming from|"
          r"deprecat(?:ed|ions?)|removals|backward[ -]incompatib\w*")
_TITLE_WORDS = re.compile(rf"(?i)\b(?:{_WORDS})\b|^(?:changes|news|history|proposal|rfc)\b")
_SOURCE_TITLE = re.compile(r"(?i)\b(?:source(?: code)?|internals|under the hood|deep[ -]dive"
                           r"|walk-?through|code (?:reading|tour))\b|源码|源代码|代码解读|剖析")
"""A title that says it reads the code as it is ("semver 3.0.2 源码笔记：deprecated layer",
"Inside the source: deprecated helpers"): a history word there names a part of the code."""
_FOLDER = re.compile(rf"(?i)^(?:{_WORDS}|changes|news|history|releases|announce(?:ments?)?|"
                     r"proposals?|rfcs?|peps?|drafts?)$")
_VERSIONED = re.compile(r"(?:^|[-_ v])\d+\.\d+(?:\.\d+)*(?:[-_.]?\w+)?$")
"""A file named after a version: ``release-2.4.0``, ``v1.2``, ``3.12``."""
_CODE_SPAN = re.compile(r"`+[^`]*`+")
"""A name written as code in a title (```@deprecated```) is a name, not a history word."""
_RST_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+])\1{2,}\s*$")


def is_historical(path: str, text: str, patterns: Sequence[str], *,
                  names: Collection[str] = ()) -> bool:
    """True when the document at ``path`` describes past versions. ``names``: the
    project's own names (lower case): a title word that is one names the project, not
    its history ("Inside the Deprecated library" is about the package ``deprecated``)."""
    name = path.rsplit("/", 1)[-1]
    if any(fnmatch.fnmatch(name.upper(), pattern.upper()) for pattern in patterns):
        return True
    if not patterns:
        return False  # ``historical = []``: check every document strictly
    folders = path.split("/")[:-1]
    if any(_FOLDER.match(folder) for folder in folders[-2:]):
        return True
    if _VERSIONED.search(name.rsplit(".", 1)[0]):
        return True
    title = _CODE_SPAN.sub(" ", document_title(text))
    if names:
        title = " ".join(w for w in title.split() if w.strip(".,:;!?()").lower() not in names)
    return bool(_TITLE_WORDS.search(title)) and not _SOURCE_TITLE.search(title)


def document_title(text: str) -> str:
    """The first heading of a Markdown or reStructuredText document ("" if none)."""
    lines = text.splitlines()[:40]
    for number, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("#") and not stripped.startswith("#!"):
            return stripped.lstrip("#").strip()
        if (stripped and number + 1 < len(lines) and _RST_UNDERLINE.match(lines[number + 1])
                and not _RST_UNDERLINE.match(line)):
            return stripped
    return ""
