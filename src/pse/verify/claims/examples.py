"""Example lists: "`C` provides methods such as `a`, `b` and `c`" (例如, 比如, 包括), and
lists after a colon ("`JobState` has four states: `A`, `B`, `C` and `D`").

A sentence whose subject is a code name, with a container verb ("contains", "provides",
包含, 提供), a member noun ("methods", "attributes", 方法, 属性) and an example cue, names
members of the subject: each listed name is a claim of its own (``has_method`` for
method nouns, ``has_param`` for parameter nouns, ``has_item`` for the others). The words
come from the lexicon files; names that are expressions or qualified elsewhere
(``os.environ``) are not claimed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from pse.verify.claims import lexicon as L  # noqa: N812 - the grammar's short name
from pse.verify.claims.model import Claim, Relation
from pse.verify.claims.prose import Sentence
from pse.verify.claims.words import HAN, LANGUAGES, alternation, lexicon, member_relation, words

_LIST = rf"(?P<list>§\d+§(?:{L.ANY_JOIN}§\d+§)*)"
_MEMBER_NAME = re.compile(r"[A-Za-z_]\w*(?:\(\))?")
_BASES = re.compile(r"(?:base|parent|super|父|基|超) ?$")
"""A member noun after "base" or "parent": the listed names are the subject's bases."""
_SUBCLASSES = re.compile(r"(?:sub|child |derived |子|派生|衍生) ?$")
"""A member noun after "sub" or 子 ("两个子类：`B` 和 `C`"): the listed names derive from
the subject."""
_OWN = re.compile(rf"{L.OWN}\s*$")
"""The list is of the subject's own members ("defines its own", "定义了自己的")."""
_OWN_VERB = (r"(?:自己|自行|本身|itself)\s*(?:defines?|declares?|implements?|overrides?"
             r"|定义了?|声明了?|实现了?|重写了?)\s*(?:了\s*)?(?:(?:a|an|the|一个|个)\s*)?"
             r"(?:[a-z-]+\s+){0,2}")


def said_own(text: str, name: str) -> bool:
    """Whether ``text`` says the subject defines the code ``name`` itself, before the verb
    ("`C` 自己定义了 `m` 方法", "`C` itself defines `m`"): its own body's, not inherited.
    Read on the sentence as written: the grammar's spelling drops 自己 as an adverb."""
    return re.search(rf"{_OWN_VERB}`{re.escape(name)}(?:\(\))?`", text) is not None
_PASSIVE = re.compile(r"被|(?<![a-z])(?:is|are) (?:defined|declared|implemented) as(?![a-z])")
"""A passive verb before the list: "`x` 被定义为 `C` 的方法" says `x` is `C`'s member."""
_NEGATION = re.compile(r"(?<![a-z])(?:not|never|no|without)(?![a-z])|没有|不|并未|未")


_MODIFIED = r"(?P<mod>(?:that|which|to|for) [^§,，:：]{0,60}?)?"
"""A short modifier of a method noun before the cue, naming no code ("methods that let
you change the set, such as `add`"): the examples are still methods (of other nouns they
may be examples of the modifier's own: "classes that take callbacks, such as `f`")."""


@cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    nouns = alternation(list(_nouns()))
    cues = alternation(words("example_cues"))
    verbs = alternation(words("container_verbs"))
    english = re.compile(
        rf"^(?:the ?)?§(?P<s>\d+)§{L.SUBJ_NOUN} ?(?P<mid>[^§]{{0,80}}?(?<![a-z]){verbs}"
        rf"(?:(?<=[\u4e00-\u9fff])|(?![a-z]))[^§]{{0,80}}?)(?<![a-z])(?P<noun>{nouns}) ?"
        rf"{_MODIFIED}(?:[,，]? ?{cues} ?[,，]?|[:：]) ?{_LIST}")
    # Chinese verbs only: an English one would match inside a word ("use" of "is used by
    # the `Pretty` class" read as "uses the `Pretty` class")
    verbs_zh = alternation([w for w in words("container_verbs") if HAN.match(w)])
    chinese = re.compile(
        rf"^§(?P<s>\d+)§{L.SUBJ_NOUN_ZH}(?P<mid>[^§]{{0,12}}?{verbs_zh}[^§]{{0,12}}?)"
        rf"(?:{cues})?{_LIST}(?:等等|等)?(?:几个|一些|多个|的)?(?P<noun>{nouns})")
    # a verb, then the names and their noun: "`Cache` also ships an `expire` method"
    direct = re.compile(
        rf"^(?:the ?)?§(?P<s>\d+)§{L.SUBJ_NOUN} ?(?P<mid>[^§]{{0,40}}?(?<![a-z]){verbs}"
        rf"(?![a-z]) ?)(?:(?:a|an|the|its|one|two|three|four|five) ?)?{_LIST} ?"
        rf"(?P<noun>{nouns})"
        r"(?![a-z])")
    # parameters named right after their noun: "takes a single argument `item`",
    # "accepts two parameters `a` and `b`", "接受一个参数 `x`"
    params = alternation([n for language in LANGUAGES
                          for n in lexicon(language)["member_nouns"].get("has_param", ())])
    appositive = re.compile(
        rf"^(?:the ?)?§(?P<s>\d+)§{L.SUBJ_NOUN} ?(?P<mid>[^§]{{0,40}}?"
        rf"(?<![a-z])(?:takes?|accepts?|receives?|expects?|requires?|has|接受|接收|需要|带|有)"
        rf"(?![a-z]) ?(?:(?:a|an|the|its|one|single|two|three|four|five|"
        rf"[一两二三四五]个) ?)*)(?P<noun>{params}) ?[:：]? ?{_LIST}(?! ?(?:'s|的))")
    return english, chinese, direct, appositive


def _nouns() -> set[str]:
    return {noun for language in LANGUAGES
            for nouns in lexicon(language)["member_nouns"].values() for noun in nouns}


def example_claims(sentence: Sentence) -> Iterator[Claim]:
    """One member claim per name an example list of ``sentence`` gives its subject, read
    from the whole sentence and from each later clause that has its own subject or the
    sentence's ("`A` inherits from `B` and has four parameters: `a`, ..."); a name listed
    twice is claimed twice (the grammar keeps the first)."""
    for text in (sentence.normalised, *sentence.clauses[1:]):
        yield from _listed(sentence, text)


def _listed(sentence: Sentence, text: str) -> Iterator[Claim]:
    for pattern in _patterns():
        hit = pattern.search(text)
        if hit is None:
            continue
        if _PASSIVE.search(hit["mid"]):
            return  # "`x` 被定义为 `C` 的方法": the list's owner is the object, not the subject
        relation = member_relation(hit["noun"])
        if hit.groupdict().get("mod") and relation != "has_method":
            continue
        subject = sentence.spans[int(hit["s"])]
        negated = bool(_NEGATION.search(hit["mid"]))
        bases = _BASES.search(hit["mid"]) is not None  # "two base classes: `B` and `C`"
        derived = _SUBCLASSES.search(hit["mid"]) is not None
        for slot in re.findall(r"§(\d+)§", hit["list"]):
            name = sentence.spans[int(slot)]
            if derived and _MEMBER_NAME.fullmatch(name) and name != subject:
                yield Claim("subclass", subject=name, obj=subject, negated=negated,
                            line=sentence.line, sentence=sentence.text)
            elif bases and _MEMBER_NAME.fullmatch(name) and name != subject:
                yield Claim("subclass", subject=subject, obj=name, negated=negated,
                            line=sentence.line, sentence=sentence.text)
            elif relation and _MEMBER_NAME.fullmatch(name) and name not in {subject, "self",
                                                                           "cls"}:
                if (_OWN.search(hit["mid"]) or said_own(sentence.text, name)) and \
                        relation != "has_param":
                    # "没有定义自己的 `validate` 方法": its own body's, not an inherited one
                    yield Claim("defines", subject=subject, obj=name, negated=negated,
                                line=sentence.line, sentence=sentence.text, obj_text="own")
                    continue
                yield Claim(_relation(relation), subject=subject, obj=name, negated=negated,
                            line=sentence.line, sentence=sentence.text)
        return


def _relation(name: str) -> Relation:
    """``has_method`` and ``has_param`` as the noun says ("four parameters: `a`, ..." are
    parameters, not any member: an attribute of that name is no parameter); the other
    nouns ``has_item``."""
    return "has_method" if name == "has_method" else \
        "has_param" if name == "has_param" else "has_item"
