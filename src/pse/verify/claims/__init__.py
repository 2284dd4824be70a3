"""Structural claims: what the prose says about the code, checked against the index.

Every name in "`Group` subclasses `Context`" exists; the sentence is still false. This
package reads such sentences (:mod:`.prose` makes slots of the code spans,
:mod:`.grammar` reads relation frames over them, in English, Chinese and mixed text),
decides each relation from the symbol index (:mod:`.types`: inheritance, kinds,
location; :mod:`.code`: parameters, members, calls, raises) and reports it as a
reference of kind ``claim``: verified, unverified (false, with the true relation and,
where exact, a corrected sentence) or ignored (about code the tree cannot decide).
"""

from __future__ import annotations

from pse.verify.claims.grammar import read_claims
from pse.verify.claims.judge import judge
from pse.verify.claims.prose import sentences
from pse.verify.refs import Reference, Resolution
from pse.verify.resolve import Resolver


def check_claims(text: str, *, file: str, resolver: Resolver, rst: bool = False
                 ) -> list[tuple[Reference, Resolution]]:
    """Every structural claim of one document with its verdict, in document order.

    Args:
        text: the document.
        file: its display path (the references' ``file``).
        resolver: the resolver of the source tree.
        rst: True for reStructuredText (else Markdown).
    """
    found: list[tuple[Reference, Resolution]] = []
    for sentence in sentences(text, rst=rst):
        for claim in read_claims(sentence):
            found.append(judge(claim, file=file, resolver=resolver))
    return found
