"""``pse.tools`` imports no LLM, agent framework or CLI library, only its own leaves."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pse.tools

ALLOWED_THIRD_PARTY = {"pathspec", "regex"}
ALLOWED_OURS = {"pse.errors", "pse.planted", "pse.tools"}


def test_tools_package_imports_only_stdlib_errors_and_its_leaves() -> None:
    folder = Path(pse.tools.__file__).parent
    for module in sorted(folder.glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                top = name.split(".")[0]
                if top == "pse":
                    assert any(name == ok or name.startswith(ok + ".")
                               for ok in ALLOWED_OURS), (module.name, name)
                else:
                    assert top in sys.stdlib_module_names | ALLOWED_THIRD_PARTY | {
                        "__future__"}, (module.name, name)
