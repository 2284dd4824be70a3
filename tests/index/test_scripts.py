"""The commands a project installs, from each kind of packaging file."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.index.scripts import installed_commands


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(("files", "commands", "complete"), [
    ({"pyproject.toml": '[project]\nname="a"\n[project.scripts]\na = "a.cli:main"\n'},
     {"a": "a.cli:main"}, True),
    ({"pyproject.toml": '[project]\nname="a"\ndynamic=["scripts"]\n'}, {}, False),
    ({"pyproject.toml": '[tool.poetry]\nname="a"\n[tool.poetry.scripts]\nb = "a:run"\n'},
     {"b": "a:run"}, True),
    # a pyproject.toml of tool settings only declares nothing: setup.py decides
    ({"pyproject.toml": "[tool.ruff]\nline-length = 99\n",
      "setup.py": "from setuptools import setup\nsetup(name='a', entry_points="
                  "dict(console_scripts=['a = a.cli:main']), scripts=['bin/a-tool'])\n"},
     {"a": "a.cli:main", "a-tool": "bin/a-tool"}, True),
    ({"setup.py": "from setuptools import setup\nsetup(name='a', **options)\n"}, {}, False),
    ({"setup.py": "import os\nsetup(name='a', entry_points=points())\n"}, {}, False),
    ({"setup.cfg": "[metadata]\nname = a\n[options.entry_points]\nconsole_scripts =\n"
                   "    a = a.cli:main\n"}, {"a": "a.cli:main"}, True),
    ({"setup.cfg": "[flake8]\nmax-line-length = 99\n"}, {}, False),  # no packaging at all
    # an sdist's egg-info settles what a setup.py computes
    ({"setup.py": "setup(name='a', entry_points=points())\n",
      "a.egg-info/entry_points.txt": "[console_scripts]\na = a.cli:main\n"},
     {"a": "a.cli:main"}, True),
    ({"setup.py": "setup(name='a', entry_points=points())\n", "a.egg-info/PKG-INFO": ""},
     {}, True),
    ({"package.json": '{"name": "@s/tool", "bin": "cli.js"}'}, {"tool": "cli.js"}, True),
    ({}, {}, False),
])
def test_installed_commands(tmp_path: Path, files: dict[str, str], commands: dict[str, str],
                            complete: bool) -> None:
    found = installed_commands(_write(tmp_path, files))
    assert found.commands == commands
    assert found.complete is complete
