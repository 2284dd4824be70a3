"""Claims about what the project as a whole is built on: "The project is built on top of
the `pse` library", "tinyqueue relies on the `requests` package", "该项目基于 `asyncio`".

The subject is the project, named by a noun (the project, this library, 该项目) rather than
by code; the object is a library, and the claim is false when the project neither declares
it as a dependency nor imports it anywhere (a small model's "built on top of the `pse`
library, a popular job queue library" about a project that imports only the standard
library). A library the project reaches only through another one may be meant; such a
claim names a library no file imports, so it is flagged: say which library the code uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pse.verify.claims.model import Claim
from pse.verify.claims.prose import Sentence

_HOLDER = (r"(?:(?:the|this|our|whole) )?(?:project|library|package|tool|codebase|code base"
           r"|repository|repo|application|app|framework|program|system|implementation)")
_LIBRARY = r"(?:library|package|framework|toolkit|dependency|module|sdk)"
_FRAMES = tuple(re.compile(p.replace(" ", " ?")) for p in (  # slots lose their spaces
    # "the project is built on top of the `x` library", "... is based on `x`"
    rf"^{_HOLDER} (?:is |was |are )?(?:built|based|implemented|written|developed) "
    rf"(?:entirely |mostly |directly )?(?:on top of|on|upon|around|using|with) (?:the )?"
    rf"§(?P<o>\d+)§(?: ?{_LIBRARY})?$",
    # "the project relies on / depends on / uses the `x` library" (the noun is needed:
    # "uses the `Job` class" is no dependency)
    rf"^{_HOLDER} (?:relies on|depends on|uses|requires|leverages|builds on|wraps) (?:the )?"
    rf"§(?P<o>\d+)§ ?{_LIBRARY}$",
    r"^(?:该|这个|本|整个)?(?:项目|库|包|工具|框架|程序|系统)(?:是)?(?:基于|构建于|构建在|建立在|建立于)"
    r"(?:了)?§(?P<o>\d+)§(?:库|包|框架)?(?:之上|上)?(?:的)?$",
    r"^(?:该|这个|本|整个)?(?:项目|库|包|工具|框架|程序|系统)(?:依赖|依赖于|使用了?|用了?)"
    r"§(?P<o>\d+)§(?:库|包|框架)$",
))


def project_claims(sentence: Sentence) -> Iterator[Claim]:
    """The dependency claims of a sentence whose subject is the project itself."""
    for clause in sentence.clauses:
        for frame in _FRAMES:
            hit = frame.match(clause)
            if hit is not None:
                library = sentence.spans[int(hit["o"])]
                if re.fullmatch(r"[A-Za-z_][\w.-]*", library):
                    yield Claim("depends_on", subject="", obj=library, negated=False,
                                line=sentence.line, sentence=sentence.text)
                break
