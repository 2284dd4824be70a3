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

_ON = r"enabled|on|turned on|switched on|active|activated|开启|启用|打开"
_OFF = r"disabled|off|turned off|switched off|inactive|deactivated|关闭|禁用|不开启|不启用"
_SWITCH_TEXTS = (
    # "`strict` is enabled by default", "the `strict` flag of `Parser` is off by default"
    (r"§(?P<p>\d+)§ (?:mode |flag |option |setting |parameter )?(?:of §(?P<s>\d+)§ )?"
     rf"(?:is|are) (?P<w>{_ON}|{_OFF}) (?:by default|out of the box|unless)"),
    # "by default, `strict` mode is enabled for `Parser`"
    (r"(?:by default|out of the box),? §(?P<p>\d+)§ (?:mode |flag |option |setting )?"
     rf"(?:is|are) (?P<w>{_ON}|{_OFF}) (?:for|in|on|by) §(?P<s>\d+)§"),
    # "`Parser` enables `strict` by default", "`Parser` turns off `strict` mode by default"
    (r"§(?P<s>\d+)§ (?:\w+ )?(?P<w>enables|activates|turns on|switches on|disables"
     r"|deactivates|turns off|switches off) (?:the )?§(?P<p>\d+)§ (?:mode |flag |option )?"
     r"(?:by default|out of the box|unless)"),
    # "by default, `Parser` runs in `strict` mode"; "... runs in `strict` mode by default"
    (r"(?:by default|out of the box),? §(?P<s>\d+)§ (?:runs|operates|works|starts) in "
     r"§(?P<p>\d+)§ mode(?P<w>)"),
    (r"§(?P<s>\d+)§ (?:runs|operates|works|starts) in §(?P<p>\d+)§ mode (?:by default"
     r"|out of the box)(?P<w>)"),
    # "`Parser` 默认开启 `strict`", "默认情况下，`Parser` 会关闭 `strict`"
    (rf"§(?P<s>\d+)§(?:会)?默认(?:会)?(?P<w>{_ON}|{_OFF})(?:了)?§(?P<p>\d+)§"),
    (rf"默认情况下[，,]?§(?P<s>\d+)§(?:会)?(?P<w>{_ON}|{_OFF})(?:了)?§(?P<p>\d+)§"),
    # "`strict` 默认是关闭的", "`strict` 参数默认开启"
    (rf"§(?P<p>\d+)§(?:参数|选项|模式|开关)?默认(?:是|为|处于)?(?P<w>{_ON}|{_OFF})(?!了?§)"),
)
_SWITCHES = tuple(re.compile(text.replace(" ", " ?")) for text in _SWITCH_TEXTS)
"""A flag said to be on or off by default: a ``default`` claim of ``True`` or ``False``
(a ``None`` default the body replaces stays undecided, see :func:`~.values.default`)."""
_OFF_WORD = re.compile(rf"(?:{_OFF})$")
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
    for switch in _SWITCHES:
        hit = switch.search(text) or switch.search(_slotted(sentence))
        if hit is not None and not re.search(r"(?<![a-z])not(?![a-z])|不是|并非|没有", text):
            _switch(found, sentence, hit)
    if _CUE.search(text):
        _keywords(found, sentence)
    return list(found.values())


def _slotted(sentence: Sentence) -> str:
    """The sentence as written with its code spans as slots, lower-cased and without the
    spaces around them: the normaliser drops 默认 as an adverb, which a flag's default
    needs ("`Parser` 默认开启 `strict`")."""
    slots = iter(range(len(sentence.spans)))
    try:
        text = re.sub(r"``?[^`]+``?", lambda _: f"§{next(slots)}§", sentence.text)
    except StopIteration:  # spans the document model reads otherwise: no slotted text
        return ""
    return re.sub(r"\s*§(\d+)§\s*", r"§\1§", text.lower()).strip("。.;；")


def _switch(found: dict[str, Claim], sentence: Sentence, hit: re.Match[str]) -> None:
    """A flag said to be on or off by default, of the callable the sentence names: the
    slot the reading found, else the first plain name other than the flag."""
    off = bool(hit["w"]) and (_OFF_WORD.match(hit["w"]) is not None
                              or hit["w"].startswith(("dis", "de", "turns off", "switches off")))
    parameter = int(hit["p"])
    owners = [hit["s"]] if hit.groupdict().get("s") else \
        [str(i) for i, span in enumerate(sentence.spans)
         if i != parameter and _NAME.fullmatch(_callable(span))][:1]
    value = "False" if off else "True"
    if owners and owners[0] is not None:
        _add(found, sentence, owners[0], sentence.spans[parameter], value)
    elif _NAME.fullmatch(_callable(sentence.owner)):  # under a label or item naming it
        _add(found, sentence, "", sentence.spans[parameter], value,
             owner=_callable(sentence.owner))


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
