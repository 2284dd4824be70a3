"""The ``pse`` command line: one module per command, errors become exit codes here."""

from __future__ import annotations
