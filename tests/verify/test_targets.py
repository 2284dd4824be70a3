"""Command targets against the project's task files, and Python version statements."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.verify.pyversion import check_python_statements, minimum, statements
from pse.verify.refs import Document
from pse.verify.targets import Targets, expand_braces, named_targets

MAKEFILE = """\
include rules.mk
-include missing.mk
.PHONY: test lint
test: build
\tpytest
build docs:
\techo $(X)
%.o: %.c
\tcc $<
VAR := 1
"""


def _write(root: Path, files: dict[str, str]) -> Targets:
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return Targets(root)


def _status(targets: Targets, command: str) -> tuple[str, str] | None:
    found = targets.check(command.split())
    return None if found is None else (found.status, found.suggestion)


@pytest.mark.parametrize("command, expected", [
    ("make test", ("verified", "")),
    ("make build docs", ("verified", "")),
    ("make lint", ("verified", "")),            # named by .PHONY only
    ("make release", ("verified", "")),         # from the included rules.mk
    ("make main.o", ("verified", "")),          # a pattern rule
    ("make tset", ("unverified", "test")),
    ("make VAR=2 test", ("verified", "")),
    ("make -C sub anything", None),             # another folder's Makefile
    ("make", None),
])
def test_make_targets(tmp_path: Path, command: str, expected: tuple[str, str] | None) -> None:
    targets = _write(tmp_path, {"Makefile": MAKEFILE, "rules.mk": "release:\n\ttrue\n"})
    assert _status(targets, command) == expected


def test_a_first_level_folders_makefile_counts(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "Makefile").write_text("%: Makefile\n\tsphinx-build -M $@\n",
                                                 encoding="utf-8")
    targets = _write(tmp_path, {"Makefile": "test:\n\tpytest\n"})
    assert _status(targets, "make html") == ("verified", "")  # docs/ catches every target


def test_a_computed_target_name_never_flags(tmp_path: Path) -> None:
    targets = _write(tmp_path, {"Makefile": "$(NAME)-bin:\n\ttrue\n"})
    assert _status(targets, "make whatever") == ("verified", "")


def test_an_absent_task_file_is_not_our_business(tmp_path: Path) -> None:
    targets = Targets(tmp_path)
    for command in ("make test", "just x", "tox -e py", "nox -s t", "poe t", "npm run t"):
        assert targets.check(command.split()) is None


def test_just_recipes_and_aliases(tmp_path: Path) -> None:
    targets = _write(tmp_path, {"justfile": "set shell := ['bash']\nalias t := test\n"
                                            "test *ARGS:\n  pytest\n@lint:\n  ruff .\n"})
    assert _status(targets, "just test -x") == ("verified", "")
    assert _status(targets, "just t") == ("verified", "")
    assert _status(targets, "just lint") == ("verified", "")
    assert _status(targets, "just tests") == ("unverified", "test")


def test_tox_envs_with_generative_names(tmp_path: Path) -> None:
    targets = _write(tmp_path, {"tox.ini": "[tox]\nenv_list = py3{11,12}-django{4,5}, lint\n"
                                           "[testenv:docs]\ncommands = sphinx-build\n"})
    assert expand_braces("py3{11,12}") == ["py311", "py312"]
    assert _status(targets, "tox -e py311-django4,lint") == ("verified", "")
    assert _status(targets, "tox -e docs") == ("verified", "")
    assert _status(targets, "tox -e py313") == ("verified", "")   # a default Python env
    assert _status(targets, "tox -e django5-py312") == ("verified", "")  # known factors
    assert _status(targets, "tox -e doc") == ("unverified", "docs")


def test_tox_in_pyproject(tmp_path: Path) -> None:
    targets = _write(tmp_path, {"pyproject.toml": '[tool.tox]\nenv_list = ["lint", "type"]\n'
                                                  '[tool.tox.env.pkg]\ndescription = "x"\n'})
    assert _status(targets, "tox -e pkg") == ("verified", "")
    assert _status(targets, "tox run -e typ") == ("unverified", "type")


def test_nox_sessions_by_ast(tmp_path: Path) -> None:
    targets = _write(tmp_path, {"noxfile.py": (
        "import nox\n\n@nox.session(python=['3.11', '3.12'])\ndef tests(session):\n    pass\n\n"
        "@nox.session(name='type-check')\ndef mypy(session):\n    pass\n")})
    assert _status(targets, "nox -s tests") == ("verified", "")
    assert _status(targets, "nox -s tests-3.12") == ("verified", "")
    assert _status(targets, "nox --session type-check") == ("verified", "")
    assert _status(targets, "nox -s mypy") == ("unverified", "")


def test_poe_and_package_scripts(tmp_path: Path) -> None:
    targets = _write(tmp_path, {
        "pyproject.toml": '[tool.poe.tasks]\ntest = "pytest"\nlint = "ruff check"\n',
        "package.json": '{"scripts": {"build": "tsc", "test": "jest"}}'})
    assert _status(targets, "poe lint") == ("verified", "")
    assert _status(targets, "poe lnt") == ("unverified", "lint")
    assert _status(targets, "npm run build") == ("verified", "")
    assert _status(targets, "pnpm run buidl") == ("unverified", "build")
    assert _status(targets, "yarn build") == ("verified", "")
    assert _status(targets, "yarn install") is None          # yarn's own command
    assert named_targets("npm install".split()) == []


def test_python_statements_against_requires_python(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n'
                                             'requires-python = ">=3.10"\n', encoding="utf-8")
    text = ("# X\n\n- Requires Python 3.9 or later\n- Python 3.10+\n\n"
            "The `tomllib` module needs Python 3.11 or later.\n"
            "It runs on Python 3.8 or newer.\n\n```\npython 3.7 or later\n```\n")
    checked = check_python_statements([Document(path="a.md", text=text)], tmp_path)
    verdicts = [(c.ref.line, c.result.status, c.result.suggestion) for c in checked]
    assert verdicts == [(3, "unverified", "Python 3.10"), (4, "verified", ""),
                        (6, "verified", ""), (7, "unverified", "Python 3.10")]
    assert [s[3] for s in statements(text)] == [True, True, False, False]


def test_no_requires_python_checks_nothing(tmp_path: Path) -> None:
    from packaging.specifiers import SpecifierSet

    assert check_python_statements([Document("a.md", "Requires Python 3.9.\n")], tmp_path) == []
    assert str(minimum(SpecifierSet(">=3.8,!=3.9.*"))) == "3.8"


@pytest.mark.parametrize("sentence", [
    "Type information can be set using annotations when using Python 3.6+, or by hand.",
    "A py.test plugin for testing Python 3.5+ Tornado code.",
    "It formats Python 3.6+ code.",
])
def test_python_statements_about_python_itself_or_other_code_are_not_claims(
        sentence: str) -> None:
    assert statements(f"# X\n\n{sentence}\n") == []
    assert statements("# X\n\nIt runs on Python 3.6+ only.\n") != []


def test_python_statements_skip_the_document_models_code_blocks() -> None:
    # an rst code block and a Markdown fence inside a list item hold code, not statements;
    # a "~~~" section underline in rst opens no block (the prose after it is read)
    rst = ("Guide\n=====\n\nSub\n~~~\n\nRequires Python 3.9 or later.\n\n"
           ".. code-block:: text\n\n   python 3.7 or later\n")
    assert [s[0] for s in statements(rst, rst=True)] == [7]
    md = "- Setup:\n\n  ```\n  python 3.7 or later\n  ```\n\nRequires Python 3.9 or later.\n"
    assert [s[0] for s in statements(md)] == [7]
