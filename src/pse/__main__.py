"""``python -m pse`` runs the same CLI as the ``pse`` console script."""

from __future__ import annotations

from pse.cli.entry import main

if __name__ == "__main__":
    main()
