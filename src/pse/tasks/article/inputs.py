"""What an article run was asked for: the repository, its project entry and the shape."""

from __future__ import annotations

from dataclasses import dataclass, field

from pse.pipeline.inputs import LEGACY_SEPARATOR, SourceInputs


@dataclass(frozen=True)
class ArticleInputs(SourceInputs):
    """The inputs of ``pse article`` (``source``: the repository folder, resolved)."""

    source_label: str = ""
    """How the article's front matter names the source (the registry's repo, or the name)."""
    style: str = ""
    """The style the article is written in (empty: the first style)."""
    project: str = ""
    """The project's name (empty: the declared name, else the folder's)."""
    description: str = ""
    """The project's description from the projects registry."""
    highlights: tuple[str, ...] = field(default=(), metadata={LEGACY_SEPARATOR: "; "})
    """What the article should cover, from the projects registry."""
    words: int = 600
    """The article's target length in words."""
