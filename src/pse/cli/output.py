"""Where pse writes: the one policy for ``-o FILE`` and ``--out FOLDER`` of every command.

A report never lands on something the user had. ``-o`` must name a regular file or a new
name (never a symbolic link, FIFO, socket or device); inside an input (the source tree,
a folder of documents) only within a folder pse made (:mod:`pse.owned`, e.g. ``-o
reports/x.json`` where pse creates ``reports/``), never over an input file. The file is
written to a temporary name in the same folder and renamed over the target, so a reader
sees the old or the new report, and a hard link to an input keeps the input's content.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from pse.cli.common import CliError
from pse.owned import is_legacy_cache, is_made, prepare


def check_output_file(output_file: Path | None, *, inputs: Sequence[Path] = (),
                      kept_in_project: bool = False) -> None:
    """Refuse ``-o`` over an input, a special file, a link, or a file inside an input.

    ``kept_in_project``: a file the project keeps in its own tree (a baseline the user
    commits), allowed inside an input; the caller checks that an existing one is its own.
    Commands call it before their work too, so a bad ``-o`` costs no indexing or model time.
    """
    if output_file is None:
        return
    shown = str(output_file)
    try:
        mode = os.lstat(output_file).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise CliError(f"cannot write {shown!r}: {exc.strerror}") from exc
    if mode is not None and stat.S_ISDIR(mode):
        raise CliError(f"-o {shown!r} is a directory; give a file name")
    if mode is not None and stat.S_ISLNK(mode):
        raise CliError(f"-o {shown!r} is a symbolic link; give the file itself or a new name")
    if mode is not None and not stat.S_ISREG(mode):
        raise CliError(f"-o {shown!r} is not a regular file (a device, FIFO or socket); "
                       "give a file name")
    target = _real(output_file)
    for source in inputs:
        if target == _real(source) or _same_file(output_file, source):
            raise CliError(f"refusing to write the report over the input {str(source)!r}; "
                           "choose another -o file")
    inside = None if kept_in_project else _input_holding(target, inputs)
    if inside is not None and not _in_made_folder(target.parent, inside):
        kind = "source file" if mode is not None else "file"
        raise CliError(f"refusing to write the report as the {kind} {shown!r} inside the "
                       f"input {str(inside)!r}; write it outside, or into a new folder "
                       "(pse creates it as its own: -o reports/FILE)")


def write_output(text: str, output_file: Path | None, *, inputs: Sequence[Path] = ()) -> None:
    """Write a report to stdout or, by :func:`check_output_file`'s rules, to ``-o FILE``."""
    if output_file is None:
        sys.stdout.write(text)
        if text and not text.endswith("\n"):
            sys.stdout.write("\n")
        sys.stdout.flush()
        return
    check_output_file(output_file, inputs=inputs)
    try:
        _make_folder(output_file.parent)
        _replace_file(output_file, text if text.endswith("\n") else text + "\n")
    except OSError as exc:
        raise CliError(f"cannot write {str(output_file)!r}: {exc.strerror}") from exc


def prepare_out_folder(folder: Path, *, inputs: Sequence[Path] = ()) -> Path:
    """The ``--out`` folder of run directories, made (and marked) by pse when missing.

    Inside an input it must be pse's own (made by pse, or an older folder of runs).
    """
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise CliError(f"--out {str(folder)!r} is not a folder; give a folder for the runs")
    inside = _input_holding(_real(folder), inputs)
    if inside is not None and folder.exists() and not (
            is_made(folder, "runs") or _is_legacy_runs(folder)):
        raise CliError(f"refusing to write runs into {str(folder)!r} inside the input "
                       f"{str(inside)!r}: pse did not make it; give a new or outside folder")
    try:
        return prepare(folder, "runs")
    except OSError as exc:
        raise CliError(f"cannot create --out {str(folder)!r}: {exc.strerror}") from exc


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


def _input_holding(target: Path, inputs: Sequence[Path]) -> Path | None:
    """The input folder ``target`` lies in, if any."""
    for source in inputs:
        real = _real(source)
        if real.is_dir() and target.is_relative_to(real):
            return source
    return None


def _in_made_folder(folder: Path, root: Path) -> bool:
    """True when ``folder`` (or a folder up to ``root``) is pse's, or does not exist yet
    (pse will make it, marked)."""
    top = _real(root)
    here = folder
    while here != top and here.is_relative_to(top):
        if not here.exists() or is_made(here, "runs") or is_made(here, "cache") \
                or is_legacy_cache(here):
            return True
        here = here.parent
    return False


def _is_legacy_runs(folder: Path) -> bool:
    """A folder of runs from before the marker (only run directories and style history),
    or an empty one: nothing in it to lose."""
    entries = list(folder.iterdir())
    return all(
        entry.name == "style-history.json" or (entry / "state.json").is_file()
        for entry in entries)


def _make_folder(folder: Path) -> None:
    """Create ``folder`` with pse's marker on the first folder pse makes."""
    missing = folder
    while not missing.parent.exists() and missing.parent != missing:
        missing = missing.parent
    if not missing.exists():
        prepare(missing, "runs")
        folder.mkdir(parents=True, exist_ok=True)


def _replace_file(path: Path, text: str) -> None:
    """Write ``text`` to a new file and rename it to ``path``: never into the old file.

    A file written in place is also every other name of it: ``-o`` given as a hard link
    to one of the inputs would overwrite that input. A rename replaces the name only.
    """
    try:
        mode = os.lstat(path).st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _same_file(path: Path, other: Path) -> bool:
    """True when both name one file (a hard link to an input is that input)."""
    try:
        return path.is_file() and other.is_file() and os.path.samefile(path, other)
    except OSError:
        return False
