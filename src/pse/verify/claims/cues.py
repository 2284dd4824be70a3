"""The last reading of a clause no frame read: two code names and one verb between them
that alone names a relation, in whatever words surround them.

"`Loader.read` then goes on and, for the actual parsing, calls `parse_block`": no frame
was written for that wording, but the clause names two things, says "calls" between
them and nothing that makes it other than a plain statement. The verbs, the words that
block a reading (negation, condition, comparison, example, alternative) and the words
of a passive ("called by `b`", 被 `b` 调用) are the lexicons' (``cue_verbs``,
``cue_blockers``, ``cue_passive``). The first name must open the clause, so the
relation is said of it; a raise's object must be named as an error, a location's as a
file or a module. The verbs are verbs
only, in the forms a statement uses ("raises", "called by" is the frames'): a noun that
names a relation ("the subclasses of `A` include `B`", 子类) says it the other way round,
a base form may be an order ("... and raise `E`"), and "is called `X`" names.
"""

from __future__ import annotations

import re
from functools import cache

from pse.verify.claims.words import HAN, LANGUAGES, lexicon

_SLOT = re.compile(r"§(\d+)§")
_WORD = re.compile(r"[a-z][a-z'.-]*|[\u4e00-\u9fff]+")
_ERROR_NAME = re.compile(r"(?:Error|Exception|Warning|Exit|Interrupt|Timeout|Invalid\w*|Failure"
                         r"|Fault)$|^(?:Error|Exception)")
_PLACE = re.compile(r"[/\\]|\.py$|^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+$")
"""A file or a dotted module path: the object of a location."""
_NOT_AN_ACTOR = re.compile(r"\s*(?:parameter|argument|arg|option|attribute|field|variable"
                           r"|value|key|flag|setting|hook|参数|属性|字段|选项|变量|键)")
"""A noun after the first name that makes it a value, which calls and raises nothing."""
_OTHER_SUBJECT = re.compile(r"(?<![a-z])(?:it|they|he|she|we|you|one|i|before|after|until"
                            r"|while|when|whenever|once|unless|because|since)(?![a-z])"
                            r"|它|他们|我们|你|之前|之后|以后|以前|直到|因为")
"""A pronoun or a subordinating word between the first name and the verb: the verb is
said of another subject, in another clause ("`a` to finish before it calls `b`")."""
RETURNED_NAME_MODIFIES_ZH = (r"\s?(?:对象|实例|类|模块)?\s?(?:中|里|内|当中|之中|里面|上)"
                             r"|\s?(?:对象|实例|类|模块)?\s?的(?!(?:一个|个)?(?:新的?)?"
                             r"(?:实例|对象|子类|副本|拷贝|instance|object))[^，。；,;]*?"
                             r"[\u4e00-\u9fffa-z]")
"""What after a returned code name in Chinese makes the name a modifier of the returned
noun, not its type: "返回 `PMap` 对象中所有键的迭代器" returns an iterator (over the keys
in a `PMap`), "返回 `Graph` 的节点列表" a list; "返回 `Graph` 的实例" is a `Graph`."""
_MODIFIER_TAIL_ZH = re.compile(RETURNED_NAME_MODIFIES_ZH)
_MAX_LEAD_WORDS = 2
"""Words before the first name ("Internally, `a` ...", "然后 `a` ..."): more, and the name
may be an object of something else."""


@cache
def _cues(chinese: bool) -> tuple[dict[str, str], frozenset[str], frozenset[str]]:
    """(verb -> relation, blockers, passive words): English ones, and with ``chinese`` the
    Chinese lexicon's too, whose verbs include the English ones mixed text writes in
    their base form ("`f` 会 raise `E`"), which in English would be an order."""
    verbs: dict[str, str] = {}
    blockers: set[str] = set()
    passive: set[str] = set()
    for language in LANGUAGES if chinese else ("en",):
        found = lexicon(language)
        for relation, listed in found["cue_verbs"].items():
            for verb in listed:
                verbs[verb.lower()] = relation
        blockers.update(w.lower() for w in found["cue_blockers"])
        passive.update(w.lower() for w in found["cue_passive"])
    return verbs, frozenset(blockers), frozenset(passive)


def _has(text: str, words: frozenset[str] | dict[str, str]) -> list[str]:
    """The listed words the text holds: English ones as whole words, Chinese ones
    anywhere in a run of Chinese."""
    tokens = _WORD.findall(text.lower())
    found = [t for t in tokens if t.isascii() and t in words]
    runs = [t for t in tokens if not t.isascii()]
    found += [w for w in words if not w.isascii() and any(w in run for run in runs)]
    return found


def _object_follows(between: str, verbs: dict[str, str], passive: frozenset[str]) -> bool:
    """Whether the second name is the verb's object: nothing but an article, an adverb or
    the passive's word comes after the verb ("calls a function again on `E`": `E` is no
    callee)."""
    lowered = between.lower()
    ends: list[int] = []
    for verb in verbs:
        word = re.escape(verb) if not verb.isascii() else rf"(?<![a-z]){re.escape(verb)}(?![a-z])"
        ends += [m.end() for m in re.finditer(word, lowered)]
    if not ends:
        return False
    tail = lowered[max(ends):]
    after_article = False
    for word in _WORD.findall(tail):
        if not word.isascii():
            if len(word) > 4 or any(p in word for p in _ZH_PREPOSITIONS):
                return False  # "抛出一个新的 `E`" is the verb's; "在 `E` 里" is not
        elif word not in _AFTER_THE_VERB and word not in passive and not after_article:
            return False
        after_article = word in _ARTICLES  # "raises a new `E`": one word after an article
    return True


_AFTER_THE_VERB = frozenset({"the", "a", "an", "its", "their", "directly", "again", "then",
                             "internally", "first", "finally", "eventually", "immediately",
                             "explicitly", "itself", "out", "up"})
_ZH_PREPOSITIONS = ("在", "于", "对", "给", "向", "从", "把", "为", "到")
_ARTICLES = frozenset({"a", "an", "the", "its", "their"})


def cue_reading(clause: str, spans: tuple[str, ...]) -> tuple[str, int, int] | None:
    """(relation, subject slot, object slot) of a clause that names exactly two things
    with one relation's verb between them, or None."""
    slots = list(_SLOT.finditer(clause))
    if len(slots) != 2:
        return None
    verbs, blockers, passive = _cues(bool(HAN.search(clause)))
    if _has(clause, blockers):
        return None
    lead = clause[:slots[0].start()]
    if len(_WORD.findall(lead)) > _MAX_LEAD_WORDS or _has(lead, verbs) or \
            re.search(r"(?<![a-z])of ?$", lead):  # "one of `A`'s methods": not `A` itself
        return None
    between = clause[slots[0].end():slots[1].start()]
    if _OTHER_SUBJECT.search(between):
        return None  # "`a` to finish before it calls `b`": the verb is another subject's
    relations = {verbs[v] for v in _has(between, verbs)}
    if len(relations) != 1 or _has(clause[slots[1].end():], verbs) or \
            not _object_follows(between, verbs, passive):
        return None
    relation = relations.pop()
    first, second = int(slots[0][1]), int(slots[1][1])
    # "is invoked by `b`", "被 `b` 调用": the agent right after the passive word ("is
    # implemented by calling `b`" is no passive of the call)
    last = _WORD.findall(between.lower())[-1:] or [""]
    agent = last[0] in passive or any(last[0].endswith(p) for p in passive if not p.isascii())
    subject, obj = (second, first) if agent else (first, second)
    if _NOT_AN_ACTOR.match(clause[slots[0].end():]):
        return None  # "the `type` parameter and raise ...": a value, not code that acts
    if relation == "returns" and obj == second and \
            _MODIFIER_TAIL_ZH.match(clause[slots[1].end():]):
        return None  # "返回 `PMap` 对象中所有键的迭代器": an iterator, not a `PMap`
    if relation == "raises" and not _ERROR_NAME.search(spans[obj].rsplit(".", 1)[-1]):
        return None
    if relation == "location" and not _PLACE.search(spans[obj]):
        return None  # "defined in `Kettle`" may name a class, whose member it is
    return relation, subject, obj
