"""The ``pse`` console script: a recorded answer when there is one, else the CLI.

:mod:`pse.cli.fastpath` runs before click or any command is imported, so a repeated
``pse verify`` over an unchanged tree costs little more than the interpreter's start.
``pse verify --keep-warm`` next asks a loaded checker process to run it
(:mod:`pse.cli.keepwarm`), and starts one after running it here when none answered.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def main() -> None:
    """Answer from a recording or a warm checker, or run the CLI (recording a ``verify``
    run)."""
    from pse.cli.fastpath import replay

    argv = sys.argv[1:]
    code = replay(argv, os.environ)
    if code is not None:
        sys.exit(code)
    if argv[:1] != ["verify"]:
        run_cli(argv)
        return
    if "--keep-warm" not in argv:
        run_verify(argv)
        return
    from pse.cli import keepwarm  # sockets are imported only by runs that use them

    if not keepwarm.is_wanted(argv):
        run_verify(argv)
        return
    code = keepwarm.ask(argv, os.environ)
    if code is not None:
        sys.exit(code)
    try:
        run_verify(argv)
    finally:
        keepwarm.start(argv, os.environ)


def run_verify(argv: Sequence[str]) -> None:
    """Run ``pse verify ARGV...`` as the CLI does, recording its answer."""
    from pse.cli.fastpath import Recording

    with Recording(argv, os.environ):
        run_cli(argv)


def run_cli(argv: Sequence[str]) -> None:
    """Run the CLI on ``argv`` (exits through ``SystemExit``)."""
    from pse.cli.main import main as cli_main

    cli_main(list(argv))
