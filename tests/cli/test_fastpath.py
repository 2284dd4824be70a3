"""Recorded answers of ``pse verify`` (:mod:`pse.cli.fastpath`): replayed byte for byte,
never when anything the answer depends on changed."""

from __future__ import annotations

import io
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from pse.cli import entry, fastpath
from repo_fixtures import CliResult

ARGS = ("verify", "articles", "--source", ".", "--format", "json", "--no-history")


def _same_phase() -> None:
    """pytest names the test's phase in the environment, which is part of an invocation:
    one name for all (pytest sets its own again after the phase)."""
    os.environ["PYTEST_CURRENT_TEST"] = "test_fastpath"


def _run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         *args: str) -> CliResult:
    """``pse ARGS`` as the console script runs it (replay first, else the CLI)."""
    monkeypatch.setattr(sys, "argv", ["pse", *args])
    _same_phase()
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        entry.main()
    out, err = capsys.readouterr()
    code = exit_info.value.code
    return CliResult(code=code if isinstance(code, int) else 0, out=out, err=err)


def _replayed(capsys: pytest.CaptureFixture[str], *args: str) -> CliResult | None:
    """What the recording of ``pse ARGS`` writes, or None when it is not served."""
    _same_phase()
    capsys.readouterr()
    code = fastpath.replay(list(args), os.environ)
    out, err = capsys.readouterr()
    return None if code is None else CliResult(code=code, out=out, err=err)


@pytest.fixture
def recorded(repo: Path, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> CliResult:
    """A first run over py_small that left a recording (and its output)."""
    first = _run(capsys, monkeypatch, *ARGS)
    assert first.code == 1 and json.loads(first.out)["references"]
    assert _replayed(capsys, *ARGS) is not None
    return first


def test_a_repeated_run_is_replayed_byte_for_byte(
        recorded: CliResult, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    replayed = _replayed(capsys, *ARGS)
    assert replayed == recorded
    assert "pse: coverage:" in replayed.err  # stderr's notes are part of the answer
    assert _run(capsys, monkeypatch, *ARGS) == recorded


def test_other_arguments_are_another_recording(
        recorded: CliResult, capsys: pytest.CaptureFixture[str]) -> None:
    assert _replayed(capsys, *ARGS[:-1], "--strict", "--no-history") is None


def test_an_edited_source_file_is_never_replayed(
        repo: Path, recorded: CliResult, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    client = repo / "src" / "tinyhttp" / "client.py"
    client.write_text(client.read_text(encoding="utf-8") +
                      "\n\ndef sendall_now():\n    return None\n", encoding="utf-8")
    assert _replayed(capsys, *ARGS) is None
    again = _run(capsys, monkeypatch, *ARGS)
    assert again.code in (0, 1)
    assert _replayed(capsys, *ARGS) == again  # the new answer is recorded in its place


def test_an_edited_document_is_never_replayed(
        repo: Path, recorded: CliResult, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    article = repo / "articles" / "good.md"
    article.write_text(article.read_text(encoding="utf-8") + "\nSee `Nowhere.at_all()`.\n",
                       encoding="utf-8")
    assert _replayed(capsys, *ARGS) is None
    assert "Nowhere.at_all" in _run(capsys, monkeypatch, *ARGS).out


def test_a_new_document_in_the_folder_is_never_replayed(
        repo: Path, recorded: CliResult, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "articles" / "more").mkdir()
    assert _replayed(capsys, *ARGS) is None  # the folder listing changed


def test_a_new_source_file_in_a_subfolder_is_never_replayed(
        repo: Path, recorded: CliResult, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "src" / "tinyhttp" / "extra.py").write_text("def extra():\n    pass\n",
                                                         encoding="utf-8")
    assert _replayed(capsys, *ARGS) is None


def test_changed_settings_are_never_replayed(
        repo: Path, recorded: CliResult, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PSE_VERIFY_STRICT", "1")
    assert _replayed(capsys, *ARGS) is None  # the environment is part of the key
    monkeypatch.delenv("PSE_VERIFY_STRICT")
    assert _replayed(capsys, *ARGS) is not None
    pyproject = repo / "pyproject.toml"
    before = pyproject.read_text(encoding="utf-8") if pyproject.exists() else ""
    pyproject.write_text(before + '\n[tool.pse.verify]\nignore = ["Session.*"]\n',
                         encoding="utf-8")
    assert _replayed(capsys, *ARGS) is None
    after = _run(capsys, monkeypatch, *ARGS)
    assert after.out != recorded.out  # the ignore list changed the answer


def test_a_changed_ignore_file_is_never_replayed(
        repo: Path, recorded: CliResult, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    ignore = repo / ".gitignore"
    ignore.write_text("# nothing yet\n", encoding="utf-8")
    assert _replayed(capsys, *ARGS) is None  # a new file at the top
    _run(capsys, monkeypatch, *ARGS)
    assert _replayed(capsys, *ARGS) is not None
    ignore.write_text("# nothing yet\nsrc/tinyhttp/client.py\n", encoding="utf-8")
    assert _replayed(capsys, *ARGS) is None  # the same file, new rules


def test_a_nested_ignore_file_is_never_replayed(
        repo: Path, recorded: CliResult, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "src" / "tinyhttp" / ".gitignore").write_text("client.py\n", encoding="utf-8")
    assert _replayed(capsys, *ARGS) is None


def test_a_run_whose_answer_may_carry_history_is_not_recorded(
        repo: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    args = ("verify", "articles", "--source", ".", "--format", "json")
    assert _run(capsys, monkeypatch, *args).code == 1  # unverified, in a git checkout
    assert _replayed(capsys, *args) is None
    shutil.rmtree(repo / ".git")  # no checkout: no history to change
    first = _run(capsys, monkeypatch, *args)
    assert _replayed(capsys, *args) == first


def test_an_output_file_run_is_not_recorded(
        repo: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    args = (*ARGS, "-o", str(tmp_path / "out.json"))
    _run(capsys, monkeypatch, *args)
    assert _replayed(capsys, *args) is None


def test_a_malformed_recording_is_a_normal_run(
        recorded: CliResult, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    _same_phase()
    path = Path(fastpath.recording_file(list(ARGS), os.environ))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["chunks"] = [[1, 5]]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _replayed(capsys, *ARGS) is None
    data["chunks"], data["exit"] = [[1, "half an answer"]], "1"
    path.write_text(json.dumps(data), encoding="utf-8")
    _same_phase()
    capsys.readouterr()
    assert fastpath.replay(list(ARGS), os.environ) is None
    assert capsys.readouterr().out == ""  # nothing written before all of it was checked
    path.write_text("{", encoding="utf-8")
    assert _replayed(capsys, *ARGS) is None
    assert _run(capsys, monkeypatch, *ARGS) == recorded


def test_project_metadata_above_a_package_source_is_checked(
        repo: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    args = ("verify", "articles", "--source", "src/tinyhttp", "--format", "json",
            "--no-history")
    _run(capsys, monkeypatch, *args)
    assert _replayed(capsys, *args) is not None
    (repo / "setup.cfg").write_text("[metadata]\nname = tinyhttp-renamed\n", encoding="utf-8")
    assert _replayed(capsys, *args) is None  # the project's name is read above the source


def test_a_run_that_drew_a_progress_bar_is_not_recorded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from pse.cli.common import ProgressBar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stderr", Terminal())
    with fastpath.Recording(["verify"], {}) as recording:
        fastpath.keep(fastpath.cache_folder({}), [])
        ProgressBar("indexing", verbosity=0)(10, 100)
    assert recording.forgotten  # a replay would draw the bar for work it skips
    with fastpath.Recording(["verify"], {}) as recording:
        ProgressBar("indexing", verbosity=0)(10, 20)  # too small to draw
    assert not recording.forgotten


def test_shell_bookkeeping_variables_are_not_part_of_the_invocation(
        recorded: CliResult, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_", "/usr/bin/time")  # what a shell sets to the command it ran
    monkeypatch.setenv("OLDPWD", "/elsewhere")
    assert _replayed(capsys, *ARGS) == recorded
    monkeypatch.setenv("PSE_FORMAT", "text")  # any other variable is
    assert _replayed(capsys, *ARGS) is None


def test_code_fingerprint_changes_with_a_data_file_of_pse(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # a lexicon, synonym table or rule file decides answers as much as a module does
    import pse
    from pse.cli.fastpath import code_fingerprint
    package = tmp_path / "pse"
    (package / "verify").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    lexicon = package / "verify" / "en.json"
    lexicon.write_text('{"return_verbs": ["returns"]}', encoding="utf-8")
    monkeypatch.setattr(pse, "__file__", str(package / "__init__.py"))
    before = code_fingerprint()
    lexicon.write_text('{"return_verbs": ["returns", "hands back"]}', encoding="utf-8")
    assert code_fingerprint() != before
