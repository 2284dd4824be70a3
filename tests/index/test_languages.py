"""Language detection by extension: the fast suffix rule is pathlib's."""

from __future__ import annotations

from pathlib import PurePosixPath

import pytest

from pse.index.languages import _suffix, detect_language


@pytest.mark.parametrize("path", ["a.py", "x/.bashrc", "a/b.tar.gz", "name.", "x/y/z", "a/.py",
                                  ".", "..", "a/..b", "a.b/c", "x/Y.PY", "a.py/", "a//b.c",
                                  "src/pkg/__init__.pyi", "README.md", "Makefile"])
def test_suffix_is_pathlibs(path: str) -> None:
    assert _suffix(path) == PurePosixPath(path).suffix


def test_detect_language_ignores_case_and_folders() -> None:
    assert detect_language("src/A.PY") == "python"
    assert detect_language("docs.md/notes") == ""
    assert detect_language("web/app.tsx") == "tsx"
