"""The ``pse`` console script: a recorded answer when there is one, else the CLI.

:mod:`pse.cli.fastpath` runs before click or any command is imported, so a repeated
``pse verify`` over an unchanged tree costs little more than the interpreter's start.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    """Answer from a recording, or run the CLI (recording a ``verify`` run)."""
    from pse.cli.fastpath import Recording, replay

    argv = sys.argv[1:]
    code = replay(argv, os.environ)
    if code is not None:
        sys.exit(code)
    from pse.cli.main import main as run_cli

    if argv[:1] != ["verify"]:
        run_cli(argv)
        return
    with Recording(argv, os.environ):
        run_cli(argv)
