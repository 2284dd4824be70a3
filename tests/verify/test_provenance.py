"""Reading git's output into provenance: renames, removals, needles."""

from __future__ import annotations

from pse.verify.provenance import (
    Commit,
    Provenance,
    log_records,
    needle,
    removes,
    renamed_name,
    renamed_path,
    suggested_name,
)
from pse.verify.refs import Reference

SHA = "a" * 40


def _ref(name: str, kind: str = "symbol") -> Reference:
    return Reference(file="a.md", line=1, text=name, name=name, kind=kind)  # type: ignore[arg-type]


def test_needle_is_a_path_or_a_long_enough_leaf() -> None:
    assert needle(_ref("pkg.Client.fetch_all")) == "fetch_all"
    assert needle(_ref("src/a.py:12", "path_line")) == "src/a.py"
    assert needle(_ref("pkg.io")) == ""  # too short: a pickaxe would match everything
    assert needle(_ref("python -m pkg.server", "command")) == "server"


def test_renamed_path_for_files_and_folders() -> None:
    status = "R100\0old/a.py\0new/a.py\0R090\0old/b/c.py\0new/b/c.py\0D\0gone.py\0"
    assert renamed_path(status, "old/a.py") == "new/a.py"
    assert renamed_path(status, "old") == "new"
    assert renamed_path(status, "gone.py") == ""


def test_removals_count_words_not_substrings() -> None:
    patch = "@@ -1 +1 @@\n-    def fetch(self):\n+    def fetch_many(self):\n"
    assert removes("fetch", patch)
    assert not removes("fetch_many", patch)
    assert renamed_name("fetch", patch) == "fetch_many"
    two = patch + "+def other():\n"
    assert renamed_name("fetch", two) == ""  # two candidates: no guess


def test_log_records_and_suggestions() -> None:
    output = f"\x1e{SHA}\x1f2026-01-02\x1fRename it\x1f{'b' * 40}\n\ndiff\n"
    [(commit, parents, body)] = log_records(output + "\x1enot a record\n")
    assert commit == Commit(SHA, "2026-01-02", "Rename it") and parents == ["b" * 40]
    assert "diff" in body
    found = Provenance(needle="fetch", removed=commit, renamed_to="fetch_many")
    assert suggested_name(_ref("Client.fetch()"), found) == "Client.fetch_many"
    assert found.describe().startswith("'fetch' was renamed to 'fetch_many' in aaaaaaaaaa")
