"""Links to the truth: verified references in a published text point at file#Lline.

With a repository URL and the commit the run indexed, every verified inline reference
of a Markdown text becomes a link to its evidence (``[`JobQueue.submit()`](…/blob/<sha>/
src/q.py#L12)``), and an optional "source navigation" table lists the files the text
discusses, built from the evidence (so it names only what exists). Pure text in, text out:
line numbers never change, code blocks and existing links are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from urllib.parse import quote

from pse.report.marks import Mark
from pse.text import parse_markdown

UrlOf = Callable[[str, int | None], str]
"""(source path, line) -> the URL of that line in the repository ('' for a file the
repository does not track: no link)."""

_SCP_LIKE = re.compile(r"^[\w.-]+@([\w.-]+):(.+?)(?:\.git)?/?$")


def normalize_repo_url(raw: str) -> str:
    """An https URL of the repository from what metadata says ('' when it is no URL).

    Accepts ``https://host/o/r(.git)``, ``git+https://…``, ``git@host:o/r.git`` and
    ``ssh://git@host/o/r``; drops credentials, a trailing ``.git`` and slashes.
    """
    url = raw.strip().removeprefix("git+")
    scp = _SCP_LIKE.match(url)
    if scp and "://" not in url:
        url = f"https://{scp.group(1)}/{scp.group(2)}"
    url = re.sub(r"^(ssh|git|http)://", "https://", url)
    if not url.startswith("https://"):
        return ""
    host_and_path = url[len("https://"):]
    host_and_path = host_and_path.split("@", 1)[-1] if "@" in host_and_path.split("/")[0] \
        else host_and_path
    url = "https://" + host_and_path.split("#")[0].split("?")[0]
    url = url.rstrip("/").removesuffix(".git")
    return url if url.count("/") >= 4 else ""


def blob_url(repo_url: str, commit: str, path: str, line: int | None) -> str:
    """The URL of ``path`` (at ``line``) at ``commit``, in the host's own URL scheme."""
    quoted = quote(path, safe="/")
    host = repo_url.split("/")[2].lower()
    if "gitlab" in host:
        url, anchor = f"{repo_url}/-/blob/{commit}/{quoted}", "#L{}"
    elif host == "bitbucket.org":
        url, anchor = f"{repo_url}/src/{commit}/{quoted}", "#lines-{}"
    elif host in {"codeberg.org", "gitea.com"}:
        url, anchor = f"{repo_url}/src/commit/{commit}/{quoted}", "#L{}"
    else:
        url, anchor = f"{repo_url}/blob/{commit}/{quoted}", "#L{}"
    return url + (anchor.format(line) if line else "")


def _code_lines(lines: Sequence[str]) -> frozenset[int]:
    """1-based lines of every code block (the document model's: fences at any nesting and
    indented blocks): no link goes inside code."""
    return parse_markdown("\n".join(lines)).code_lines()


def _target(mark: Mark) -> tuple[str, int | None] | None:
    with_line = next(((p, n) for p, n in mark.evidence if n), None)
    return with_line or (mark.evidence[0] if mark.evidence else None)


def link_references(text: str, marks: Sequence[Mark], *, url_of: UrlOf) -> tuple[str, int]:
    """``text`` with each verified inline reference linked to its evidence; and how many."""
    lines = text.split("\n")
    code = _code_lines(lines)
    linked = 0
    for mark in marks:
        target = _target(mark)
        if mark.status != "verified" or mark.origin != "inline" or target is None:
            continue
        if mark.line in code or not 0 < mark.line <= len(lines) or "`" in mark.text:
            continue
        line = lines[mark.line - 1]
        span = f"`{mark.text}`"
        # a span already inside link text (``[`x`](…)``) or a double-backtick span is kept
        pattern = re.compile(r"(?<![`\[])" + re.escape(span) + r"(?![`\]])")
        match = pattern.search(line)
        if match is None:
            continue
        url = url_of(*target)
        if not url:  # a file the repository does not track: no link to a missing page
            continue
        link = f"[{span}]({url})"
        lines[mark.line - 1] = line[:match.start()] + link + line[match.end():]
        linked += 1
    return "\n".join(lines), linked


_NAV_LABELS = {"en": ("Source navigation", "file", "what the text refers to"),
               "zh": ("源码导航", "文件", "文中提到")}


def source_navigation(marks: Sequence[Mark], *, url_of: UrlOf | None = None,
                      lang: str = "en") -> str:
    """A Markdown table of the files behind the verified references ('' when none)."""
    files: dict[str, list[str]] = {}
    for mark in sorted(marks, key=lambda m: (m.line, m.text)):
        target = _target(mark)
        if mark.status != "verified" or target is None or "`" in mark.text:
            continue
        path, line = target
        names = files.setdefault(path, [])
        entry = f"`{mark.text}`" + (f" (L{line})" if line else "")
        if entry not in names:
            names.append(entry)
    if not files:
        return ""
    title, file_label, what_label = _NAV_LABELS.get(lang, _NAV_LABELS["en"])
    rows = [f"## {title}", "", f"| {file_label} | {what_label} |", "|---|---|"]
    for path in sorted(files):
        url = url_of(path, None) if url_of else ""
        cell = f"[`{path}`]({url})" if url else f"`{path}`"
        cell_names = ", ".join(files[path][:8]).replace("|", "\\|")
        rows.append(f"| {cell} | {cell_names} |")
    return "\n".join(rows) + "\n"
