"""Defaults said around the parameter rather than by a "defaults to" frame: a keyword
written as code in a sentence about what happens by default ("`scale` modifies in place
by default (`inplace=True`)"), "a default `max_size` of 4096", "sets `max_size` to 2048
unless told otherwise", "takes an optional `unit`, which is `"mm"` when omitted", and a
condition that names the parameter left out ("If `encoding` is not given, `Parser` falls
back to `"latin-1"`", "如果不传 `encoding`，`Parser` 会使用 `"gbk"`").

Each reading is a ``default`` claim of ``<callable>.<parameter>`` (see
:func:`~.values.default`), said of the parameter.
"""

from __future__ import annotations

import re

from pse.verify.claims.model import Claim
from pse.verify.claims.prose import Sentence
from pse.verify.claims.values import canonical_value

_CUE = re.compile(r"(?<![a-z])(?:by default|default|defaults|unless|otherwise|when omitted"
                  r"|if omitted|when not given|if not given|if not passed|when not passed"
                  r"|if not provided|when not provided|if none is given)(?![a-z])"
                  r"|默认|缺省|不传|未传|没传|省略|不指定|未指定|没有指定")
"""Words that make a keyword written as code a default ("by default (`x=1`)")."""
_CONDITION_BEFORE = re.compile(r"(?<![a-z])(?:if|when|whenever|with|passing|pass|given)"
                               r"(?![a-z])[^§]*$|(?:如果|若|当|只有|传入|传|设置|设为|在)[^§]*$")
"""Words before a keyword that make it a value passed ("when `strict=True`", "在
`strict=True` 时"), not the default."""
_OPENING_CUE = re.compile(r"(?:by default|default|默认情况下|默认地|默认)[,，]?")
"""A sentence that opens by saying what happens by default: every keyword in it."""
_NEAR = 24
"""How near a keyword the default's word must be, in characters of the normalised text."""
_KEYWORD = re.compile(r"([A-Za-z_]\w*) ?= ?(.+)")
_NAME = re.compile(r"[A-Za-z_][\w.]*")
_VALUE = r"(?:§(?P<vs>\d+)§|(?P<v>-?\d+(?:\.\d+)?|true|false|none))"
_READING_TEXTS = (
    # "`Parser` uses a default `max_size` of 4096", "with a default `timeout` of `10`"
    (rf"^§(?P<s>\d+)§.*?(?:a|the|its) default §(?P<p>\d+)§ (?:value )?(?:of|=) ?"
               rf"{_VALUE}"),
    # "`Parser.__init__` sets `max_size` to 2048 unless told otherwise"
    (rf"^§(?P<s>\d+)§ (?:\w+ ){{0,2}}?sets §(?P<p>\d+)§ to {_VALUE} (?:by default|"
               r"unless|if not|when not|when omitted|if omitted|otherwise)"),
    # "takes an optional `unit`, which is `"mm"` when omitted"
    (rf"^§(?P<s>\d+)§ (?:\w+ ){{0,2}}?(?:takes|accepts|has) (?:an |a )?optional "
               rf"§(?P<p>\d+)§(?: (?:parameter|argument))?,? (?:which|that) (?:is|defaults to"
               rf"|falls back to) {_VALUE} (?:when|if) (?:omitted|not given|not passed|left out"
               r"|not provided)"),
    # "If `encoding` is not given, `Parser` falls back to `"latin-1"`"
    (rf"^(?:if|when) §(?P<p>\d+)§ (?:is|are) (?:not given|not passed|omitted|not "
               rf"provided|left out|none),? §(?P<s>\d+)§ (?:\w+ )?(?:falls back to|uses|"
               rf"defaults to|assumes) {_VALUE}"),
    # "如果不传 `encoding`，`Parser` 会使用 `"gbk"`"
    (rf"^(?:如果|若|当)?(?:不传|未传|没传|不指定|未指定|没有指定|省略)(?:入|递)?§(?P<p>\d+)§"
               rf"(?:参数)?(?:时|的话)?[，,]?§(?P<s>\d+)§(?:会|将|就)?(?:使用|用|采用|默认为|默认使用)"
               rf"{_VALUE}"),
)
_READINGS = tuple(re.compile(text.replace(" ", " ?")) for text in _READING_TEXTS)
"""The readings, with a space optional wherever one is written (the normaliser drops the
spaces around code)."""


def default_claims(sentence: Sentence) -> list[Claim]:
    """The defaults the sentence states around its parameter (see the module's text)."""
    found: dict[str, Claim] = {}
    text = sentence.normalised
    for reading in _READINGS:
        hit = reading.search(text)
        if hit is not None:
            written = sentence.spans[int(hit["vs"])] if hit["vs"] else hit["v"]
            _add(found, sentence, hit["s"], sentence.spans[int(hit["p"])], written)
    if _CUE.search(text):
        _keywords(found, sentence)
    return list(found.values())


def _keywords(found: dict[str, Claim], sentence: Sentence) -> None:
    """Keywords written as code (`x=1`) of the sentence's callable, the first plain name."""
    names = [s for s in sentence.spans if _NAME.fullmatch(_callable(s))]
    if not names:
        return
    owner = _callable(names[0])
    text = sentence.normalised
    for slot, span in enumerate(sentence.spans):
        keyword = _KEYWORD.fullmatch(span.strip("` "))
        at = text.find(f"§{slot}§")
        if keyword is None or "(" in keyword[1] or at < 0 or \
                _CONDITION_BEFORE.search(text[max(0, at - 16):at]):
            continue  # "raises `E` when `strict=True`": a value passed, not a default
        near = text[max(0, at - _NEAR):at + len(f"§{slot}§") + _NEAR]
        if _CUE.search(near) or _OPENING_CUE.match(text):
            _add(found, sentence, "", keyword[1], keyword[2], owner=owner)


def _callable(span: str) -> str:
    """A span naming a callable, without the call written after it (`Circle(r)`)."""
    return re.sub(r"\(.*\)$", "", span.strip("` "))


def _add(found: dict[str, Claim], sentence: Sentence, slot: str, parameter: str,
         written: str, *, owner: str = "") -> None:
    owner = owner or _callable(sentence.spans[int(slot)])
    parameter = parameter.strip("` ")
    value = canonical_value(written.strip("` "))
    if not value or not _NAME.fullmatch(owner) or not re.fullmatch(r"[A-Za-z_]\w*", parameter):
        return
    subject = f"{owner}.{parameter}"
    found.setdefault(subject, Claim("default", subject=subject, obj=value, obj_text=written,
                                    negated=False, line=sentence.line, sentence=sentence.text,
                                    default_of="parameter"))


__all__ = ["default_claims"]
