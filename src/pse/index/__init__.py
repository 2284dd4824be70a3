"""The symbol index: what a source tree defines, where, and how it hangs together.

``walk`` lists the files a checker may cite (honouring ``.gitignore`` and the configured
excludes); ``python`` (``ast``) and the tree-sitter extractors (``treesitter`` and the
``ts_*`` modules) turn each file into plain ``model`` values (definitions, bases,
signatures, exports, members); ``store`` keeps them in a SQLite cache keyed by the file,
so an unchanged file is never parsed twice; ``builder`` ties these together and returns a
``SymbolIndex`` that answers queries from the cache. ``facts`` reads a project's identity
(name, description, version) from its own metadata without running any of it.

Everything here is deterministic and model-free: the same tree gives the same index, and
nothing in this package imports an LLM, agent or CLI library.
"""

from __future__ import annotations
