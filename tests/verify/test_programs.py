"""The project's own programs: commands it does not install, subcommands and positional
arguments its parser does not declare."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pse.index.builder import build_index
from pse.verify.externals import external_names
from pse.verify.markdown import extract_references
from pse.verify.refs import Resolution
from pse.verify.resolve import Resolver
from pse.verify.spans import classify_span

ARGPARSE_OPTIONS_ONLY = '''
import argparse

def main():
    parser = argparse.ArgumentParser(prog="tq")
    parser.add_argument("--demo", action="store_true")
    parser.add_argument("--max-attempts", type=int, default=3)
    parser.parse_args()
'''

ARGPARSE_SUBCOMMANDS = '''
import argparse

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config")
    parser.add_argument("-v", "--verbose", action="count")
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", aliases=["r"])
    run.add_argument("target")
    sub.add_parser("status")
    parser.parse_args()
'''

CLICK_GROUP = '''
import click

@click.group()
@click.option("--debug/--no-debug")
def cli(debug):
    pass

@cli.command()
def sync_all():
    pass

@cli.command("show")
@click.argument("name")
def show_it(name):
    pass
'''


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return root


def _resolver(tmp_path: Path, files: dict[str, str]) -> Resolver:
    root = _tree(tmp_path / "proj", files)
    index, _ = build_index(root, cache_dir=tmp_path / "cache", workers=1)
    return Resolver(index, externals=external_names(dependencies=set(), configured=()))


def _shell(resolver: Resolver, line: str) -> Resolution:
    refs = extract_references(f"```bash\n{line}\n```\n", file="doc.md")
    assert len(refs) == 1, refs
    return resolver.resolve(refs[0])


PYPROJECT = '''
[project]
name = "tq"
version = "1.0"

[project.scripts]
tq = "tq.cli:main"
'''


@pytest.fixture
def options_only(tmp_path: Path) -> Resolver:
    return _resolver(tmp_path, {"pyproject.toml": PYPROJECT, "tq/__init__.py": "",
                                "tq/cli.py": ARGPARSE_OPTIONS_ONLY,
                                "tq/__main__.py": "from .cli import main\nmain()\n"})


def test_an_argument_to_a_parser_that_declares_options_only_is_flagged(
        options_only: Resolver) -> None:
    found = _shell(options_only, "tq submit job.py")
    assert found.status == "unverified"
    assert "`tq` takes no argument `submit`" in found.message
    assert found.evidence == (("tq/cli.py", None),)
    # the value of an option that takes one is not an argument
    assert _shell(options_only, "tq --max-attempts 5 --demo").status == "verified"
    assert _shell(options_only, "tq --demo").status == "verified"
    # python -m follows the __main__ module's import to the same parser
    assert _shell(options_only, "python -m tq run").status == "unverified"
    assert _shell(options_only, "python -m tq --demo").status == "verified"
    # an inline span is a command line too
    inline = options_only.resolve(classify_span("tq submit", file="d.md", line=1))
    assert inline.status == "unverified"


def test_placeholders_and_unknown_option_arity_are_not_judged(options_only: Resolver) -> None:
    for line in ("tq <command>", "tq [OPTIONS]", "tq COMMAND", "tq $ARGS", "tq ..."):
        assert _shell(options_only, line).status == "verified", line
    # an option the parser does not declare may take a value: the next word is not judged
    # as an argument (the option itself is the flag check's business)
    assert "argument" not in _shell(options_only, "tq --other x").message


def test_subcommands_come_from_add_parser_with_aliases(tmp_path: Path) -> None:
    resolver = _resolver(tmp_path, {"pyproject.toml": PYPROJECT, "tq/__init__.py": "",
                                    "tq/cli.py": ARGPARSE_SUBCOMMANDS})
    for line in ("tq run x", "tq r x", "tq --config a.toml status", "tq -v status"):
        assert _shell(resolver, line).status == "verified", line
    found = _shell(resolver, "tq statsu")
    assert found.status == "unverified"
    assert found.suggestion == "status"
    assert "its subcommands: `r`, `run`, `status`" in found.message


def test_click_group_commands_are_named_after_their_functions(tmp_path: Path) -> None:
    pyproject = PYPROJECT.replace("tq.cli:main", "tq.cli:cli")
    resolver = _resolver(tmp_path, {"pyproject.toml": pyproject, "tq/__init__.py": "",
                                    "tq/cli.py": CLICK_GROUP})
    for line in ("tq sync-all", "tq sync_all", "tq show alice", "tq --debug show x"):
        assert _shell(resolver, line).status == "verified", line
    assert _shell(resolver, "tq deploy").status == "unverified"


@pytest.mark.parametrize("cli", [
    # the parser reads words it does not declare, or is built where we cannot follow
    ARGPARSE_OPTIONS_ONLY.replace("parser.parse_args()", "parser.parse_known_args()"),
    ARGPARSE_OPTIONS_ONLY + "\nimport sys\nprint(sys.argv)\n",
    "import typer\napp = typer.Typer()\ndef main():\n    app()\n",
    "from somewhere import build\ndef main():\n    build().parse_args()\n",
    CLICK_GROUP.replace("def cli", "def main").replace("@cli.", "@main.")
    + "\nmain.add_command(other)\n",
])
def test_programs_we_cannot_read_are_not_judged(tmp_path: Path, cli: str) -> None:
    resolver = _resolver(tmp_path, {"pyproject.toml": PYPROJECT, "tq/__init__.py": "",
                                    "tq/cli.py": cli})
    assert _shell(resolver, "tq submit job.py").status == "verified"


def test_a_command_named_after_a_project_that_installs_none_is_invented(
        tmp_path: Path) -> None:
    resolver = _resolver(tmp_path, {
        "setup.py": "from setuptools import setup\nsetup(name='timeparse', version='1')\n",
        "timeparse/__init__.py": "def parse(s):\n    return 1\n"})
    found = _shell(resolver, 'timeparse "1h 30m"')
    assert found.status == "unverified"
    assert found.message == ("the project installs no `timeparse` command: it declares no "
                             "console scripts")
    # another program's command line is not ours to judge
    assert _shell(resolver, "ffmpeg -i a.mp4").status == "ignored"


def test_a_setup_py_that_computes_its_entry_points_leaves_the_command_open(
        tmp_path: Path) -> None:
    resolver = _resolver(tmp_path, {
        "setup.py": "from setuptools import setup\nEP = {}\nsetup(name='timeparse', "
                    "entry_points=EP)\n",
        "timeparse/__init__.py": ""})
    assert _shell(resolver, "timeparse 1h").status == "ignored"


def test_the_installed_command_is_suggested(tmp_path: Path) -> None:
    resolver = _resolver(tmp_path, {
        "setup.cfg": "[metadata]\nname = chardet\n\n[options.entry_points]\n"
                     "console_scripts =\n    chardetect = chardet.cli:main\n",
        "chardet/__init__.py": "", "chardet/cli.py": "def main():\n    pass\n"})
    found = _shell(resolver, "chardet file.txt")
    assert found.status == "unverified"
    assert found.suggestion == "chardetect"


def test_output_lines_of_a_prompted_session_are_not_commands() -> None:
    refs = extract_references("```console\n$ tq --demo\ntq 1.0 done\n```\n", file="d.md")
    assert [r.name for r in refs] == ["tq --demo"]
    # comments are not commands, and an unprompted block is all commands
    refs = extract_references("```bash\n# run tq\ntq --demo\n```\n", file="d.md")
    assert [r.name for r in refs] == ["tq --demo"]


def test_an_unlabelled_block_is_read_for_known_programs_only() -> None:
    # a block with no info string is as often a diagram as a session
    refs = extract_references("```\ntq ──► queue ──► worker\npip install tq\n```\n",
                              file="d.md")
    assert [r.name for r in refs] == ["pip install tq"]


def test_click_commands_another_module_adds_to_the_group_are_counted(tmp_path: Path) -> None:
    pyproject = PYPROJECT.replace("tq.cli:main", "tq.cli:cli")
    resolver = _resolver(tmp_path, {
        "pyproject.toml": pyproject, "tq/__init__.py": "", "tq/cli.py": CLICK_GROUP,
        "tq/extra.py": "from tq.cli import cli as group\n\n@group.command()\n"
                       "def deploy():\n    pass\n",
        "tq/lazy.py": "from tq.cli import cli\n"})
    assert _shell(resolver, "tq deploy").status == "verified"
    assert _shell(resolver, "tq sync-all").status == "verified"
    assert _shell(resolver, "tq nope").status == "unverified"


def test_click_group_that_another_module_adds_to_by_add_command_is_not_judged(
        tmp_path: Path) -> None:
    pyproject = PYPROJECT.replace("tq.cli:main", "tq.cli:cli")
    resolver = _resolver(tmp_path, {
        "pyproject.toml": pyproject, "tq/__init__.py": "", "tq/cli.py": CLICK_GROUP,
        "tq/extra.py": "from tq.cli import cli\nfrom tq.more import run\n"
                       "cli.add_command(run)\n"})
    assert _shell(resolver, "tq nope").status == "verified"
