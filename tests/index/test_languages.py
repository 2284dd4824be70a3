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


@pytest.mark.parametrize("path, head, language", [
    ("bin/tool", b"#!/usr/bin/env python3\nimport sys\n", "python"),
    ("bin/tool", b"#!/usr/bin/python3.12 -u\n", "python"),
    ("bin/tool", b"#!/usr/bin/env -S python3 -u\n", "python"),
    ("scripts/deploy", b"#!/bin/bash\nset -e\n", "shell"),
    ("bin/tool", b"print('no #! line')\n", ""),
    ("bin/tool.txt", b"#!/usr/bin/env python3\n", "text"),  # an extension decides
    ("Makefile", b"all:\n", ""),
])
def test_detect_language_of_a_script_by_its_shebang(path: str, head: bytes,
                                                    language: str) -> None:
    assert detect_language(path, head) == language
