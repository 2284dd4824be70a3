"""ProjectFacts: what a repository says about itself."""

from __future__ import annotations

import json
from pathlib import Path

from pse.index.builder import build_index
from pse.index.facts import ProjectFacts, collect_facts, declared_dependencies
from repo_fixtures import PY_SMALL, copy_repo


def _facts(root: Path, cache: Path) -> ProjectFacts:
    index, _ = build_index(root, cache_dir=cache, workers=1)
    try:
        return collect_facts(index)
    finally:
        index.close()


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_facts_of_the_fixture_repo(tmp_path: Path) -> None:
    facts = _facts(copy_repo(PY_SMALL, tmp_path / "repo"), tmp_path / "cache")
    assert (facts.name, facts.version) == ("tinyhttp", "0.3.1")
    assert facts.console_scripts == {"tinyhttp": "tinyhttp.cli:main"}
    assert facts.main_modules == ["tinyhttp.__main__"]
    assert facts.dependencies == ["backoff", "certifi"]
    assert facts.env_vars == {"TINY_DEBUG": [".env.example:2", "src/tinyhttp/client.py:9"],
                              "TINY_PROXY": [".env.example:3", "src/tinyhttp/client.py:48"]}
    assert facts.files_per_language == {"markdown": 2, "python": 6, "toml": 1}
    assert facts.lines_per_language["toml"] == 13


def test_facts_to_dict_is_json_with_sorted_keys(tmp_path: Path) -> None:
    facts = _facts(copy_repo(PY_SMALL, tmp_path / "repo"), tmp_path / "cache")
    data = facts.to_dict()
    assert list(data) == sorted(data)
    assert json.loads(json.dumps(data)) == data


def test_facts_version_from_dunder_version_and_requirements(tmp_path: Path) -> None:
    root = _write(tmp_path / "repo", {
        "pyproject.toml": '[project]\nname = "lib"\ndynamic = ["version"]\n'
                          'dependencies = ["Requests[socks]>=2 ; python_version>\'3\'"]\n'
                          '[project.optional-dependencies]\nfast = ["orjson"]\n',
        "requirements.txt": "# pinned\nrich==13.0  # comment\n-r other.txt\n\nclick\n",
        "requirements-dev.txt": "pytest\n",
        "src/lib/__init__.py": '__version__ = "2.4.0"\n',
        "src/lib/__main__.py": "",
    })
    facts = _facts(root, tmp_path / "cache")
    assert facts.version == "2.4.0"
    assert facts.dependencies == ["Requests", "click", "orjson", "pytest", "rich"]
    assert facts.main_modules == ["lib.__main__"]
    assert declared_dependencies(root) == facts.dependencies


def test_facts_package_json(tmp_path: Path) -> None:
    root = _write(tmp_path / "repo", {
        "package.json": json.dumps({"name": "webapp", "version": "1.2.3",
                                    "bin": {"webapp": "bin/cli.js"},
                                    "dependencies": {"react": "^18"},
                                    "devDependencies": {"vite": "^5"}}),
        "index.js": "console.log(process.env.X)\n",
    })
    facts = _facts(root, tmp_path / "cache")
    assert (facts.name, facts.version) == ("webapp", "1.2.3")
    assert facts.console_scripts == {"webapp": "bin/cli.js"}
    assert facts.dependencies == ["react", "vite"]
    assert facts.files_per_language == {"javascript": 1, "json": 1}


def test_facts_env_vars_from_env_example_and_environ_uses(tmp_path: Path) -> None:
    root = _write(tmp_path / "repo", {
        ".env.example": "# comment\nexport API_URL=http://x\nAPI_KEY=\n",
        "app.py": 'import os\nKEY = os.environ.get("API_KEY")\nos.environ["MODE"]\n'
                  'os.environ.setdefault("LEVEL", "1")\n',
    })
    facts = _facts(root, tmp_path / "cache")
    assert facts.env_vars == {"API_KEY": [".env.example:3", "app.py:2"],
                              "API_URL": [".env.example:2"], "LEVEL": ["app.py:4"],
                              "MODE": ["app.py:3"]}


def test_facts_of_an_empty_tree(tmp_path: Path) -> None:
    root = tmp_path / "empty"
    root.mkdir()
    assert _facts(root, tmp_path / "cache") == ProjectFacts()


def test_facts_broken_pyproject_is_ignored(tmp_path: Path) -> None:
    root = _write(tmp_path / "repo", {"pyproject.toml": "[project\nname=", "a.py": ""})
    facts = _facts(root, tmp_path / "cache")
    assert (facts.name, facts.dependencies) == ("", [])
