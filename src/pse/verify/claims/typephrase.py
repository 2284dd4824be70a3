"""A type said in words, read as a type expression: "a list of `Shape` objects" is
``list[Shape]``, "a dict mapping names to integers" ``dict[..., int]``, "either an int or
a string" ``Union[int, str]``, "由字符串组成的元组" ``tuple[str, ...]``, "从名称到 `Shape` 的字典"
``dict[..., Shape]``.

The phrase is read from a normalised clause (code spans are slots, ``§0§``), at the place
where a frame's verb leaves its object ("returns ...", "is an alias for ...", "是 ...").
What a word does not name as a type (names, values, items) is ``...``: a part the text
leaves unsaid, which a comparison of types leaves open (:func:`~.returns.same_type`).
Only a phrase that says more than its outer type is read (an element type, a key or value
type, or alternatives): "returns a list" is the frames' already.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pse.verify.claims.model import Claim, Relation
from pse.verify.claims.prose import Sentence
from pse.verify.claims.words import HAN, type_nouns

UNSAID = "..."
"""The written form of a part of a type the words leave unsaid."""

_SEQUENCES = {"list": "list", "lists": "list", "tuple": "tuple", "tuples": "tuple",
              "set": "set", "sets": "set", "frozenset": "frozenset", "sequence": "Sequence",
              "sequences": "Sequence", "iterable": "Iterable", "iterator": "Iterator",
              "generator": "Generator", "array": "list"}
_MAPPINGS = {"dict": "dict", "dicts": "dict", "dictionary": "dict", "dictionaries": "dict",
             "mapping": "Mapping", "mappings": "Mapping", "map": "Mapping"}
_ZH_CONTAINERS = {"列表": "list", "元组": "tuple", "集合": "set", "字典": "dict",
                  "映射": "Mapping", "序列": "Sequence", "迭代器": "Iterator",
                  "生成器": "Generator", "数组": "list"}
_ARTICLES = frozenset({"a", "an", "the", "one", "single", "new", "plain", "python",
                       "regular", "standard", "simple", "sorted", "flat", "nested", "its"})
_OBJECT_WORDS = frozenset({"object", "objects", "instance", "instances", "value", "values",
                           "class", "type"})
"""Words after a code span that keep it the type it names ("`Shape` objects")."""
_ELEMENT_LINKS = frozenset({"of", "containing", "holding"})
_MAP_LINKS = ("mapping", "that maps", "which maps", "from", "of")
_TOKEN = re.compile(r"§\d+§|[a-z][a-z'-]*|,")
_ZH_OBJECT = r"(?:对象|实例|类型|值)?"


@dataclass(frozen=True)
class TypePhrase:
    """A type read from words: its written form and where the phrase ends in the text."""

    written: str
    end: int


def read_type_phrase(text: str, start: int, spans: list[str]) -> TypePhrase | None:
    """The type the words at ``start`` of the normalised clause ``text`` say, when they
    say more than an outer type; ``spans``: the clause's code spans by slot number."""
    rest = text[start:]
    if HAN.search(rest[:12]):
        return _chinese(rest, start, spans)
    tokens = [(m.group(), m.start()) for m in _TOKEN.finditer(rest)]
    found = _union(tokens, 0, spans)
    if found is None:
        return None
    written, used = found
    if "[" not in written:
        return None
    end = tokens[used - 1][1] + len(tokens[used - 1][0]) if used else 0
    return TypePhrase(written, start + end)


Tokens = list[tuple[str, int]]


def _union(tokens: Tokens, at: int, spans: list[str]) -> tuple[str, int] | None:
    """Alternatives: "either A or B", "A, B or C" (one alone is itself)."""
    if at < len(tokens) and tokens[at][0] == "either":
        at += 1
    first = _unit(tokens, at, spans)
    if first is None:
        return None
    parts, at = [first[0]], first[1]
    closed = False  # alternatives end with "or": "A, B or C"; "A, which ..." is no list
    while at < len(tokens) and tokens[at][0] in {",", "or"}:
        step = at + 1 + (tokens[at][0] == "," and at + 1 < len(tokens)
                         and tokens[at + 1][0] == "or")
        following = _unit(tokens, step, spans)
        if following is None:
            break
        parts.append(following[0])
        at = following[1]
        if tokens[step - 1][0] == "or":
            closed = True
            break
    if not closed:
        return first
    alternatives = list(dict.fromkeys(parts))
    if UNSAID in alternatives:
        return None  # "a string or something else": not a closed set of alternatives
    if len(alternatives) == 1:
        return alternatives[0], at
    return f"Union[{', '.join(alternatives)}]", at


def _unit(tokens: Tokens, at: int, spans: list[str]) -> tuple[str, int] | None:
    """One type: a container with what it holds, a code span, or a type word."""
    while at < len(tokens) and tokens[at][0] in _ARTICLES:
        at += 1
    if at >= len(tokens):
        return None
    word = tokens[at][0]
    if word == "optional":
        inner = _unit(tokens, at + 1, spans)
        return (f"Optional[{inner[0]}]", inner[1]) if inner and inner[0] != UNSAID else None
    if word in _SEQUENCES:
        return _sequence(tokens, at, spans)
    if word in _MAPPINGS:
        return _mapping(tokens, at, spans)
    return _atom(tokens, at, spans)


def _sequence(tokens: Tokens, at: int, spans: list[str]) -> tuple[str, int]:
    outer = _SEQUENCES[tokens[at][0]]
    at += 1
    if at < len(tokens) and tokens[at][0] in _ELEMENT_LINKS:
        element = _union(tokens, at + 1, spans)
        if element is not None and element[0] != UNSAID:
            inner = f"{element[0]}, ..." if outer == "tuple" else element[0]
            return f"{outer}[{inner}]", element[1]
    return outer, at


def _mapping(tokens: Tokens, at: int, spans: list[str]) -> tuple[str, int]:
    outer = _MAPPINGS[tokens[at][0]]
    at += 1
    words = [t for t, _ in tokens]
    link = next((w for w in _MAP_LINKS
                 if words[at:at + len(w.split())] == w.split()), None)
    if link is None and words[at - 1] == "mapping" and "to" in words[at:at + 4]:
        link, at = "", at - 1  # "mapping names to shapes": the noun is the verb
    if link is None:
        return outer, at
    key = _union(tokens, at + max(len(link.split()), 1 if not link else 0), spans)
    if key is None:
        return outer, at
    after = key[1]
    if after < len(tokens) and tokens[after][0] in {"to", "onto"}:
        value = _union(tokens, after + 1, spans)
        if value is not None and (key[0], value[0]) != (UNSAID, UNSAID):
            return f"{outer}[{key[0]}, {value[0]}]", value[1]
    if link == "of" and key[0] != UNSAID:  # "a dictionary of `Shape` objects": its values
        return f"{outer}[{UNSAID}, {key[0]}]", after
    return outer, at


def _atom(tokens: Tokens, at: int, spans: list[str]) -> tuple[str, int] | None:
    """A code span ("`Shape` objects"), a type word ("strings") or, for a noun no
    lexicon names as a type ("names", "shape names"), the unsaid part."""
    word = tokens[at][0]
    if word.startswith("§"):
        span = spans[int(word.strip("§"))].strip("`() ")
        if not re.fullmatch(r"[A-Za-z_][\w.]*(?:\[.*\])?", span):
            return None
        at += 1
        if at < len(tokens) and tokens[at][0] in _OBJECT_WORDS:
            at += 1
        return span, at
    named = _type_word(word)
    if named:
        return named, at + 1
    if word in {",", "or", "and", "to", "of"} or word in _SEQUENCES or word in _MAPPINGS:
        return None
    # a noun or two of no type: "names", "shape names", "file paths"
    at += 1
    if at < len(tokens) and tokens[at][0] not in {",", "or", "and", "to", "onto", "of"} \
            and not tokens[at][0].startswith("§"):
        at += 1
    return UNSAID, at


@cache
def _type_words() -> dict[str, str]:
    """Each single type word, singular and plural, with the builtin it names."""
    found = {w: t for w, t in type_nouns().items() if " " not in w and t != "None" and
             not HAN.search(w)}
    found.update({f"{w}s": t for w, t in list(found.items()) if not w.endswith("s")})
    found.update({"none": "None", "ints": "int", "strs": "str", "bools": "bool"})
    return found


def _type_word(word: str) -> str:
    return _type_words().get(word, "")


# ---------------------------------------------------------------- Chinese
_ENGLISH_BUILTINS = ("none", "int", "str", "float", "bool", "bytes", "list", "tuple", "dict",
                     "set")
"""Builtin types mixed Chinese text writes in English ("int 或 str")."""
_ZH_WORDS = {**{w: t for w, t in type_nouns().items()
                if HAN.search(w) and t in {"str", "int", "float", "bool", "bytes", "list",
                                           "tuple", "dict", "set"}},
             **{w: "None" if w == "none" else w for w in _ENGLISH_BUILTINS}}
"""Type words of a Chinese phrase: the lexicon's type nouns and the builtins in English."""
_ZH_ATOM = (rf"(?:§\d+§{_ZH_OBJECT}|"
            + "|".join(sorted((w for w in _ZH_WORDS if HAN.search(w)), key=len, reverse=True))
            + rf"|(?<![a-z])(?:{'|'.join(_ENGLISH_BUILTINS)})(?![a-z]))")
_ZH_CONTAINER = "|".join(sorted(_ZH_CONTAINERS, key=len, reverse=True))
_ZH_SEQUENCE = re.compile(
    rf"^(?:一个|一|个)?(?:由|包含|含有)?\s*(?P<e>{_ZH_ATOM})\s*(?:组成|构成)?的?\s*"
    rf"(?P<c>{_ZH_CONTAINER})")
_ZH_MAPPING = re.compile(
    rf"^(?:一个)?(?:从|把|将)?\s*(?P<k>{_ZH_ATOM}|[\u4e00-\u9fff]{{1,6}}?)\s*"
    rf"(?:到|映射到|映射为|映射成)\s*(?P<v>{_ZH_ATOM}|[\u4e00-\u9fff]{{1,6}}?)\s*的?\s*"
    r"(?P<c>字典|映射)")
_ZH_UNION = re.compile(rf"^(?:一个)?\s*(?P<a>{_ZH_ATOM})\s*(?:或者|或是|或)\s*(?:一个)?\s*"
                       rf"(?P<b>{_ZH_ATOM})")


def _chinese(rest: str, start: int, spans: list[str]) -> TypePhrase | None:
    hit = _ZH_MAPPING.match(rest)
    if hit is not None:
        key, value = _zh_atom(hit["k"], spans), _zh_atom(hit["v"], spans)
        if (key, value) != (UNSAID, UNSAID):
            return TypePhrase(f"{_ZH_CONTAINERS[hit['c']]}[{key}, {value}]", start + hit.end())
        return None
    hit = _ZH_SEQUENCE.match(rest)
    if hit is not None:
        element = _zh_atom(hit["e"], spans)
        outer = _ZH_CONTAINERS[hit["c"]]
        inner = f"{element}, ..." if outer == "tuple" else element
        return TypePhrase(f"{outer}[{inner}]", start + hit.end())
    hit = _ZH_UNION.match(rest)
    if hit is not None:
        first, second = _zh_atom(hit["a"], spans), _zh_atom(hit["b"], spans)
        if UNSAID not in {first, second} and first != second:
            return TypePhrase(f"Union[{first}, {second}]", start + hit.end())
    return None


def _zh_atom(text: str, spans: list[str]) -> str:
    slot = re.match(r"§(\d+)§", text)
    if slot is not None:
        span = spans[int(slot[1])].strip("`() ")
        return span if re.fullmatch(r"[A-Za-z_][\w.]*", span) else UNSAID
    return _ZH_WORDS.get(text.strip().lower(), UNSAID)


# ---------------------------------------------------------------- claims
_S = r"§(?P<s>\d+)§"
_NOUN = r"(?: ?(?:method|function|property|constant|variable|attribute|setting|option|field))?"
_ANCHOR_TEXTS: tuple[tuple[Relation, str], ...] = (
    ("returns", rf"{_S}{_NOUN} (?:always |only |simply |then |also |just |now )?"
                r"(?:returns|will return) "),
    ("returns", rf"(?:the )?return (?:value|type) of {_S}{_NOUN} is "),
    ("returns", rf"{_S}{_NOUN} (?:方法|函数)? (?:会|将|总是|只|都|则)?返回(?:值(?:是|为))? "),
    ("alias_of", rf"{_S} (?:type alias )?(?:is|acts as|serves as) (?:a |an |the |just "
                 r"|simply )?(?:type |generic |typing )?alias (?:for |of |to |that is "
                 r"|representing |describing |standing for )?"),
    ("alias_of", rf"{_S} (?:type alias )?is (?:defined|declared) as "),
    ("alias_of", rf"{_S} (?:类型别名|type alias)? (?:被)?(?:定义为|等价于|等同于) "),
    ("alias_of", rf"{_S}[^§。；]{{0,12}}?(?:类型别名|type alias)[，,]? ?(?:表示|代表|对应|即|是) "),
    ("value_type", rf"^(?:the )?{_S}{_NOUN} is "),
    ("value_type", rf"^{_S} (?:常量|变量|属性)? 是 "),
)
_ANCHORS = tuple((relation, re.compile(text.replace(" ", " ?")))
                 for relation, text in _ANCHOR_TEXTS)
"""Where a type said in words is an object: what a function returns, what an alias
stands for, what a name's value is."""
_ALIAS_ZH = re.compile(rf"^{_S} ?是 ?(?P<p>.+?) ?的(?:类型)?别名")
"""Chinese puts the type inside: "`X` 是 <type> 的类型别名"."""
_NEGATED = re.compile(r"(?:^|\s)(?:not|never|no longer)\s|n't\s|不|没有|并非")
_CONDITIONAL = re.compile(r"(?:^|\s)(?:if|when|unless|whether)\s|如果|若|当")


def type_claims(sentence: Sentence) -> list[Claim]:
    """The claims of a sentence whose object is a type said in words ("`f` returns a
    list of `Shape` objects", "`X` is an alias for either an int or a string", "`NAMES`
    is a tuple of strings"), one per subject and relation. A negated or conditional
    statement is left to the frames."""
    text = sentence.normalised
    found: dict[tuple[str, str], Claim] = {}
    for relation, anchor in _ANCHORS:
        for hit in anchor.finditer(text):
            before = text[:hit.start()]
            if _NEGATED.search(text[hit.start():hit.end()]) or \
                    _CONDITIONAL.search(before) or _NEGATED.search(before[-12:]):
                continue
            phrase = read_type_phrase(text, hit.end(), list(sentence.spans))
            if phrase is not None and not text[phrase.end:].lstrip().startswith("的"):
                # "`X` 是 `Y` 元组的类型别名": the type modifies another noun
                _add(found, relation, hit["s"], phrase.written, sentence)
    zh = _ALIAS_ZH.search(text)
    if zh is not None:
        inside = _chinese_alias(zh["p"], sentence)
        if inside:
            _add(found, "alias_of", zh["s"], inside, sentence)
    return list(found.values())


def _chinese_alias(phrase: str, sentence: Sentence) -> str:
    """The type the middle of "`X` 是 <type> 的类型别名" says, read whole ("" for none)."""
    read = read_type_phrase(phrase, 0, list(sentence.spans))
    if read is not None and read.end >= len(phrase.rstrip()):
        return read.written
    atom = re.fullmatch(r"§(\d+)§ ?(?P<c>" + _ZH_CONTAINER + ")", phrase.strip())
    if atom is not None:  # "`Shape` 元组的类型别名"
        element = _zh_atom(f"§{atom[1]}§", list(sentence.spans))
        outer = _ZH_CONTAINERS[atom["c"]]
        return f"{outer}[{element}, ...]" if outer == "tuple" else f"{outer}[{element}]"
    return ""


def _add(found: dict[tuple[str, str], Claim], relation: Relation, slot: str, written: str,
         sentence: Sentence) -> None:
    subject = sentence.spans[int(slot)].strip("` ")
    if (subject, relation) in found or not re.fullmatch(r"[\w.]+(?:\(\))?", subject):
        return
    found[(subject, relation)] = Claim(relation, subject=subject, obj=written,
                                       obj_text="words", negated=False, line=sentence.line,
                                       sentence=sentence.text)


__all__ = ["UNSAID", "TypePhrase", "read_type_phrase", "type_claims"]
