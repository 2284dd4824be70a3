"""Project identity: name, description and version from the project's own metadata."""

from __future__ import annotations

from pathlib import Path

from pse.index.facts import project_identity


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_identity_from_the_pyproject_above_a_src_folder(tmp_path: Path) -> None:
    _write(tmp_path / "pluggy" / "pyproject.toml",
           '[project]\nname = "pluggy"\ndescription = "plugin management"\nversion = "1.5"\n')
    _write(tmp_path / "pluggy" / "src" / "pluggy" / "__init__.py", "")
    found = project_identity(tmp_path / "pluggy" / "src")
    assert (found.name, found.description, found.version) == ("pluggy", "plugin management",
                                                              "1.5")
    assert found.source.endswith("pluggy/pyproject.toml")


def test_identity_from_setup_cfg_and_package_json(tmp_path: Path) -> None:
    _write(tmp_path / "a" / "setup.cfg", "[metadata]\nname = alpha\ndescription = first\n"
           "version = attr: alpha.__version__\n")
    assert (project_identity(tmp_path / "a").name, project_identity(tmp_path / "a").version) \
        == ("alpha", "")
    _write(tmp_path / "b" / "package.json", '{"name": "beta", "version": "2.0.0"}')
    assert project_identity(tmp_path / "b").version == "2.0.0"


def test_identity_of_a_package_folder_from_its_init(tmp_path: Path) -> None:
    _write(tmp_path / ".git" / "HEAD", "")  # the walk stops at the repository root
    _write(tmp_path / "json" / "__init__.py",
           '"""JSON (JavaScript Object Notation) is a data format.\n\nMore."""\n'
           "__version__ = '2.0.9'\n")
    found = project_identity(tmp_path / "json")
    assert (found.name, found.description, found.version) == (
        "json", "JSON (JavaScript Object Notation) is a data format.", "2.0.9")


def test_identity_never_names_a_project_after_a_folder_without_metadata(tmp_path: Path) -> None:
    _write(tmp_path / ".git" / "HEAD", "")
    _write(tmp_path / "src" / "notes.txt", "x")
    assert project_identity(tmp_path / "src").name == ""


def test_identity_of_an_unpacked_sdist_from_its_pkg_info(tmp_path: Path) -> None:
    # python-dotenv 1.0.1: setup.py only, a tests/ package first in name order; the
    # article was titled "What tests is for"
    _write(tmp_path / ".git" / "HEAD", "")
    root = tmp_path / "python-dotenv-1.0.1"
    _write(root / "tests" / "__init__.py", "")
    _write(root / "src" / "dotenv" / "__init__.py", "")
    _write(root / "setup.py", 'from setuptools import setup\nsetup(name="python-dotenv")\n')
    _write(root / "PKG-INFO", "Metadata-Version: 2.1\nName: python-dotenv\nVersion: 1.0.1\n"
           "Summary: Read key-value pairs from a .env file\nLicense: BSD\n\n"
           "Name: not-a-header in the long description\n")
    found = project_identity(root)
    assert (found.name, found.version, found.description) == (
        "python-dotenv", "1.0.1", "Read key-value pairs from a .env file")
    (root / "PKG-INFO").unlink()  # a checkout: setup.py's literals, read, never run
    found = project_identity(root)
    assert (found.name, found.source) == ("python-dotenv", str(root / "setup.py"))


def test_identity_from_a_package_skips_tests_and_looks_in_src(tmp_path: Path) -> None:
    _write(tmp_path / ".git" / "HEAD", "")
    _write(tmp_path / "proj" / "tests" / "__init__.py", '"""Tests."""\n')
    _write(tmp_path / "proj" / "src" / "dotenv" / "__init__.py", '"""Dot env files."""\n')
    found = project_identity(tmp_path / "proj")
    assert (found.name, found.description) == ("dotenv", "Dot env files.")
