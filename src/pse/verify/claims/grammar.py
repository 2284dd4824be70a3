"""The claim grammar: frames of slots, relation cues, negation and quantities.

A frame is a sequence over a normalised clause: the subject slot ``S``, optional
modifiers (adverbs, auxiliaries, negation), a relation cue from the lexicon and the
object (a slot ``O``, a kind word or a number). Frames are written with spaces between
their parts; a space matches an optional space, since the normaliser removes spaces next
to slots and Chinese. The first frame that matches a clause gives its claim; a clause no
frame matches makes no claim. Conditionals and questions state nothing and are skipped.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass

from pse.text.spans import code_spans
from pse.verify.claims import lexicon as L  # noqa: N812 - the grammar reads better short
from pse.verify.claims.counts import excluded_slots, read_count
from pse.verify.claims.cues import RETURNED_NAME_MODIFIES_ZH, cue_reading
from pse.verify.claims.defaults import default_claims
from pse.verify.claims.examples import example_claims, said_own
from pse.verify.claims.model import ANY_DECORATOR, ANY_ERROR, ANY_VALUE, Claim, Relation
from pse.verify.claims.plurals import plural_kind_claims
from pse.verify.claims.project import project_claims
from pse.verify.claims.prose import DOTTED, Sentence
from pse.verify.claims.tags import definition_kind, definition_nouns
from pse.verify.claims.typephrase import type_claims
from pse.verify.claims.values import OPTIONAL, REQUIRED, canonical_value
from pse.verify.claims.words import HAN, alternation, builtin_type, kind_nouns, type_nouns, words

_PLAIN = (r"(?:(?:plain|ordinary|standard|regular|simple|bare|vanilla|python's|builtin"
          r"|built-in|stdlib|standard-library|standard library's|the standard library's) )?")
"""An adjective before an object that leaves it the same object ("built on plain
`enum.Enum`", "inherits from the built-in `dict`")."""
S = rf"§(?P<s>\d+)§{L.SUBJ_NOUN}"
SZ = rf"§(?P<s>\d+)§{L.SUBJ_NOUN_ZH}"
O = (rf"(?:the )?{_PLAIN}(?:(?:base |parent )?class |exception |{L.PLACE_NOUN} )?"  # noqa: E741 - O is the object slot
     rf"§(?P<o>\d+)§{L.OBJ_NOUN}")
OZ = rf"(?:{L.PLACE_NOUN_ZH})?§(?P<o>\d+)§{L.OBJ_NOUN_ZH}"
# the subject of a passive frame comes second: the slots swap names
S2 = rf"§(?P<o>\d+)§{L.SUBJ_NOUN}"
O2 = rf"(?:the )?§(?P<s>\d+)§{L.OBJ_NOUN}"
S2Z = rf"§(?P<o>\d+)§{L.SUBJ_NOUN_ZH}"
O2Z = rf"§(?P<s>\d+)§{L.OBJ_NOUN_ZH}"
PRE = rf"{L.ADV}{L.AUX}{L.NEG}{L.ADV}"
WITH_ZH = r"(?:(?:与|和|跟|同)[^§，,。]{1,10}?一起)?"
"""A company before the verb ("与父类一起写在 `x` 里"): the verb is still the subject's."""
PRE_ZH = rf"{WITH_ZH}{L.ADV_ZH}{L.NEG_ZH}{L.ADV_ZH}{L.AUX_ZH}{L.ADV_ZH}"
BE_NEG = rf"{L.ADV}{L.BE} {L.NEG}{L.ADV}"
NEG_ZH = rf"{L.ADV_ZH}{L.NEG_ZH}{L.ADV_ZH}"
TOTAL_ZH = r"(?:一共|总共|共)?"
# a prepositional phrase before a Chinese verb says to what or where, not who acts:
# "会对每个监听器调用 `remove_listener`"
PP_ZH = r"(?:(?:对|向|给|为|在|从|针对)[^§，。；]{1,12}?)?"
CTOR_ZH = (r"(?:的 ?(?:构造函数|构造方法|构造器|初始化方法|constructor|initializer"
           r"|initialiser))?")  # counted as the class's own
GLOSS = r"(?:[a-z][a-z ]*)?"  # the English word a Chinese kind is glossed with
COUNT_NOUN = alternation(words("count_nouns"))
_CONTAINER = r"(?:dict|dictionary|mapping|list|tuple|set)"
_CONTAINER_ZH = r"(?:字典|列表|元组|集合|映射|映射表)"
"""A value's container noun after its name: its entries are counted whatever the text
calls them."""
# Kinds of class the lexicons name ("enumeration", 数据类), tried before the built-in kind
# words so "enum class" is an enum, not a class; a predicate may put up to two free
# modifiers before its kind noun ("a small factory function"), never a function word.
_LEXICON_KINDS = alternation(list(kind_nouns()))
KIND = rf"(?:{_LEXICON_KINDS}|{L.KIND_EN})"
KIND_ZH = rf"(?:{_LEXICON_KINDS}|{L.KIND_ZH}|{L.KIND_EN})"  # mixed: "是一个 static method"
_FUNCTION_WORDS = (r"(?:of|for|to|in|on|at|with|from|by|the|a|an|and|or|not|no|but|that|which"
                   r"|is|are|as|its|their|this|these)")
# ``\x20``, not a space: frames make their spaces optional, which would split a word in two
MODIFIERS = rf"(?:(?!{_FUNCTION_WORDS}(?:\x20|§))[a-z][a-z-]*(?:\x20|(?=§))){{0,2}}?"
MODIFIERS_ZH = r"(?:[\u4e00-\u9fff](?<![不非没无的])){0,4}?"
NOT_FREE = r"(?:[a-z-]+\x20)*(?:exception|error)s?(?![a-z])"
# what may follow the kind noun: the grammar's tail words, or a post-modifier ("a class
# used to ...", "a function for ...", "an enumeration of ...", "a helper wrapping ...")
KIND_TAIL = (rf"(?:{L.TAIL}|\x20(?:used|meant|designed|intended|responsible|for|to|of|kept"
             r"|in|inside|within|defined|declared|that|which|[a-z]{2,}ing)\b.*$)")
RETURN_VERB = alternation(words("return_verbs"))
# a builtin type said in words ("returns a string", "返回一个布尔值"), as its head noun: not
# a modifier of another ("a list-like object"), nor one of two ("a dict or a list")
TYPE_NOUN = (rf"(?:plain |new |single |python |native |built-in |builtin |raw |regular |json )?"
             rf"(?P<t>{alternation(list(type_nouns()))})(?![\w-])(?! ?(?:or|或|或者)(?![a-z]))")
_TYPE_MODIFIER_ZH = rf"(?:[^§，,。；;]{{1,10}}的 ?)?(?:[a-z][a-z-]* ?){{0,2}}{MODIFIERS_ZH}"
"""What may come before a Chinese type noun, which heads its phrase ("单词列表", "key 列表",
"由单词组成的列表")."""
_ITERATOR_NOUN = (r"(?P<it>generator|iterator|生成器|迭代器)(?: object|对象)?(?![\w-])"
                  r"(?! ?(?:or|或|或者|expression|function|函数)(?![a-z]))")
"""A generator or an iterator, the object of "returns": the outside class it stands for
decides (a call of a function that yields is a generator)."""
_ITERATOR_CLASSES = {"generator": "collections.abc.Generator",
                     "生成器": "collections.abc.Generator",
                     "iterator": "collections.abc.Iterator",
                     "迭代器": "collections.abc.Iterator"}
_NOT_ENTRIES = (r"(?:methods?|functions?|params?|parameters?|arguments?|args?|classes|class"
                r"|exceptions?|subclasses|bases|lines|characters|chars|bytes|seconds|times"
                r"|方法|函数|参数|类|子类|异常|行|字符|字节|秒|次|"
                + alternation([*definition_nouns(), *words("subclass_count_nouns")])[3:])
"""Nouns that count something other than a value's entries (a call count, a size, a
module's definitions of one kind, a class's subclasses)."""
_NOT_HEAD = (r"(?! ?(?:attribute|method|variable|member|field|name|constant|propert|level|bod"
             r"|hierarch|decorator|instance|object|call|param|argument|signature|definition"
             r"|docstring|var|helper|wrapper|factor|type)s?\b)")
"""After "class"/"function" in a definition count, no noun it modifies ("eight class
attributes" counts attributes, not classes)."""
_ORDINAL = (r"(?P<ord>first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th"
            r"|last|final)")
_ORDINAL_ZH = r"第(?P<ordz>[一二三四五六\d])"
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
             "4th": 4, "fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "last": -1, "final": -1,
             "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6}
"""An ordinal's place, counted from 1 (the last: -1)."""
_PLAIN_ZH = r"(?:不可变的|可变的|普通的?|简单的?|纯|(?:预)?(?:编译|compile) ?(?:好|过|后)?的)?"
"""What a Chinese value noun may be before its type ("一个普通字符串", "不可变的 `tuple`")."""
_CODE_TYPE = r"§(?P<tc>\d+)§"
"""A builtin type written as code (`float`): the span must name one (read in ``_claim``)."""
_CODE_HELD = r"§(?P<tv>\d+)§"
"""The type of what a name holds ("holds a `float`", "保存的是一个 `pathlib.Path` 对象"): a
builtin type is a value type, any other class one the value is an instance of."""
_RETURNED_ZH = r"(?:(?:会|将)?(?:返回|return|returns) ?的)"
_WHEN_ZH = r"(?:最后|最终|总是|始终|通常|一般|都|只|直接|默认)?"
"""An adverb of when or how often between a Chinese subject and its verb ("最后 return")."""
_RETURN_NOUN = (r"(?:return value|return type(?: annotation| hint)?|return annotation|result"
                r"|returned value)")
"""What a function gives back, or its annotation, named ("the return type of `f`")."""
_RETURN_NOUN_ZH = (r"的?返回(?:值|类型|结果)(?:类型)?(?:注解|标注)?|的(?:调用)?结果"
                   r"|的 ?(?:return (?:type|annotation)(?: annotation| hint)? ?(?:注解|标注)?"
                   r"|return value")
"""The same after a Chinese subject ("`f` 的返回类型注解为", "`f` 的 return type 是"); the
frames close its last group."""
"""What a function gives back, as a noun ("返回的是 `str`", "return 的是 `str`")."""
_FIELD = (r"(?: (?P<fld>flag|field|parameter|param|argument|option|setting|attribute"
          r"|keyword argument|kwarg|keyword))?")
_FIELD_ZH = (r"(?:(?P<fld>字段|参数|属性|选项|配置项|标志)|(?P<fle>parameter|param|argument|arg"
             r"|option|flag|field|attribute|kwarg|keyword argument|keyword|setting) ?)?")
"""The noun after a field's name, Chinese or, in mixed text, English ("`f` 的 `x` parameter
default 是 `1`")."""
_EMPTY_VALUE = (r"(?:(?:an? |the )?empty (?:dict|dictionary|mapping|list|tuple|set|string|str)"
                r"|空的?(?:dict|字典|list|列表|tuple|元组|set|集合|字符串|string))")
_VALUE_NOUN = r"(?:(?:the |a |an )?(?:string|value|integer|number|float|boolean|literal) )?"
"""What a value is called before it is written ("set to the string `"hmac"`")."""
_VALUE = (rf"(?:一个)?(?:(?P<v>true|false|none|null|zero|-?\d+(?:\.\d+)?|{_EMPTY_VALUE})"
          r"(?:(?<=\d) ?(?:秒钟?|seconds?|secs?))?(?![\w.§])"
          rf"|(?:{_EMPTY_VALUE} ?)?§(?P<vs>\d+)§(?!§))")
"""A default value: a literal word, a number (with "seconds" after it, the unit Python's
timeouts are written in), an empty container, or a code span, which the words for an empty
container may precede ("空列表 `[]`"; the normaliser writes a span with no space before the
next word: "is `x` by default")."""
# the function a parameter's default is said of: "`f`'s `x` defaults to", "the `x` argument
# of `f()` defaults to", "`f` 的 `x` 参数默认为" (a default is then the signature's)
OWNER = r"(?:§(?P<own>\d+)§ ?'s )?"
OF_OWNER = (r"(?: (?:of|for|to|in) (?:the )?§(?P<own2>\d+)§(?: (?:function|method|class"
            r"|constructor))?)?")
OWNER_ZH = (r"(?:§(?P<own>\d+)§(?:函数|方法|类|的构造函数)?(?:的|中的|里的) ?"
            r"(?:(?:参数|形参|属性|字段|选项|关键字参数|parameter|argument|option) ?)?)?")

OTHER_CLASSES = (r"(?:all |many |several |various |most |the )*(?:other |derived |its |the "
                 r"other )*(?:classes|subclasses|exceptions|errors|types)")
KIND_OF_CLASSES = (r"(?:(?:all|many|several|various|most|the|other|its|custom|concrete|specific"
                   r"|different|user-defined) )*(?:[a-z][a-z-]* ){0,3}[a-z][a-z-]*s(?![a-z])")
"""A plural noun phrase naming what derives from a base: "block processors", "all graph
objects", "custom storages" (a base class for them has subclasses, here or the user's)."""
BASE_OF_OTHERS = (rf"(?:the|a|an) (?:(?:common |shared |abstract |root )?(?:base|parent|super) ?"
                  rf"class (?:(?:from which|which|that) {OTHER_CLASSES} (?:inherit|derive|extend)"
                  rf"|(?:for|of) {OTHER_CLASSES})"
                  rf"|(?:common |shared |root |generic )?(?:base|parent|super) ?class"
                  rf"(?:(?=$|[,;:.(]| that | which | with | and | used | providing )"
                  rf"| (?:for|of) {KIND_OF_CLASSES}))")
"""A class said to be a base of others: "the base class for block processors", "a base
class, ...", "the base class from which other classes inherit". "the base class of `B`"
names the other class (a subclass claim), so a code name after "of" is not read here; "an
abstract base class" alone is its kind (read by the kind frames)."""

_NOT_A_MODIFIER_ZH = rf"(?!{RETURNED_NAME_MODIFIES_ZH})"
"""After a returned code name in Chinese: not a modifier of the returned noun (see
:data:`.cues.RETURNED_NAME_MODIFIES_ZH`)."""

_FRAMES: list[tuple[Relation, str]] = [
    # ---- a parameter with its default, before what takes it: "takes an `x` argument with
    # a default of `1`" says the default (the parameter is read from the noun phrase)
    ("default", rf"(?:§(?P<own>\d+)§ {PRE}(?:takes|accepts|has) (?:an? |the )?)?{S}{_FIELD}"
                rf" (?:with|having) (?:a|the|its) default(?: value)? (?:of |= ?)?{_VALUE}"),
    # "takes an optional `x` flag, `True` by default"; "... an `x` argument that defaults
    # to `1`"
    ("default", rf"§(?P<own>\d+)§ {PRE}(?:takes|accepts|has) (?:an? |the )?(?:optional )?"
                rf"{S}{_FIELD},? (?:which is |that is |and it is )?{_VALUE} by default"),
    ("default", rf"§(?P<own>\d+)§ {PRE}(?:takes|accepts|has) (?:an? |the )?(?:optional )?"
                rf"{S}{_FIELD},? (?:which|that|and it) (?:defaults|default) to {_VALUE}"),
    # "`f` defaults `x` to `1`"; "`f` uses `1` as its default `x`", "... as the default for `x`"
    ("default", rf"§(?P<own>\d+)§ {PRE}(?:defaults|default) (?:its |the )?{S}{_FIELD} to "
                rf"{_VALUE}"),
    ("default", rf"§(?P<own>\d+)§ {PRE}(?:uses|use|takes|take) {_VALUE} as (?:its |the )?"
                rf"default(?: value)?(?: for| of)?(?: its| the)? {S}{_FIELD}"),
    # "`f` 默认使用 `1` 作为 `x`"
    ("default", rf"§(?P<own>\d+)§{NEG_ZH}默认(?:使用|用|采用|以){_VALUE}(?:作为|当作|做为|为)"
                rf"(?:其|它的)?{SZ}{_FIELD_ZH}"),
    # ---- the type of a value, written as code: "`X` holds a `float`", "`X` 的值是一个 `float`"
    # (before possession and counts, which "holds a" and "一个" would read; "`X` is a `float`"
    # is the is-a frame, which reads a value's type too)
    # (not of a class or its objects: "The `Lexer` class is initialized with `lexdata`"
    # names what its constructor takes, below)
    ("value_type", rf"^(?:the )?§(?P<s>\d+)§(?! (?:class|object|instance)(?![a-z])){L.SUBJ_NOUN}"
                   rf"(?: constant| variable| attribute| value| setting)? {PRE}"
                   rf"(?:(?:holds|stores|keeps|is set to|is assigned|is initiali[sz]ed"
                   rf" (?:to|with)) (?:a |an )?|is bound to (?:a |an )){_CODE_HELD}"
                   r"(?: ?(?:value|object|instance|number|constant))?$"),
    # "`X` is a `list` of strings", "`X` is declared as a Python `list` rather than a tuple"
    ("value_type", rf"^(?:the )?{S}(?: setting| option| global| table| map| lookup table)? "
                   rf"{BE_NEG}(?:(?:declared|defined|stored|kept|written|built) "
                   r"as )?(?:a |an )?(?:python |plain |builtin |built-in |mutable |immutable )?"
                   rf"{_CODE_TYPE}(?: (?:of|containing|holding|with|that|which|rather than"
                   r"|instead of|mapping|listing)(?![a-z]).*)?$"),
    ("value_type", rf"^(?:the )?{S}(?: constant| variable| attribute)?'s (?:value|type) {BE_NEG}"
                   rf"(?:a |an )?{_CODE_HELD}(?: ?(?:value|object|instance))?$"),
    ("value_type", rf"{SZ}(?:常量|变量|属性)?(?:的值|的取值|的值的类型|的(?:值|取值|数据)?类型"
                   rf"|值的类型){NEG_ZH}"
                   rf"(?:是|为)(?:一个|个)?{_CODE_HELD}(?:常量|对象|类型|值|实例)?$"),
    ("value_type", rf"{SZ}(?:常量|变量|属性)?{NEG_ZH}(?:保存|存储|存放|持有)(?:着|了|的是)?"
                   rf"(?:一个|个)?{_CODE_HELD}(?: ?(?:常量|对象|类型|值|实例))?$"),
    ("value_type", rf"{SZ}{NEG_ZH}(?:是|为)(?:一个|个)?(?:[^§，,。；;]{{1,12}}的 ?)?{_PLAIN_ZH}"
                   rf"{_CODE_TYPE}"
                   r" ?(?:常量|对象|类型|值|实例|constant|object|value|instance)?$"),
    # ---- aliases (before kinds: "`X` is a type alias for `Y`" names what it stands for)
    ("alias_of", rf"{S} {BE_NEG}(?:(?:kept|provided|retained|left|maintained|offered|exposed"
                 r"|exported|defined|declared|added|introduced) as )?"
                 rf"{L.DET}{MODIFIERS}{L.ALIAS_NOUN} (?:for|of|to) {L.DET}{O}"),
    # "is the same object as", "refers to the same class as", "points to", 指向 / 等同于
    ("alias_of", rf"{S} (?:{BE_NEG}(?:just |simply |really |literally )?|(?:refers|points) to )"
                 r"the (?:very )?same (?:object|class|function|callable|type|thing|value"
                 rf"|definition) as {O}"),
    ("alias_of", rf"{S} {L.ADV}(?:points|refers) (?:directly )?to {O}$"),
    # "is `Y` under another name", "is bound to `Y`", "被绑定到 `Y`"
    ("alias_of", rf"{S} {BE_NEG}(?:just |simply |really |merely |only )?{O},? (?:under|by|with)"
                 r" (?:another|a different|a second|an older|an old|a new|a shorter|its old"
                 r"|its former|a legacy) name"),
    ("alias_of", rf"{S} {BE_NEG}(?:just |simply |directly )?bound to {L.DET}{O}$"),
    ("alias_of", rf"{SZ}{NEG_ZH}(?:直接)?(?:被)?绑定(?:到|为|给|成)了?{OZ}$"),
    # both named first: "`A` and `B` are the same object", "`A` 和 `B` 是同一个对象"
    ("alias_of", rf"{S} and {O} (?:{L.BE} |(?:both )?(?:refer|point) to )(?:just |really "
                 r"|literally |both )?(?:one and )?the (?:very )?same (?:object|class|function"
                 r"|callable|type|thing|value|definition)$"),
    ("alias_of", rf"{SZ}(?:和|与|跟|同){OZ}(?:其实|实际上|本质上)?(?:都)?(?:是|指向|引用)"
                 r"(?:的是)?(?:同一个|同一)(?:个)?(?:对象|函数|类|东西|值|object|function|class)"
                 r"(?:[，,].*)?$"),
    ("alias_of", rf"{SZ}{NEG_ZH}(?:直接)?(?:指向|等同于|等价于)(?:的是)?{OZ}$"),
    # the other way round: "`B` 的别名是 `A`", "`B` has an alias, `A`"
    ("alias_of", rf"{S2Z}的(?:一个)?{L.ALIAS_NOUN_ZH}(?:是|为|叫做|叫){O2Z}$"),
    ("alias_of", rf"{S2} {BE_NEG}(?:aliased|also known|known|re-?exported|exported) as {O2}"),
    ("alias_of", rf"{SZ}{NEG_ZH}(?:是|为|就是|只是)?{OZ}的(?:一个|个)?{MODIFIERS_ZH}"
                 rf"{L.ALIAS_NOUN_ZH}"),
    # ---- counts (before possession: "has 3 parameters")
    ("param_count", rf"{S}(?: ?'s signature)? {PRE}{L.HAVE} "
                    r"(?:exactly |only |just |precisely |a total of |in total )?"
                    rf"{L.NUMBER} {L.COUNT_PARAM}"),
    ("param_count", rf"{SZ}{CTOR_ZH}(?:{L.BESIDES}§\d+§(?:之外|以外|外)?)?{PRE_ZH}{TOTAL_ZH}"
                    rf"{L.HAVE_ZH}{TOTAL_ZH}{L.NUMBER_ZH}(?:个| ){L.SORT_ZH}"
                    rf"(?P<pnoun>{L.PARAM_ZH})"),
    # "不接受任何参数", "没有参数": none at all
    ("param_count", rf"{SZ}{CTOR_ZH}(?:并不|不|并没有|没有)(?:接受|接收|需要|带|有)?(?P<num>任何)?"
                    rf"{L.PARAM_ZH}$"),
    ("param_count", rf"(?:the )?signature of {S} (?:has|lists|contains|includes) {L.NUMBER} "
                    rf"{L.COUNT_PARAM}"),
    ("param_count", rf"{SZ}的(?:函数)?签名(?:里|中)?{TOTAL_ZH}(?:有|包含|包括){L.NUMBER_ZH}个"),
    ("param_count", rf"{SZ}的{L.PARAM_ZH}(?:一共|总共|共)?(?:有)?{L.NUMBER_ZH}个"),
    ("param_count", rf"{SZ}的{L.PARAM_ZH}(?:个数|数量|数目|总数)(?:一共|总共|共)?(?:为|是|有|等于)"
                    rf"{L.NUMBER_ZH}(?:个)?$"),
    # ---- which parameter comes where: "the second argument of `f` is `x`", "`f` 的第二个参数
    # 是 `x`" (the normaliser drops "first", an adverb elsewhere: the builder reads it back)
    ("param_position", rf"^(?:the )?(?:very )?(?:{_ORDINAL} )?(?:positional )?(?:parameter|argument"
                       rf"|param|arg) (?:of|to|for|that) {S}(?: takes| accepts)? {BE_NEG}"
                       r"(?:the )?§(?P<o>\d+)§"),
    ("param_position", rf"{S} ?'s (?:{_ORDINAL} )?(?:positional )?(?:parameter|argument|param|arg) "
                       rf"{BE_NEG}(?:the )?§(?P<o>\d+)§"),
    ("param_position", rf"{S} {PRE}(?:takes|accepts|receives|expects) (?:the )?§(?P<o>\d+)§ "
                       rf"(?:parameter |argument )?as (?:its|the) (?:{_ORDINAL} )?(?:positional )?"
                       r"(?:parameter|argument|param|arg)"),
    ("param_position", rf"{SZ}(?:的|接收的|接受的)(?:{_ORDINAL_ZH}个?|首个)(?:位置)?"
                       rf"(?:{L.PARAM_ZH}){NEG_ZH}(?:是|为|叫|叫做|名为)§(?P<o>\d+)§"),
    # ---- how many times the source calls a name ("is called seven times", "被调用了 7 次")
    ("call_count", rf"{S} {L.ADV}(?:is|are|gets|get) {L.ADV}(?:called|invoked) (?:exactly |only "
                   rf"|just |a total of )?(?:(?P<once>once|twice|thrice)|{L.NUMBER} times)"
                   r"(?![a-z])"),
    ("call_count", rf"{SZ}(?:在[^§，,。；]{{0,16}}?)?{TOTAL_ZH}被(?:调用|call)了?{TOTAL_ZH}"
                   rf"{L.NUMBER_ZH}次"),
    # ---- counts of a class's bases ("has two base classes", "有两个父类")
    ("base_count", rf"{S} {PRE}(?:has|have) (?:exactly |only |just )?{L.NUMBER} "
                   r"(?:direct |immediate )?(?:base classes|base class|bases|base|parent classes"
                   r"|parent class|parents|superclasses|superclass)(?![a-z])"),
    ("base_count", rf"{SZ}{PRE_ZH}{TOTAL_ZH}(?:有|拥有){TOTAL_ZH}{L.NUMBER_ZH}个(?:直接的?)?"
                   r"(?:父类|基类|超类|base classes|bases|parent classes)"),
    ("base_count", rf"{SZ}的(?:直接)?(?:父类|基类|超类|bases|base classes|parent classes)"
                   rf"{TOTAL_ZH}(?:有|是){TOTAL_ZH}{L.NUMBER_ZH}个"),
    # ---- how many classes of the tree derive from a class ("has four subclasses",
    # "一共有四个子类"), before the definitions of a module ("四个...类")
    ("subclass_count", rf"{S} {PRE}(?:has|have) (?:exactly |only |just |a total of )?"
                       rf"{L.NUMBER} (?P<dm>direct |immediate )?(?:subclasses|subclass"
                       r"|child classes|derived classes)(?![a-z])"),
    ("subclass_count", rf"{SZ}{PRE_ZH}{TOTAL_ZH}(?:有|拥有|派生出?了?){TOTAL_ZH}"
                       rf"{L.NUMBER_ZH}个(?P<dm>直接的?)?(?:子类|派生类|subclass(?:es)?)"),
    ("subclass_count", rf"{SZ}的(?P<dm>直接)?(?:子类|派生类|subclasses){TOTAL_ZH}(?:有|是)?"
                       rf"{TOTAL_ZH}{L.NUMBER_ZH}个"),
    # ---- how many classes or functions a module or file defines ("`m.py` defines five
    # classes", "`m.py` 一共定义了五个序列化器类")
    ("definition_count", rf"{S} {PRE}(?:defines|define|declares|declare|contains|contain"
                         rf"|holds|hold|has|have|provides|provide) (?:exactly |only |just "
                         rf"|a total of )?{L.NUMBER} (?P<dm>(?:[a-z-]+ ){{0,2}}?)"
                         r"(?P<dn>classes|functions|exceptions|class|function|exception)"
                         rf"(?![a-z]){_NOT_HEAD}"),
    # "there are three classes in `m.py`", "only two exceptions are defined in `m.py`"
    ("definition_count", rf"^(?:there (?:are|is) |(?:only |exactly )?)(?:exactly |only |just )?"
                         rf"{L.NUMBER} (?P<dm>(?:[a-z-]+ ){{0,2}}?)(?P<dn>classes|functions"
                         rf"|exceptions|class|function|exception)(?![a-z]){_NOT_HEAD} (?:are |is )?"
                         rf"(?:defined |declared )?"
                         rf"(?:in|inside|within) (?:the )?(?:module |file )?§(?P<s>\d+)§"
                         r"(?: (?:module|file))?$"),
    ("definition_count", rf"{SZ}(?:文件|模块|module|file)?(?:的)?(?:顶层|顶级|最外层)?"
                         rf"(?:里|中|内|上)?{PRE_ZH}{TOTAL_ZH}(?:定义了?|声明了?|包含了?|有|提供了?){TOTAL_ZH}{L.NUMBER_ZH}(?:个|种)"
                         r"(?P<dm>[\u4e00-\u9fffA-Za-z]{0,6}?) ?(?P<dn>异常类|异常|类|函数|class"
                         r"|function|exception)(?![\u4e00-\u9fffa-z])"),
    # the noun first: "`m.py` 里的模块级函数（module-level function）共有 11 个"
    ("definition_count", rf"{SZ}(?:文件|模块|module|file)?(?:里|中|内)的"
                         r"(?P<dm>[\u4e00-\u9fffA-Za-z]{0,6}?)(?P<dn>异常类|异常|类|函数)"
                         rf"(?: ?[a-z][a-z -]*)?{TOTAL_ZH}(?:有|是)?{TOTAL_ZH}{L.NUMBER_ZH}"
                         r"(?:个|种)$"),
    # ---- counts of an enumeration's members ("has three states", "有四个成员")
    ("member_count", rf"{S} {PRE}(?:{L.HAVE}|contains|contain|consists of|consist of"
                     r"|is made up of|are made up of|comprises|comprise|lists|list) "
                     rf"(?:exactly |only |just |a total of )?{L.NUMBER} "
                     rf"(?:possible |different |distinct |named )?{COUNT_NOUN}(?![a-z])"
                     # "has five states in `STATES`": the value that holds them is counted
                     r"(?! ?(?:in|inside|within) ?(?:its ?|the ?)?§)"),
    # a container named as one counts its entries, whatever they are called ("the `X`
    # dict has 5 languages", "`X` 字典里有 5 个语言")
    ("member_count", rf"{S} {_CONTAINER} {PRE}(?:{L.HAVE}|contains|contain|holds|hold|lists"
                     rf"|list|maps|map) (?:exactly |only |just |a total of )?{L.NUMBER} "
                     r"(?:[a-z-]+ )?[a-z-]+s(?![a-z])"),
    # a count the names listed after it make a count of members, whatever the noun ("defines
    # three sources: `A`, `B` and `C`"); decided only for enumerations and records
    ("member_count", rf"{S} {PRE}(?:{L.HAVE}|contains|contain|defines|define|declares"
                     r"|declare|provides|provide|supports|support|offers|offer|exposes"
                     r"|expose|exports|export|lists|list|includes|include) (?:exactly |only "
                     rf"|just |a total of )?{L.NUMBER} (?P<cn>(?:[a-z-]+ )?[a-z-]+s) ?[:：] ?"
                     r"§\d+§ ?"
                     r"(?:[,，、]|(?:and|or) ?§)"),
    ("member_count", rf"{SZ}(?:里面|里|中|内)?{PRE_ZH}{TOTAL_ZH}(?:有|包含|包括|定义了?|拥有"
                     rf"|提供了?|支持|导出了?){TOTAL_ZH}"
                     rf"{L.NUMBER_ZH}(?:个|种)(?P<cn>(?:public ?)?[\u4e00-\u9fff]{{1,6}})[:：] ?"
                     r"§\d+§ ?(?:[,，、]|(?:和|与|及|以及|或) ?§)"),
    ("member_count", rf"{SZ}{_CONTAINER_ZH}(?:里面|里|中|内)?{TOTAL_ZH}(?:有|包含|包括|列了"
                     rf"|列出了?|存了|存放了?|导出了?){TOTAL_ZH}{L.NUMBER_ZH}(?:个|种|项|条)"),
    ("member_count", rf"there (?:are|is) (?:exactly |only |just )?{L.NUMBER} "
                     rf"(?:possible |different |distinct )?{COUNT_NOUN} (?:in|on|of|for) "
                     rf"(?:the )?{S}"),
    ("member_count", rf"{SZ}的{COUNT_NOUN}{TOTAL_ZH}(?:有|是)?{TOTAL_ZH}{L.NUMBER_ZH}(?:个|种)"),
    ("member_count", rf"{SZ}{PRE_ZH}{TOTAL_ZH}(?:有|包含|包括|定义了|拥有){TOTAL_ZH}{L.NUMBER_ZH}"
                     rf"(?:个|种)(?:可能的|不同的)?{COUNT_NOUN}"),
    # ---- possession: parameters, methods, members (the noun decides)
    # "`retry` is a function that takes a function `caller`": what the relative clause
    # says the callable takes (an argument described by its kind, then its name)
    ("has_param", rf"{S} (?:is|are) (?:a|an) (?:[a-z-]+ )?(?:function|method|decorator"
                  r"|callable|coroutine|helper|wrapper) (?:that|which) (?P<verb>takes|accepts"
                  rf"|receives|expects) (?:a |an |the )?(?:[a-z-]+ )?§(?P<o>\d+)§"
                  r"(?! ?(?:function|method|callable|object|instance|class))"),
    ("has_param", rf"{S} {PRE}{L.HAVE} (?P<neg2>no )?{L.DET}{L.PARAM_ADJ}(?P<n1>{L.NOUN} )?"
                  r"(?:named |called )?"
                  rf"§(?P<o>\d+)§(?P<n2> {L.NOUN}|{L.NOUN_ZH})?"),
    ("has_param", rf"there (?:is|are|exists) (?P<neg>no |not an? |not any )?{L.DET}"
                  rf"(?P<n1>{L.NOUN} )?(?:named |called )?§(?P<o>\d+)§(?P<n2> {L.NOUN})? "
                  rf"(?:on|in|of|for|defined on|defined in|in the class) (?:the )?§(?P<s>\d+)§"),
    ("has_param", rf"{S2} {L.BE} {L.NEG}{L.DET}(?:(?:direct|own|valid|required|optional|first"
                  rf"|second|last|keyword|positional|private|public|internal|protected"
                  rf"|helper|static|special|magic|dunder|abstract|async) )*(?P<n1>{L.NOUN})"
                  rf" (?:of|on|to|for) {O2}"),
    ("has_param", rf"{S2} {L.BE} {L.NEG}(?:one of|among) {L.DET}(?P<n1>{L.NOUN}) "
                  rf"(?:of|on|to|for) {O2}"),
    ("has_param", rf"{S} ?'s (?P<n1>signature|parameter list|parameters|arguments) {L.NEG}"
                  rf"(?:includes|include|contains|contain|has|lists|list|mentions|are|is) "
                  rf"{L.DET}§(?P<o>\d+)§"),
    # "`A`'s fields include `x`", "`A` 的方法有 `x`": the noun says which members
    ("has_param", rf"{S} ?'s (?:(?:public|own|main|key) )?(?P<n1>{L.METHOD_NOUN}|{L.MEMBER_NOUN}) "
                  rf"{L.NEG}(?:include|includes|are|is|contain|contains|consist of|consists of)"
                  rf" {L.DET}§(?P<o>\d+)§"),
    ("has_param", rf"{SZ}的(?:公开的?|主要的?)?(?P<n1>{L.METHOD_ZH}|{L.MEMBER_ZH})"
                  rf"(?:里|中|列表里|列表中)?{L.NEG_ZH}(?:有|包括|包含|含有|是)(?:了)?§(?P<o>\d+)§"),
    ("has_param", rf"{S} {L.ADV}{L.AUX}{L.NEG}(?:be )?(?P<n1>called with) {L.DET}§(?P<o>\d+)§"),
    # "`JobQueue` is instantiated with the `policy` and `sleep` parameters": its
    # constructor's (a value passed, "with the `time.sleep` function", names none)
    ("has_param", rf"{S} {L.ADV}{L.AUX}{L.NEG}(?:be |is |are |was |gets |get )?"
                  r"(?P<n1>created|initiali[sz]ed|instantiated|constructed) (?:with|using) "
                  rf"{L.DET}(?:(?:string|integer|boolean|number|line number|list|dict"
                  r"|dictionary|mapping|callable|path|file name|filename|name) )?"
                  rf"§(?P<o>\d+)§(?! ?(?:function|method|callable|callback|module))"),
    # "stores the names in a `keys` attribute": where a value is kept names a member
    ("has_param", rf"{S} {PRE}(?:stores|store|keeps|keep|holds|hold|records|record|saves|save"
                  rf"|puts|put|caches|cache|remembers|remember) [^§]{{1,40}}? (?:in|as|under|into)"
                  rf" {L.DET}(?:(?:private|public|instance|class|separate) )?§(?P<o>\d+)§ "
                  rf"(?P<n2>{L.MEMBER_NOUN})"),
    ("has_param", rf"(?:(?:you|one|we) )?{L.AUX}{L.NEG}(?P<n1>call) §(?P<o>\d+)§ (?:on|of) "
                  rf"(?:the )?§(?P<s>\d+)§"),
    # "pass `timeout` as a keyword argument to `f()`": with the noun only; "pass `cart` to
    # `checkout()`" passes a value, not a parameter of that name
    ("has_param", rf"(?:(?:you|one|we) )?{L.AUX}{L.NEG}(?P<n1>pass) {L.DET}§(?P<o>\d+)§ "
                  r"(?:as )?(?:an? |the )?(?:keyword argument|named argument|keyword|kwarg"
                  r"|parameter|option) (?:to|into) (?:the )?"
                  r"§(?P<s>\d+)§"),
    ("has_param", rf"no {L.DET}(?P<n1>{L.NOUN} )?(?:named |called )?§(?P<o>\d+)§(?P<n2> {L.NOUN})? "
                  rf"(?P<neg>exists|is defined|is available) (?:on|in|for) (?:the )?§(?P<s>\d+)§"),
    ("has_param", rf"{S2} {L.BE} {L.NEG}{L.ADV}(?P<n1>accepted|taken|expected|supported|received)"
                  rf" by {O2}"),
    # "`f` 除了 `a` 之外还接受一个 `b` 参数": the claim is of `b`, `a` is the company
    ("has_param", rf"{SZ}{CTOR_ZH}(?:上|里|中|内|身上|类里|类中)?"
                  rf"(?:[，,]?{L.BESIDES}§\d+§(?:(?:和|、|,|，)§\d+§)*(?:之外|以外|外)?[，,]?)?"
                  rf"(?:还|也|同样|都)?{PRE_ZH}"
                  rf"{L.HAVE_ZH}(?:一个|个|一|名为|叫做|叫|名叫|自己的|自身的"
                  r"|从§\d+§(?:那里|中)?继承(?:来|而来|下来)?的 ?)*"
                  rf"§(?P<o>\d+)§(?:这个|这一个|的)?(?P<n2>{L.NOUN_ZH})?"),
    ("has_param", rf"{S2Z}(?:参数|形参|这个参数)?{L.NEG_ZH}(?:是|被定义成|被定义为|定义成|定义为"
                  rf"|被实现为|实现为|被写成|写成){O2Z}的(?:一个)?(?P<n1>{L.NOUN_ZH})"),
    ("has_param", rf"{SZ}的(?P<n1>{L.PARAM_ZH})(?:里|中|列表里|列表中)?{L.NEG_ZH}"
                  rf"(?:有|包括|包含|含有|是|为)§(?P<o>\d+)§"),
    # ---- inheritance
    # a member inherited from a base names the base: "`B` inherits the `x` field from `A`",
    # "`B` 从 `A` 继承了 `x` 字段" (`B` is a subclass of `A`; `x` is what it gets)
    ("subclass", rf"{S} {PRE}{L.INHERIT_VERB} (?:the |its |their )?(?:[a-z-]+ )?§\d+§"
                 r"(?: (?:and|,) (?:the )?§\d+§)*(?: (?:field|method|attribute|property|member"
                 rf"|function|parameter|behaviou?r|constant)s?)? from {L.DET}{O}"),
    ("subclass", rf"{SZ}{NEG_ZH}(?:直接)?从{OZ}(?:那里|那儿|中|里)?(?:直接)?继承(?:了|来)?(?:的)?"
                 r"(?:一个)?§\d+§"),
    ("subclass", rf"{S} {PRE}{L.INHERIT_VERB} (?:directly |indirectly )?from {L.DET}{O}"),
    # the base first: "`Middle` 派生出了 `Leaf`" (`Leaf` derives from `Middle`)
    ("subclass", rf"{S2Z}{NEG_ZH}(?:又|还)?派生出(?:了)?(?:一个|个)?(?:子类)?{O2Z}"),
    # through another class: "`Leaf` 通过 `Middle` 继承了 `Base`" (`Leaf` is the subclass)
    ("subclass", rf"{SZ}{NEG_ZH}(?:是)?(?:通过|经由|经过|借助)§\d+§(?:间接)?"
                 rf"(?:继承了?|继承自|派生自)(?:了)?{OZ}"),
    # its one base: "`A` 只有 `B` 这一个基类", "`A` 的唯一基类是 `B`" (and a count of one)
    ("subclass", rf"{SZ}{NEG_ZH}(?:只|仅)?有{OZ}\s*(?:这|这一)一?个(?:直接)?(?:基类|父类)"),
    ("subclass", rf"{SZ}(?:的)?唯一(?:的)?(?:一个)?(?:直接)?(?:基类|父类){NEG_ZH}(?:是|为){OZ}"),
    ("subclass", rf"{S} {L.ADV}{L.BE} {L.NEG}{L.ADV}{L.DET}(?:direct |indirect )?{L.SUBCLASS_NOUN} "
                 rf"(?:of|from) {L.DET}{O}"),
    ("subclass", rf"{S} {PRE}{L.SUBCLASS_VERB} {L.DET}{O}"),
    # the base as a noun adjunct: "`X` is another `Error` subclass", "a `Base` child class"
    ("subclass", rf"{S} {L.ADV}{L.BE} {L.NEG}(?:a|an|another|one more|one|just another) {O} "
                 r"(?:subclass|sub-class|subtype|child class|derived class)(?![a-z])"),
    ("subclass", rf"{S} {BE_NEG}(?:derived|inherited) (?:directly )?from {L.DET}{O}"),
    ("built_on", rf"{S} {BE_NEG}(?:built|based) (?:directly )?(?:on top of|on|upon) "
                 rf"{L.DET}{O}"),
    ("subclass", rf"{S2} {L.ADV}{L.BE} {L.NEG}{L.ADV}{L.DET}(?:direct |indirect )?{L.BASE_NOUN} "
                 rf"(?:of|for) {L.DET}{O2}"),
    ("subclass", rf"{S2} {BE_NEG}(?:subclassed|extended|inherited from|derived from) "
                 rf"by {O2}"),
    ("subclass", rf"(?:the |a |one )?(?:direct |immediate )?{L.BASE_NOUN} (?:of|for) {S} "
                 rf"(?:{L.BE}|include|includes) {L.NEG}{L.DET}{O}"),
    ("subclass", rf"{S} ?'s {L.BASE_NOUN} (?:list )?(?:is|are|include|includes|contain|contains)"
                 rf" {L.NEG}{L.DET}{O}"),
    ("subclass", rf"{S} {PRE}(?:has|have|lists|list|names|name|takes|take|declares|declare) "
                 rf"{L.DET}{O} as {L.DET}(?:direct |second |first |third |another |additional "
                 rf"|other |its )*{L.BASE_NOUN}"),
    ("subclass", rf"{S} {PRE}(?:has|have|lists|list|counts|count) {L.DET}{O} (?:among|in) "
                 rf"{L.DET}{L.BASE_NOUN}"),
    ("subclass", rf"{S2} {L.BE} {L.NEG}(?:one of|among|in|part of) {O2} ?'s {L.BASE_NOUN}"),
    ("subclass", rf"{S2} {L.BE} {L.NEG}(?:one of|among|in|part of) the {L.BASE_NOUN} of {O2}"),
    ("subclass", rf"{S} {PRE}(?:inherit|inherits|inherited|subclass|subclasses) {L.DET}{O}"
                 r"(?! ?(?:from|§))"),
    ("built_on", rf"{S} {PRE}(?:builds|build) (?:directly )?(?:on top of|on|upon) {L.DET}{O}"),
    ("subclass", rf"{SZ}{NEG_ZH}以{OZ}(?:为|作为)(?:其)?(?:直接)?{L.BASE_ZH}"),
    # "`f` 的实现基于 Python 的 `datetime` 模块": what its implementation is built on
    ("built_on", rf"{SZ}(?:的(?:实现|代码|源码))?{NEG_ZH}(?:是)?(?:基于|建立在)"
                 rf"(?:python ?(?:的|标准库的?|内置的?)?)?{OZ}(?:之上)?"),
    # "`A` 是一个基于 `B` 的类": the class it is built on, before its kind noun
    ("built_on", rf"{SZ}{NEG_ZH}是(?:一个|一种|个)?(?:基于|建立在){OZ}(?:之上)?的 ?"
                 rf"{MODIFIERS_ZH}{KIND_ZH}"),
    ("subclass", rf"{SZ}{PRE_ZH}{L.INHERIT_ZH}{OZ}"),
    # a relative clause before the kind noun: "`R` 是一个继承 `NamedTuple` 的 class"
    ("subclass", rf"{SZ}{NEG_ZH}是(?:一个|一种|个)?(?:直接)?{L.INHERIT_ZH}{OZ}的 ?{MODIFIERS_ZH}"
                 rf"{KIND_ZH}"),
    ("subclass", rf"{SZ}{L.ADV_ZH}{L.NEG_ZH}{L.ADV_ZH}(?:是)?从{OZ}(?:继承|派生|扩展)"),
    ("subclass", rf"{SZ}{NEG_ZH}(?:是|属于)?(?:一个)?{OZ}的(?:一个)?"
                 rf"(?:直接|间接|direct ?|indirect ?)?{L.SUBCLASS_ZH}"),
    # an instance of a class ("`x` is an instance of `C`", "`x` 是 `C` 的一个实例"): what
    # "`x` is a `C`" says of a value (a class is an instance of its metaclass: not read)
    ("subclass", rf"^(?P<inst>){S} {BE_NEG}(?:an? |the )?(?:instance|object) of (?:the )?"
                 rf"(?:class )?{O}$"),
    ("subclass", rf"^(?P<inst>){SZ}{NEG_ZH}是{OZ}(?:类)?的(?:一个)?(?:instance|实例|对象)$"),
    ("subclass", rf"^(?P<inst>){S} {BE_NEG}(?:an? |the )?§(?P<o>\d+)§ (?:instance|object)$"),
    ("subclass", rf"{S2Z}{NEG_ZH}(?:是)(?:一个)?{O2Z}的(?:一个)?(?:直接|间接)?{L.BASE_ZH}"),
    ("subclass", rf"{SZ}的{L.BASE_ZH}(?:中|里)?{L.NEG_ZH}(?:是|为|包括|包含|有|之一是){OZ}"),
    ("subclass", rf"{SZ}(?:的)?(?:直接)?(?:父类|基类|超类)(?:为|是){OZ}"),  # 基类为 `B` (a cell)
    # ---- "the base class from which other classes inherit": the tree has subclasses
    ("has_subclasses", rf"{S} (?:{L.BE}|serves as|acts as|works as) {L.NEG}{BASE_OF_OTHERS}"),
    ("has_subclasses", rf"{OTHER_CLASSES} {PRE}(?:inherit|derive|are derived) "
                       rf"(?:directly )?from {L.DET}§(?P<s>\d+)§"),
    ("has_subclasses", rf"{S} {BE_NEG}(?:subclassed|extended|inherited from) by "
                       rf"{OTHER_CLASSES}"),
    ("has_subclasses", rf"{SZ}{NEG_ZH}(?:是|作为)(?:所有|其他|其它|许多|多个|各种)+(?:的)?"
                       r"(?:类|子类|异常|类型)(?:继承)?的(?:共同|公共)?(?:基类|父类|超类)"),
    # "`X` 是一个基类", "`X` 是所有处理器的基类" (no code name before 的: "`X` 是 `Y` 的基类"
    # says `Y` derives from `X`, a subclass claim)
    ("has_subclasses", rf"{SZ}{NEG_ZH}(?:是|作为)(?:一个|一种)?(?:[^，。；,;§]{{1,16}}的)?"
                       r"(?:共同|公共|通用)?(?:基类|父类|超类)(?![\u4e00-\u9fff]*§)"),
    ("has_subclasses", r"(?:所有|其他|其它|许多|多个|各种)+(?:的)?(?:类|子类|异常)(?:都)?"
                       rf"(?:继承自|继承于|派生自|继承)§(?P<s>\d+)§{L.OBJ_NOUN_ZH}"),
    # ---- location (a class as the place makes a member claim; see the checker)
    ("location", rf"{S} {L.ADV}{L.AUX}(?:be )?{L.BE}? ?{L.NEG}{L.ADV}{L.PLACED} {L.IN} {L.DET}{O}"),
    ("location", rf"{S} {PRE}{L.LIVES} {L.IN} {L.DET}{O}"),
    # the place first: "the `api.py` file contains the implementation of the `C` class"
    ("location", rf"(?:the )?{S2} (?:file |module )?{PRE}(?:contains|holds|houses|has|provides"
                 rf"|includes) (?:the )?(?:implementation|definition|source(?: code)?|code) "
                 rf"(?:of|for) {L.DET}(?:class |function |method )?{O2}"
                 r"(?: class| function| method)?$"),
    ("location", rf"{S} {L.BE} {L.NEG}(?:in|inside|within|part of) {L.DET}{O}(?! ?'s)"),
    # "`A` is a class in the `m` module", "one of the functions in `m.py`"
    # (with any modifier: "a fundamental class in", "one of the key classes in")
    ("location", rf"{S} {L.BE} {L.NEG}(?:a|an|one of the) (?:[a-z][a-z-]+ ){{0,2}}?"
                 rf"{L.KIND_EN}(?:es|s)? "
                 r"(?:defined |declared |implemented )?(?:in|inside|within) "
                 rf"{L.DET}{O}(?! ?'s)"),
    ("location", rf"{SZ}{NEG_ZH}是{OZ}(?:中|里|内)的(?:一个)?(?:[\u4e00-\u9fff]{{1,4}}?)?"
                 r"(?:类|函数|方法|常量|异常类|异常"
                 r"|属性|协程函数)"),
    # "you will find `A` in the `m` module": the reader finds the name itself there
    ("location", rf"(?:you|we|one) {L.AUX}(?:find|locate) {S} (?:in|inside|within|at) "
                 rf"{L.DET}{O}"),
    ("location", rf"(?:(?:you|we|one) )?{L.AUX}(?:find|see|locate) {L.DET}{L.SOURCE_NOUN} "
                 r"(?:of|for) "
                 rf"{S} (?:in|inside|within|at) {L.DET}{O}"),
    ("location", rf"{L.DET}{L.SOURCE_NOUN} (?:of|for) {S} (?:is|lives|sits|can be found|is found"
                 rf"|is located) {L.NEG}(?:in|inside|within|at) {L.DET}{O}"),
    ("location", rf"{S} ?'s {L.SOURCE_NOUN} (?:is|lives|sits|can be found|is found|is located) "
                 rf"{L.NEG}(?:in|inside|within|at) {L.DET}{O}"),
    ("location", rf"{SZ}{PRE_ZH}(?:被)?{L.PLACED_ZH}(?:在|于)(?:了)?{OZ}{L.WHERE_ZH}?"),
    ("location", rf"{SZ}的(?:定义|实现|源码|源代码|代码){L.NEG_ZH}(?:是)?"
                 rf"(?:在|位于|放在|写在|定义在){OZ}"),
    ("location", rf"{SZ}{PRE_ZH}(?:位于|来自|属于|出自|源自){OZ}"),
    ("location", rf"{SZ}所在的(?:{L.PLACE_NOUN_ZH})(?:是|为){L.NEG_ZH}{OZ}"),
    ("location", rf"{SZ}{PRE_ZH}在{OZ}{L.WHERE_ZH}?(?:被)?{L.PLACED_ZH}"),
    ("location", rf"{SZ}{PRE_ZH}在(?:{L.PLACE_NOUN_ZH})?§(?P<o>\d+)§{L.PLACE_NOUN_ZH}"
                 rf"{L.WHERE_ZH}?"),
    ("location", rf"(?:在|从){OZ}{L.WHERE_ZH}?(?:可以|能)?(?:找到|看到){SZ}(?:的定义)?"),
    ("location", rf"{SZ}{NEG_ZH}(?:是)?在{OZ}{L.WHERE_ZH}(?:被)?(?:{L.PLACED_ZH}(?:的)?)?$"),
    ("defines", rf"{S} {PRE}(?:defines|define|declares|declare|contains|holds|houses"
                rf"|includes|include) {L.DET}(?:class |function |method |constant )?"
                rf"§(?P<o>\d+)§(?! (?:parameter|argument|option|keyword|field|attribute)s?\b)"),
    ("defines", rf"{S} {PRE}(?:has|have|provides|provide|gives|give|carries|ships) {L.DET}"
                rf"(?:own )?(?:definition|implementation|version|override) (?:of|for) {L.DET}"
                rf"§(?P<o>\d+)§"),
    # "`PROPS` 中包含 `x`", "`A` 包括 `b`" (not "... `b` 参数": a parameter)
    ("defines", rf"{SZ}{L.WHERE_ZH}?{L.ADV_ZH}{L.NEG_ZH}(?:包含|包括|含有|include|contain)(?:了)?"
                rf"(?:一个)?§(?P<o>\d+)§(?!(?:这个|的)?(?:参数|形参|字段|属性|选项|方法|函数))"),
    ("defines", rf"{SZ}{L.WHERE_ZH}?{L.ADV_ZH}{L.NEG_ZH}(?:自己)?(?:定义了|定义|define了|define"
                rf"|声明了|实现了)(?:一个)?(?:类属性|实例属性|属性|类方法|静态方法|方法|函数"
                rf"|常量|字段|类)? ?§(?P<o>\d+)§"),
    # the passive of "contains": "`take` is listed in `__all__`", "`x` 被列在 `m.__all__` 中"
    # ("its `__all__`" names another slot's: not read)
    ("defines", rf"{S2} {BE_NEG}(?:also )?(?:listed|included|contained|named|present) (?:in|among)"
                rf" (?:the )?{O2}$"),
    ("defines", rf"{S2Z}{NEG_ZH}(?:被)?(?:列在|列入|列进|包含在|收录在|出现在)了?{O2Z}"
                r"(?:里|中|内|之中|里面|当中)?$"),
    # a package's names: "`pkg` re-exports `x`", "`pkg` 导出了 `x`" (the names, never a count)
    ("defines", rf"{S} {PRE}(?:exports|export|re-exports|re-export) (?:the )?(?:class |function "
                rf"|constant )?§(?P<o>\d+)§"),
    ("defines", rf"{SZ}{NEG_ZH}(?:重新)?导出(?:了)?(?:一个)?§(?P<o>\d+)§"),
    # and said of the name: "`x` is re-exported from `pkg`", "`x` can be
    # imported from `pkg`", "`x` 由 `pkg` 重新导出", "可以从 `pkg` 直接导入 `x`"
    ("defines", rf"{S2} {BE_NEG}(?:also )?(?:(?:re-)?exported|importable|available|re-exposed"
                rf"|exposed) (?:directly )?(?:from|by|in) (?:the )?{O2}(?: (?:package|module"
                r"|namespace))?$"),
    ("defines", rf"{S2} (?:can|could|may) {L.NEG}(?:also )?be imported (?:directly )?from "
                rf"(?:the )?{O2}(?: (?:package|module))?$"),
    ("defines", rf"{S2Z}{NEG_ZH}(?:由|被){O2Z}(?:重新)?导出(?:了)?$"),
    ("defines", rf"{S2Z}{NEG_ZH}(?:可以|能)?(?:直接)?从{O2Z}(?:中|里)?(?:直接)?导入$"),
    ("defines", rf"^(?:用户)?{NEG_ZH}(?:可以|能)?(?:直接)?从{O2Z}(?:中|里)?(?:直接)?导入"
                rf"§(?P<o>\d+)§$"),
    # a function said to be a generator returns one: "`f` is a generator (function)",
    # "`f` 是一个生成器（函数）"
    ("returns", rf"^(?:the )?{S} {BE_NEG}(?:an? )?(?P<it>generator)(?: function)?$"),
    ("returns", rf"{SZ}{NEG_ZH}(?:是|为)(?:一个|个)?(?P<it>生成器|generator)"
                r"(?: ?函数| ?function)?$"),
    # ---- kinds
    # a property said to be assignable or not, without the kind's words: "`key` has no
    # setter", "`mode` can be reassigned through a property setter", "`loop` 属性可以通过
    # setter 修改", "a read-only `doc_id` property" (read-only or read-write property)
    # what is initialized with arguments is a class or its instance, never a module:
    # "The `jsonmerge` module is initialized with a schema and a set of merge options"
    ("kind", rf"^(?:the )?{S} (?:is|are|gets|get|will be|must be|can be|should be) "
             r"(?:first |always |then )?(?P<ini>initiali[sz]ed|instantiated|constructed) "
             r"(?:with|using|by passing|from) (?:a|an|one|two|three) "),
    ("kind", rf"^{SZ}(?:是|会|需要|要)?(?:用|使用|通过|以)(?:一个|一组|两个|三个)"
             r"[^§，。；]{1,30}?(?:来|进行)?(?P<ini>初始化|实例化|构造)"),
    ("kind", rf"^{SZ}(?:在)?(?P<ini>初始化|实例化|构造)时(?:需要)?(?:传入|接受|接收|需要|使用)"
             r"(?:一个|一组|两个|三个)"),
    ("kind", rf"^(?:the )?{S} (?:property )?(?:has|have) (?P<rw>no|a|its own) setter(?![a-z])"),
    ("kind", rf"^(?:the )?{S} (?:property )?{L.AUX}(?:also )?be (?:re)?(?:assigned|set|changed"
             r"|modified|updated|written)(?: [^§]{0,30}?)? (?:through|via|with|using|by) "
             r"(?:a |an |its |the )?(?:property )?(?P<rw>setter)(?![a-z])"),
    ("kind", rf"{SZ}(?:属性)?(?P<rw>没有|无|有|带有|带) ?setter"),
    ("kind", rf"{SZ}(?:属性)?(?:同样|也|还)?(?:可以|能|能够)通过 ?(?:属性的 ?)?(?P<rw>setter) ?"
             r"(?:来)?(?:修改|设置|赋值|更改|改写)"),
    ("kind", r"(?:^|(?<![a-z]))(?:a|an|the|its) (?P<rk>read-only|readonly|writable|settable"
             r"|read-write) §(?P<s>\d+)§ property(?![a-z])"),
    ("kind", rf"{S} {L.ADV}{L.BE} {L.NEG}{L.ADV}{L.AS_VERB} as {L.DET}{MODIFIERS}(?P<k>{KIND})"
             rf"{KIND_TAIL}"),
    ("kind", rf"{S} {L.ADV}{L.BE} {L.NEG}{L.ADV}(?:(?:a|an|the|one|just a|simply a|really a)"
             rf" )?(?P<k>{KIND}){L.TAIL}"),
    # free modifiers or a phrase after the noun, never for "exception": "a further
    # exception to this rule" is a figure of speech
    ("kind", rf"{S} {L.ADV}{L.BE} {L.NEG}{L.ADV}(?:(?:a|an|the|one|just a|simply a|really a)"
             rf" )?{MODIFIERS}(?P<k>(?!{NOT_FREE}){KIND}){KIND_TAIL}"),
    ("kind", rf"{SZ}{NEG_ZH}(?:是|为|属于)(?:一个|个|一种|一)?(?:不可变的?|冻结的?)?{MODIFIERS_ZH}"
             rf"(?P<k>{KIND_ZH}{GLOSS})"
             r"(?:的一种|之一|的|而已|了)?$"),
    ("kind", rf"{SZ}{NEG_ZH}{L.AS_VERB_ZH}(?:一个|个|一种)?{MODIFIERS_ZH}(?P<k>{KIND_ZH}{GLOSS})"
             r"(?:的|了)?$"),
    # a purpose clause before the noun, as Chinese writes "a function used to ...": "`f` 是
    # 用于匹配字符串的函数", "是 `pkg` 中用于匹配字符串的另一个主要函数"
    ("kind", rf"{SZ}{NEG_ZH}(?:是|为)(?:一个|个|一种)?(?:§\d+§ ?(?:库|包|模块)?(?:中|里|内))?"
             r"(?:用于|用来|专门用于|负责)[^，。,;；§]{1,24}?的(?:另一个|一个|个|一种)?"
             rf"{MODIFIERS_ZH}(?P<k>{KIND_ZH}{GLOSS})(?:之一)?$"),
    # the kind as the means of its declaration: "`D` 是用 dataclass 声明的", "`E` 通过 Enum 定义"
    ("kind", rf"{SZ}{NEG_ZH}(?:是)?(?:用|使用|通过|以|借助)(?:一个|了)? ?(?P<k>{KIND_ZH}{GLOSS}) ?"
             r"(?:装饰器)?(?:来|去)?(?:声明|定义|实现|写|创建|生成)(?:的|出来的)?$"),
    # a kind said with its owner: "`m` 是 `C` 类的一个 classmethod", "`f` 是 `m` 模块里的函数"
    ("kind", rf"{SZ}{NEG_ZH}(?:是|为|属于)(?:python ?)?(?:库|包|软件包|项目|library|package)? ?"
             rf"{OZ}(?: ?(?:库|包|软件包|项目|library|package))?"
             r"(?:中|里|上|内|当中)?的(?:一个|个|一种|一)?"
             rf"{MODIFIERS_ZH}(?P<k>{KIND_ZH}{GLOSS})(?:之一|而已|了)?$"),
    # a decorator: a kind when it makes one (``@property``), else "decorated" (``@cache``)
    ("kind", rf"{S} {BE_NEG}(?:decorated|wrapped|marked|memoi[sz]ed|cached) (?:with|by|as|using"
             r"|in) (?:the )?(?:decorator )?§(?P<ks>\d+)§"),
    # "`f` 使用了 `@cache` 来缓存结果", "`C` 是一个用 `@dataclass` 定义的 class"
    ("kind", rf"{SZ}(?:上面?|上方|头上)?{NEG_ZH}(?:使用了?|用了?|带有|带了?|加了|加上了?"
             rf"|挂了|挂着|标了|标注了|套了)§(?P<ka>\d+)§"),
    ("kind", rf"{SZ}{NEG_ZH}是(?:一个|个)?(?:用|使用|通过)§(?P<ka>\d+)§ ?(?:装饰器)?"
             r"(?:定义|声明|装饰|修饰)的"),
    # "is declared with `@staticmethod`": a definition's verb with a span written as one
    ("kind", rf"{S} {BE_NEG}(?:declared|defined|written|annotated) (?:with|using) "
             r"(?:the |a |an )?§(?P<ka>\d+)§(?: decorator)?"),
    ("kind", rf"{S} {PRE}(?:uses|carries|has|applies) (?:the |a |an )?§(?P<ks>\d+)§ ?decorator"),
    # "`f` is an `lru_cache`-decorated method"; "the `@cache` decorator wraps `f`"
    ("kind", rf"{S} {BE_NEG}(?:a |an )?§(?P<ks>\d+)§ ?-?(?:decorated|wrapped)\b"),
    ("kind", r"(?:the )?§(?P<ks>\d+)§ ?(?:decorator )?(?:wraps|decorates|is applied to"
             r"|is used on) (?:the )?(?:method |function )?§(?P<s>\d+)§"
             r"(?! ?(?:in|inside|within|into|with|around|behind) )"),
    # a span written with its "@" is a decorator without the word: "`f` carries `@cache`",
    # "`f` is a `@staticmethod`"
    ("kind", rf"{S} {PRE}(?:uses|carries|has|applies|is wrapped in|is wrapped with) "
             r"(?:the |a |an )?§(?P<ka>\d+)§(?: decorator)?$"),
    ("kind", rf"{SZ}{PRE_ZH}(?:用的是|使用了?|采用了?|用了)(?:一个|个)?§(?P<ka>\d+)§"
             r"(?: ?(?:decorator|装饰器))?$"),
    ("kind", rf"{S} {BE_NEG}(?:{L.AS_VERB} as )?(?:a |an )?§(?P<ka>\d+)§"
             r"(?: ?(?:method|function|property))?"
             rf"(?: (?:on|in|of) (?:the|its|this|that) (?:class|owner|type))?{L.TAIL}"),
    # "is exposed through a `@property`", "is implemented as a `@classmethod`"
    ("kind", rf"{S} {BE_NEG}(?:exposed|provided|implemented|made available|offered) "
             r"(?:through|via|as|with|by) (?:a |an |the )?§(?P<ka>\d+)§(?: decorator)?"
             r"(?: (?:on|of|in) (?:the )?§\d+§(?: class)?)?$"),
    ("kind", rf"{SZ}{NEG_ZH}(?:是|为)(?:一个|个)?§(?P<ka>\d+)§ ?(?:方法|函数|属性|method)?"
             r"(?:了)?$"),
    # "`f` 是 `C` 类上的一个 `@staticmethod`": the kind, wherever it is said to live
    ("kind", rf"{SZ}{NEG_ZH}(?:是|为)§\d+§ ?(?:类|class)?(?:上|中|里|内)的(?:一个|个)?"
             r"§(?P<ka>\d+)§"),
    ("kind", rf"{SZ}{NEG_ZH}(?:是|为)(?:挂在|定义在|放在|写在)?§\d+§ ?(?:类|class)?(?:上|中|里|内)"
             rf"的(?:一个|个)?(?P<k>{KIND_ZH}{GLOSS})$"),
    ("kind", rf"{SZ}{NEG_ZH}(?:是)?(?:被|由|用|使用|通过)?§(?P<ks>\d+)§ ?(?:装饰器|decorator)?"
             r" ?(?:装饰|修饰|包装|包了一层|包裹|decorated|decorate|wrapped|wrap)"
             r"(?:了|过)?(?=$|后|之后|以后|的|而)"),
    # (a verb with an object of its own wraps something else: "用 `H` 包装每个参数")
    ("kind", rf"{SZ}(?:上)?(?:面)?{NEG_ZH}(?:使用了?|用了?|带有|带了?|加了|有)(?:一个|个)?"
             r"§(?P<ks>\d+)§ ?(?:装饰器|decorator)"),
    # "`f` 同样被标记为 `@abstractmethod`", "`f` 上面用的是 `@staticmethod`"
    # (a decorator only when written with "@" or one that makes a kind: "标记为 `x`" may
    # name a state, "上面用了 `lock`" a lock)
    ("kind", rf"{SZ}(?:同样|也|还|都)?{NEG_ZH}(?:被)?(?:标记|标注|声明|注册|定义)(?:为|成)了?"
             r"(?:一个|个)?§(?P<ka>\d+)§"),
    ("kind", rf"{SZ}(?:方法|函数|类)?(?:的)?(?:上面|上方|头上|之上|上){NEG_ZH}(?:用的是|使用的是"
             r"|加的是|挂的是|写的是|写着|标的是|用了|加了)§(?P<ka>\d+)§"),
    # "`C` 的装饰器同样是 `@dataclass(frozen=True)`", "the decorator on `C` is `@cache`"
    ("kind", rf"{SZ}(?:上)?的(?:装饰器|decorator)(?:同样|也|还|都)?{NEG_ZH}"
             r"(?:是|为|用的是)(?:一个)?§(?P<ka>\d+)§"),
    ("kind", rf"^(?:the )?(?:only )?decorator (?:on|of|applied to) {S} {BE_NEG}"
             r"(?:a |an |the )?§(?P<ka>\d+)§"),
    # ---- the type of a value a name is bound to: "`SEPS` is a tuple", "`SEPS` 是一个元组"
    # a definite noun phrase presupposes it as "the `X` class" its kind: "The `lexlen`
    # string is the length of the input", "the `_CACHE` dictionary maps ..."
    ("value_type", rf"^the {S} (?P<t>string|dictionary|dict|list|tuple|integer|set|boolean"
                   r"|float)(?: (?:value|object|constant|variable|attribute))? "
                   r"(?:is|are|holds|stores|keeps|contains|maps|lists|records|represents"
                   r"|tracks|gives|says|tells|names|defines|controls|determines|specifies"
                   r"|indicates)(?![a-z])"),
    ("value_type", rf"^(?:the )?{S} {BE_NEG}(?:a |an )?(?:plain |simple |module-level "
                   rf"|constant |immutable |mutable )?{TYPE_NOUN}"
                   r"(?: ?(?:constant|value|object))?(?:$| (?:of|with|that|which|holding"
                   r"|containing|mapping|listing|whose|keyed|indexed|where|storing"
                   r"|representing|describing|used|for)(?![a-z]))"),
    ("value_type", rf"{SZ}{NEG_ZH}(?:是|为)(?:一个|个|一)?(?:模块级的?)?(?:包含了?[^§]{{1,12}}?的)?"
                   rf"{_PLAIN_ZH}{TYPE_NOUN}"
                   r"(?: ?§\d+§)?(?:常量|对象|类型|值)?$"),  # "是整数 `0`": the value after it
    # ---- calls
    ("calls", rf"{S} {PRE}{L.CALL_VERB} {L.DET}{O}"),
    # what it calls as the predicate: "`f` 实际调用的是 `g`", "`f` 用的是 `g`"
    ("calls", rf"{SZ}(?:内部|里面|中|里|内)?{PRE_ZH}(?:实际|实际上|真正)?(?P<cv>调用|call)的"
              rf"(?:是|就是){OZ}"),
    # building an object calls its class: "`f` creates a `Interval` object", "构造一个 `X` 对象"
    ("calls", rf"{S} {PRE}(?P<cv>creates|instantiates|constructs) (?:a |an |one |the )?"
              r"(?:new |fresh )?§(?P<o>\d+)§(?: (?:object|instance))?"),
    ("calls", rf"{SZ}(?:内部|里面|中|里|内)?{PRE_ZH}(?:先|再|会)?"
              r"(?P<cv>构造|创建|实例化|新建)(?:了)?"
              r"(?:一个|个)?(?:新的)?§(?P<o>\d+)§ ?(?:对象|实例|object|instance)?"),
    ("calls", rf"{S2} {L.ADV}{L.AUX}(?:be |get |gets )?{L.BE}? ?{L.NEG}{L.ADV}{L.CALLED} "
              rf"(?:by|from|inside|within|in) (?:the body of )?{O2}"),
    ("calls", rf"{SZ}(?:的(?:实现|源码|代码|函数体|方法体))?(?:内部|里面|中|里|内)?{PRE_ZH}{PP_ZH}"
              rf"{L.CALL_ZH}(?:了)?"
              rf"(?:一次|两次|多次|一遍)?{OZ}"),
    # "`on` 是调用 `once` 实现的": the means a definition is built by
    ("calls", rf"{SZ}{NEG_ZH}是(?:通过|靠|借助)?{L.CALL_ZH}{OZ}(?:来)?实现的?"),
    ("calls", rf"{S2Z}{L.ADV_ZH}{L.AUX_ZH}{L.NEG_ZH}(?:会)?(?:是)?(?:被|由){O2Z}(?:所|来|负责)?"
              r"(?:调用|call|invoke)"),
    ("calls", rf"{S2Z}{L.AUX_ZH}在{O2Z}(?:的)?(?:[^§，。]{{0,8}}?)?(?:中|里|内部|里面)?{L.AUX_ZH}"
              rf"{L.NEG_ZH}(?:会)?被(?:调用|call|invoke)"),
    ("calls", rf"{S} {BE_NEG}(?:a |an |just a |only a |a thin |a small )?(?:convenience )?"
              rf"(?:wrapper|shortcut|shorthand|front end|front-end) (?:around|for|over|of|to) {O}"),
    # the means of another verb: "`f` computes the sum by calling `g`", "by invoking `g`"
    ("calls", rf"{S} {PRE}(?:[a-z-]+ ){{1,6}}?by (?P<cv>calling|invoking|delegating to"
              rf"|deferring to|forwarding to) {L.DET}{O}"),
    # what it returns, made by a call: "`copy` returns a shallow clone produced with
    # `copy.copy`", "returns a list built by `sorted`"
    ("calls", rf"{S} {PRE}(?:returns|yields|gives back) (?:[a-z-]+ ){{1,5}}?"
              r"(?P<cv>produced|made|created|built|generated|obtained|computed|constructed)"
              rf" (?:with|by|using|via|through) (?:a call to )?{L.DET}{O}"),
    # what it is given, handed on in Chinese: "`f` 把名称转发给 `g`", "`f` 交给 `g` 处理"
    ("calls", rf"{SZ}{PRE_ZH}(?:会|将)?(?:把|将)?[^§，。；]{{0,10}}?(?P<cv>转发给|交给|传给|传递给"
              rf"|转交给|委托给){OZ}(?:处理|执行|去做|来处理|来执行)?"),
    # a wrapper in Chinese: "`f` 是对 `g` 的(简单)封装", "`f` 封装了 `g`"
    ("calls", rf"{SZ}{NEG_ZH}是(?:对)?{OZ}的(?:一层|一个)?(?:简单|薄|轻量)?的?(?P<cv>封装|包装)"),
    # ---- no decorator at all, denied: "`f` is not decorated", "`f` has no decorators",
    # "`f` 没有使用任何装饰器", "`f` 没有被装饰"
    ("decorated", rf"{S} {BE_NEG}(?:decorated|wrapped by (?:any|a) decorator)(?: at all)?"
                  r"(?P<anydec>)$"),
    ("decorated", rf"{S} {PRE}(?:has|have|carries|carry|uses|use|takes|take) (?P<neg2>no) "
                  r"decorators?(?: at all)?(?P<anydec>)$"),
    ("decorated", rf"{SZ}(?:上)?{NEG_ZH}(?:使用|用|加|带|带有|有)?(?:任何)?(?:的)?"
                  r"(?:装饰器|decorator)(?P<anydec>)$"),
    ("decorated", rf"{SZ}{NEG_ZH}(?:被)?(?:任何装饰器)?(?:装饰|修饰)(?:过)?(?P<anydec>)$"),
    # ---- raises
    # no exception at all, denied: "`f` never raises", "`f` does not raise any exception",
    # "`f` raises no errors", "`f` 不会抛出任何异常" (claimed only where denied)
    ("raises", rf"{S} {PRE}(?:raises?|throws?)(?: (?:any|an|a single|(?P<neg2>no)) (?:kind of )?"
               r"(?P<anyerr>exceptions?|errors?))?(?P<anyerr2>)$"),
    ("raises", rf"{SZ}{NEG_ZH}(?:会|可能|能)?(?:抛出|引发|抛|raise)(?:任何|一个)?(?:的)?"
               r"(?P<anyerr>异常|错误|exceptions?|errors?)$"),
    ("raises", rf"{S} {PRE}{L.RAISE_VERB} {L.DET}(?:(?:exception|error)s? (?:of type |of class )?)?"
               rf"{O}"),
    # a gerund subject names what is called: "passing an unknown name to `f` results in a
    # `KeyError`", "calling `f` with a bad name raises `ValueError`"
    ("raises", rf"(?:passing|giving|feeding|supplying|providing|handing) ?(?:[^§]|§\d+§){{0,60}}?"
               rf"(?:to|into|on) {S} {PRE}(?:results? in|leads? to|causes?|triggers?"
               rf"|{L.RAISE_VERB}) {L.DET}(?:(?:exception|error)s? (?:of type )?)?{O}"),
    ("raises", rf"(?:calling|invoking) {S} (?:with|on|using|for) (?:[^§]|§\d+§){{0,60}}? "
               rf"{PRE}(?:results? in|leads? to|causes?|triggers?|{L.RAISE_VERB}) {L.DET}"
               rf"(?:(?:exception|error)s? (?:of type )?)?{O}"),
    ("raises", rf"{S2} {L.ADV}(?:is|are|gets|get|can be|may be|will be|might be|could be|is never"
               rf"|are never) {L.NEG}{L.ADV}{L.RAISED} (?:by|from|in|inside|within) {O2}"),
    ("raises", rf"{SZ}(?:(?:对|针对|对于)[^§，。；不没]{{1,12}}?)?{PRE_ZH}"
               rf"(?:在?[^§]{{1,30}}?(?:时|的时候|情况下|里|中)"
               rf"|在(?:[^§。；]|§\d+§){{1,40}}?(?:时|的时候|情况下)"
               rf"|(?:遇到|碰到|遇上|收到|拿到|传入|传了|给了|一旦)[^§，。；]{{1,30}}?"
               rf"|(?:遇到|碰到|遇上|收到|拿到|传入|传了|给了|一旦)(?:[^§，。；]|§\d+§){{1,30}}?"
               rf"(?:时|的时候))?{L.AUX_ZH}"
               rf"{L.RAISE_ZH}(?:一个|个)?{OZ}(?:异常|错误|exception|error)?"),
    ("raises", rf"{SZ}{PRE_ZH}把{OZ}(?:异常|错误)?(?:继续|直接|原样|向外|往外|重新)?"
               r"(?:raise|抛|抛出|抛给调用者|re-?raise)(?:出去|出来|给调用者)?$"),
    ("raises", rf"{S2Z}{L.AUX_ZH}在{O2Z}(?:中|里|内部|里面)?{L.AUX_ZH}{L.NEG_ZH}(?:会)?被"
               r"(?:抛出|引发|raise)"),
    ("raises", rf"{S2Z}{L.AUX_ZH}{L.NEG_ZH}(?:会|可能)?(?:由|被){O2Z}{L.AUX_ZH}"
               r"(?:抛出|引发|raise)"),
    # ---- an error said to be raised, by nothing named: "`E` is raised when the path is
    # bad", "`E` 在路径无效时被抛出" (some code of the library must raise it)
    ("raised", rf"{S} {L.ADV}(?:is|are|gets|get|can be|may be|will be|might be|could be) "
               rf"{L.NEG}{L.ADV}{L.RAISED}(?! (?:by|from|in|inside|within) )"
               r"(?: (?:when|if|whenever|once|on|for|as|because|after|before|while|during)|$|,)"),
    ("raised", rf"{SZ}(?:会|将)?(?:在(?:[^§。；]){{1,30}}?(?:时|的时候|情况下))?{L.NEG_ZH}"
               r"(?:会|将)?被(?:抛出|引发|触发|raise)"),
    # ---- default values ("`strict` defaults to False", "`x` 的默认值是一个空的 dict")
    ("default", rf"{OWNER}{S}{_FIELD}{OF_OWNER} {PRE}(?:defaults|default) to {_VALUE}"),
    # "- `x`: default `1`", "`x` (default: `1`)", "`x` 默认值：`1`"
    ("default", rf"{OWNER}{S}{_FIELD} ?(?:[(:—–]|\([^()§,]{{1,30}}, ?)? ?(?:the )?default"
                rf"(?: value)?(?: is|:|=)? ?{_VALUE}"),
    ("default", rf"{OWNER_ZH}{SZ}{_FIELD_ZH} ?(?:[(（:：—–]|[(（][^()（）§,，]{{1,20}}[,，] ?)? ?"
                rf"(?:默认值?|缺省值?)(?:为|是|:|：|=)? ?{_VALUE}"),
    # "`f` uses `x=1` by default": a keyword with its default
    ("default", rf"{S} {PRE}(?:uses|use|sets|set|has|have|takes|take|passes|pass)? ?"
                rf"§(?P<kw>\d+)§ by default"),
    ("default", rf"(?:the |its )?default {OWNER}{S}{_FIELD}{OF_OWNER} {L.BE} {L.NEG}{_VALUE}"),
    ("default", rf"{OWNER}{S}{_FIELD}{OF_OWNER} {BE_NEG}(?:set to |initiali[sz]ed to )?"
                rf"{_VALUE_NOUN}{_VALUE} by default"),
    ("default", rf"by default {OWNER}{S}{_FIELD}{OF_OWNER} {BE_NEG}(?:set to )?{_VALUE_NOUN}"
                rf"{_VALUE}$"),
    ("default", rf"(?:the |its )?default(?: value)? (?:of|for) (?:the )?{OWNER}{S}{_FIELD}"
                rf"{OF_OWNER} {L.BE} {L.NEG}{_VALUE}"),
    ("default", rf"{OWNER}{S}{_FIELD} ?'s default(?: value)? {L.BE} {L.NEG}{_VALUE}"),
    ("default", rf"{OWNER}{S}{_FIELD}{OF_OWNER} {PRE}(?:has|have) a default(?: value)? of "
                rf"{_VALUE}"),
    # "`x` falls back to `1`"; "takes an `x` argument with a default of `1`"
    ("default", rf"{OWNER}{S}{_FIELD}{OF_OWNER} {PRE}(?:falls|fall) back to {_VALUE}"),
    # whether it has a default at all: "`x` is required", "`x` has no default", "`x` 是必填的",
    # "`x` 没有默认值", "`x` is optional", "`a` 和 `b` 都是带默认值的可选参数"
    ("default", rf"{OWNER}{S}{_FIELD}{OF_OWNER} {BE_NEG}(?:an? )?(?:(?P<req>required|mandatory)"
                rf"|(?P<opt>optional))(?: (?:parameter|argument|keyword argument|field|option"
                rf"|keyword))?$"),
    ("default", rf"{OWNER}{S}{_FIELD}{OF_OWNER} (?:(?P<req>has no|have no|takes no|lacks a)"
                rf"|(?P<opt>has an?|have an?)) default(?: value)?$"),
    ("default", rf"{OWNER_ZH}{SZ}{_FIELD_ZH}(?:参数)?(?:都|也|则)?(?:是)?(?:一个|个)?"
                rf"(?:(?P<req>必填|必需|必须|必选|必传|没有默认值|无默认值|不带默认值|没有缺省值)"
                rf"|(?P<opt>可选|带默认值|有默认值|带有默认值))的?(?:可选|必填)?的?"
                rf"(?:参数|字段|选项|parameter|argument)?$"),

    ("default", rf"{OWNER_ZH}{SZ}{_FIELD_ZH}的?(?:默认值|缺省值|初始值|初值|默认"
                rf"|default(?: value| ?值)?|initial value)"
                rf"{NEG_ZH}(?:是|为|设为|设置为|取){_VALUE}"),
    ("default", rf"{OWNER_ZH}{SZ}{_FIELD_ZH}{NEG_ZH}默认(?:是|为|值为|设为|设置为|取)?"
                rf"(?:[\u4e00-\u9fff]{{1,5}} ?(?=§))?{_VALUE}"),
    # the omission as a condition: "不传 `x` 时默认用 `V`", "没有指定 `x` 的话，默认为 `V`"
    ("default", rf"(?:在{OWNER_ZH[:-1]}(?:里|中|内)[，,]? ?)?(?:不传入?|没传入?|没有传入?"
                rf"|未传入?|不指定|没有指定|未指定|不提供|没有提供|未提供|省略(?:掉)?|不给|没给)"
                rf"(?:参数)? ?{SZ}{_FIELD_ZH}(?:参数)?(?:时|的时候|的话)[，,]? ?(?:就|会)?"
                rf"(?:默认|缺省)(?:会)?(?:使用|用|采用|取|是|为|设为|值为)(?:的是)?{_VALUE}"),
    ("default", rf"(?:默认|缺省)(?:情况下|时)? ?{OWNER_ZH}{SZ}{_FIELD_ZH}{NEG_ZH}(?:是|为|取)"
                rf"{_VALUE}"),
    # a value said outright, of a constant or attribute ("`LIMIT` is set to `20`", "`LIMIT`
    # 的值为 `20`"): read only where the value is a literal (see ``_default_claim``)
    ("default", rf"^(?P<val>)(?:the )?{S} {BE_NEG}(?:set to |equal to |bound to |assigned "
                rf"|initiali[sz]ed to |defined as )?{_VALUE_NOUN}{_VALUE}$"),
    ("default", rf"^(?P<val>)(?:the )?{S} {BE_NEG}(?:an? |the )?(?:[a-z-]+ )?(?:constant|variable"
                r"|setting|attribute|flag|option|value) (?:set to|equal to|bound to|with (?:the )?"
                rf"value(?: of)?|of) {_VALUE_NOUN}{_VALUE}$"),
    ("default", rf"^(?P<val>)(?:the )?{S} {PRE}(?:equals|equal|==) {_VALUE}$"),
    ("default", rf"^(?P<val>)(?:the )?{S} {PRE}(?:has|holds|stores|contains) (?:the )?value "
                rf"(?:of )?{_VALUE}$"),
    ("default", rf"^(?P<val>)(?:the )?value of (?:the )?{S} {BE_NEG}{_VALUE}$"),
    ("default", rf"^(?P<val>){SZ}(?:常量|变量|属性)?(?:的?值|的取值)?{NEG_ZH}(?:为|是|等于|被设为"
                rf"|被设置为|被赋值为|设为|设置为|取值为|赋值为)(?:一个)?{_VALUE}$"),
    # ---- return types ("`f` takes ... and returns a `Future` object", "`f` 返回 `Response`")
    # nothing returned, said as a denial: "`f` does not return anything", "`f` 不返回任何值"
    # (a claim that it returns `None`, not a denied one)
    ("returns", rf"{S} (?:does not|doesn't|never|will not|won't) return "
                r"(?P<t>anything|any value)"),
    ("returns", rf"{SZ}(?:并|也|都)?(?:不会?|从不|从来不|没有|并不)(?:返回|return)"
                r"(?P<t>任何值|任何东西|任何内容)"),
    ("returns", rf"{SZ}(?:并|也|都)?(?P<t>没有返回值|无返回值)"),
    ("returns", rf"{S} (?:[a-z][^§]{{0,60}}?(?:§\d+§[^§]{{0,30}}?)? and )?{PRE}{RETURN_VERB} "
                rf"{L.DET}(?:new |single )?(?:instance of |object of type |value of type )?"
                rf"{L.DET}{MODIFIERS}{O}"),
    ("returns", rf"(?:the )?{_RETURN_NOUN} (?:of|from) {S} "
                rf"(?:{L.BE}|will be) {L.NEG}(?:always )?{L.DET}(?:instance of )?{O}"),
    ("returns", rf"{SZ}(?:被)?(?:调用|执行)?(?:后|之后|时)?{PRE_ZH}{_WHEN_ZH}"
                rf"(?:在?[^§。；，,]{{1,20}}?(?:时|的时候|情况下)，?)?(?:会|将|则|就)?"
                rf"{RETURN_VERB} ?(?:一个|了)?(?:新的)?(?:[^§，。；]{{1,10}}的 ?(?:一个|个)?)?"
                rf"(?:[a-z][a-z-]* ?){{0,2}}{OZ}{_NOT_A_MODIFIER_ZH}"),
    ("returns", rf"{SZ}(?:{_RETURN_NOUN_ZH}"
                rf"|returned value|result)|{_RETURNED_ZH})"
                rf"{NEG_ZH}(?:是|为)(?:一个|个)?(?:新的)?{OZ}"),
    # a generator or an iterator, said in words: what a call of a function that yields is
    ("returns", rf"{S} (?:[a-z][^§]{{0,60}}?(?:§\d+§[^§]{{0,30}}?)? and )?{PRE}{RETURN_VERB} "
                rf"{L.DET}{MODIFIERS}{_ITERATOR_NOUN}"),
    ("returns", rf"{SZ}(?:被)?(?:调用|执行)?(?:后|之后|时)?{PRE_ZH}(?:会|将)?{RETURN_VERB}"
                rf"(?:一个|个|一|了)?(?:新的)?{_TYPE_MODIFIER_ZH}{_ITERATOR_NOUN}"),
    ("returns", rf"{SZ}(?:{_RETURN_NOUN_ZH}"
                rf"|returned value|result)|{_RETURNED_ZH}){NEG_ZH}(?:是|为)(?:一个|个)?(?:新的)?"
                rf"{_TYPE_MODIFIER_ZH}{_ITERATOR_NOUN}"),
    # the result said as a type: "returns its result as a list", "把结果作为列表返回"
    # (any noun phrase: "returns the integer ratio as a tuple" is a tuple, not an int)
    ("returns", rf"{S} {PRE}{RETURN_VERB} (?:its|the|their|an?) (?:[a-z][a-z-]* ){{0,2}}?"
                rf"(?:results?|values?|outputs?|data|[a-z][a-z-]*) "
                rf"as {L.DET}{MODIFIERS}{TYPE_NOUN}"),
    ("returns", rf"{SZ}{PRE_ZH}(?:会|将)?(?:把|将)(?:结果|返回值|输出)"
                r"(?:作为|当作|以|包装成|组装成)"
                rf"(?:一个|个)?{_TYPE_MODIFIER_ZH}(?P<t>{alternation(list(type_nouns()))})"
                r"(?:的形式)?(?:返回|return)"),
    # the type noun is the phrase's head: past modifiers ("a word list", 单词列表, 由单词组成的列表)
    ("returns", rf"{S} (?:[a-z][^§]{{0,60}}?(?:§\d+§[^§]{{0,30}}?)? and )?{PRE}{RETURN_VERB} "
                rf"{L.DET}{MODIFIERS}{TYPE_NOUN}"),
    ("returns", rf"(?:the )?{_RETURN_NOUN} (?:of|from) {S} "
                rf"(?:{L.BE}|will be) {L.NEG}(?:always )?{L.DET}{TYPE_NOUN}"),
    ("returns", rf"{S} ?'s {_RETURN_NOUN} "
                rf"(?:{L.BE}|will be) {L.NEG}(?:always )?{L.DET}{TYPE_NOUN}"),
    ("returns", rf"{SZ}(?:被)?(?:调用|执行)?(?:后|之后|时)?{PRE_ZH}(?:会|将)?{RETURN_VERB}"
                rf"(?:一个|个|一|了)?(?:新的)?{_TYPE_MODIFIER_ZH}{TYPE_NOUN}"),
    ("returns", rf"{SZ}(?:{_RETURN_NOUN_ZH}"
                rf"|returned value|result)|{_RETURNED_ZH}){NEG_ZH}(?:是|为)(?:一个|个)?(?:新的)?"
                rf"{_TYPE_MODIFIER_ZH}{TYPE_NOUN}"),
    # the returned value as the subject: "the value returned by `f` is a `Path`", "what `f`
    # returns is a list", "调用 `f` 会得到一个列表"
    ("returns", rf"(?:the )?(?:value|result|object|output) (?:returned|produced|given back) by "
                rf"{S} (?:{L.BE}|will be) {L.NEG}(?:always )?{L.DET}(?:instance of )?{O}"),
    ("returns", rf"(?:the )?(?:value|result|object|output) (?:returned|produced|given back) by "
                rf"{S} (?:{L.BE}|will be) {L.NEG}(?:always )?{L.DET}{TYPE_NOUN}"),
    ("returns", rf"what {S} (?:returns|gives back|produces) (?:{L.BE}|will be) {L.NEG}"
                rf"(?:always )?{L.DET}(?:instance of )?{O}"),
    ("returns", rf"what {S} (?:returns|gives back|produces) (?:{L.BE}|will be) {L.NEG}"
                rf"(?:always )?{L.DET}{TYPE_NOUN}"),
    ("returns", rf"调用{SZ}(?:后|之后|时)?(?:会|将|就会|就能|能|可以)?(?:得到|拿到|获得)"
                rf"(?:一个|个)?(?:新的)?{OZ}"),
    ("returns", rf"调用{SZ}(?:后|之后|时)?(?:会|将|就会|就能|能|可以)?(?:得到|拿到|获得)"
                rf"(?:一个|个|一)?(?:新的)?{TYPE_NOUN}"),
    # ---- "`A` is a `B`": is-a, read as inheritance (the checker requires two classes)
    # (never denied: "而不是 `B`" after another clause says what it is instead)
    # "is declared as a `NamedTuple` with five fields", "被声明为一个 `NamedTuple`"
    ("subclass", rf"{SZ}(?:是|为|{L.AS_VERB_ZH})(?:一个|个|一种)?(?:普通的)?{OZ}(?:的一种|之一)?$"),
    ("subclass", rf"{S} {L.BE} {L.NEG}(?:{L.AS_VERB} as )?(?:a|an|a kind of|a type of|a sort of"
                 rf"|a special) {MODIFIERS}{O}"
                 r"(?: (?:subclass|sub-class|subtype))?(?: (?:that|which|whose|with)\b.*)?$"),
    # ---- last: a count of entries in any noun ("`SINGULARS` lists 32 rules", "一共有 10 个
    # word"), after every frame that reads a noun of its own (methods, parameters, classes);
    # decided for a value bound to a literal, an enumeration or a record only
    ("member_count", rf"{S} {PRE}(?:lists|list|holds|hold|contains|contain|stores|store|has"
                     rf"|have|includes|include|registers|register|enumerates|enumerate"
                     rf"|is made of|are made of|is composed of|are composed of) "
                     rf"(?:exactly |only |just "
                     rf"|a total of )?{L.NUMBER} (?!{_NOT_ENTRIES})(?:[a-z-]+\x20){{0,2}}"
                     rf"(?<![a-z])(?!{_NOT_ENTRIES}(?![a-z]))[a-z-]+s"
                     r"(?![a-z])(?: (?:for|of|in(?! ?(?:its ?|the ?)?§)|that|which|to)\b.*"
                     r"|, ?[a-z].*)?$"),
    ("member_count", rf"{SZ}(?:里面|里|中|内)?{PRE_ZH}{TOTAL_ZH}(?:有|包含|包括|列了|列出了?|存了"
                     rf"|存放了?|登记了?|注册了?|定义了|枚举了?){TOTAL_ZH}{L.NUMBER_ZH}"
                     r"(?:个|条|项|种) ?"
                     rf"(?![\u4e00-\u9fff]{{0,4}}{_NOT_ENTRIES}$)"
                     r"(?:[a-z]+|[\u4e00-\u9fff]{1,6})$"),
    # a count of entries with no noun after its measure word ("`X` 中共有 4 项")
    ("member_count", rf"{SZ}(?:里面|里|中|内)?{PRE_ZH}{TOTAL_ZH}(?:有|包含|包括|列了|列出了?|存了"
                     rf"|存放了?){TOTAL_ZH}{L.NUMBER_ZH}(?:项|条)$"),
]
# Each relation's cue words, as fragments: a clause without any of them cannot match that
# relation's frames, which are then neither tried nor compiled (compiling every frame costs
# more than a whole warm ``pse verify`` of a small document). A superset of the lexicon.
_CUES: dict[str, str] = {
    "alias_of": rf"{L.ALIAS_NOUN}|{L.ALIAS_NOUN_ZH}|aliased|known as|exported as|same"
                r"|points|refers|指向|等同于|等价于|同一|bound to|绑定| name\b",
    "param_position": (r"\b(?:first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th|last"
                       r"|final)\b.{0,24}\b(?:param|arg)|第[一二三四五六\d]个?(?:位置)?(?:参数|形参)"
                       r"|首个(?:位置)?(?:参数|形参)|\b(?:param|arg)\w* ?(?:of|to|for)\b"
                       r"|\bas (?:its|the) (?:positional )?(?:param|arg)"),
    "param_count": (r"(?:\d|zero|no|one|single|two|three|four|five|six|seven|eight|nine|ten"
                    r"|eleven|twelve|[零一二两三四五六七八九十]).{0,32}?(?:param|arg|参数|形参)"
                    r"|(?:参数|签名).{0,8}?[\d零一二两三四五六七八九十]|(?:不|没有).{0,6}参数"),
    "has_param": (r"param|arg|option|keyword|kwarg|method|function|propert|attribute|member"
                  r"|pass|creat|initiali|instantiat|construct"
                  r"|field|callback|take|accept|receiv|expect|support|requir|defin|declar"
                  r"|provid|expos|offer|implement|overrid|includ|contain|lack|come with|carr"
                  r"|has|have|gets? |signature|call|there (?:is|are)|exist|stor|keep|hold"
                  r"|record|save|put|cach|remember|参数|方法|函数|属性|成员"
                  r"|字段|接收|接受|传|支持|需要|带|有|包含|包括|提供|定义|声明|实现|define|暴露|覆盖"
                  r"|重写|具备|具有|存在|缺|找不到"),
    "subclass": (r"inherit|deriv|subclass|sub-class|subtype|child|descendant|speciali|extend"
                 r"|extension|(?:kind|type|sort) of|base|parent|ancestor|super|mro"
                 r"|method resolution|继承|派生|扩展|子类|父类|基类|超类|祖先"
                 r"|(?:is|are) (?:not )?(?:[a-z]+ as )?(?:a|an|a special) ?§"
                 r"|(?:是|为)(?:一个|个|一种)?(?:普通的)?§"
                 r"|instance|object of|实例|的(?:一个)?对象"),
    "built_on": r"built|based|build|基于|建立在",
    "base_count": r"base|parent|super|父类|基类|超类",
    "has_subclasses": r"base|parent|super|inherit|deriv|subclass|extend|基类|父类|超类|继承|派生",
    "raised": r"raised|thrown|signall?ed|propagated|被(?:抛出|引发|触发|raise)",
    # the lexicon's verbs
    "returns": (rf"{RETURN_VERB}|produc|given back|gives back|得到|拿到|获得|结果|generator"
                r"|生成器"),
    "call_count": (r"(?:called|invoked) .{0,20}(?:once|twice|thrice|times)"
                   r"|被(?:调用|call)了?.{0,6}次"),
    "member_count": rf"(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
                    rf"|[一二两三四五六七八九十]).{{0,24}}?{alternation(words('count_nouns'))}"
                    rf"|{alternation(words('count_nouns'))}.{{0,6}}?[\d一二两三四五六七八九十]"
                    r"|(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
                    r" (?:[a-z-]+ )?[a-z-]+s ?[:：]"
                    r"|[一二两三四五六七八九十\d](?:个|种)[\u4e00-\u9fff]{1,6}[:：]"
                    r"|[一二两三四五六七八九十\d](?:个|条|项|种) ?(?:[a-z]|[\u4e00-\u9fff])"
                    r"|(?:dict|mapping|list|tuple|set|字典|列表|元组|集合|映射)"
                    r".{0,24}?[\d一二两三四五六七八九十]"
                    r"|(?:lists|holds|contains|stores|has|have|includes|registers|enumerates"
                    r"|made of|composed of) (?:exactly |only |just |a total of )?(?:\d|one|two"
                    r"|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
                    r"|[一二两三四五六七八九十\d](?:项|条)$",
    "location": (r"defin|declar|implement|locat|found|written|kept|housed|placed|stored"
                 r"|contained|live|resid|sits? |come|originat|belong|find|see |source"
                 r"|definition|(?:is|are) (?:not )?(?:in|inside|within|part of) "
                 r"|(?:class|function|method|constant|exception|coroutine)(?:es|s)? "
                 r"(?:defined |declared )?(?:in|inside|within)\b|中的|里的|内的"
                 r"|定义|声明|实现|写|放|位于|来自|属于|出自|源自|所在|在"),
    "defines": (r"defin|declar|contain|hold|hous|implement|version|overrid|includ|listed"
                r"|named|present|定义|声明|实现|define|包含|包括|含有|列在|列入|列进|收录|出现在"
                r"|export|import|availab|expos|导出|导入"),
    "decorated": r"decorat|装饰|修饰",
    "kind": (rf"{_LEXICON_KINDS}|function|method|propert|module|package|constant|coroutine|class"
             r"|exception|alias|setter"
             r"|函数|方法|类|属性|模块|包|常量|协程|异常|decorat|wrapped|marked|memoi|cached"
             r"|carries|carry|(?:is|are) (?:not )?(?:[a-z]+ed as )?an? ?§|装饰|修饰"
             r"|uses|applies|用的是|使用|采用|用了"
             r"|(?:declared|defined|written|annotated) (?:with|using)|是(?:一个|个)?§"
             r"|(?:exposed|provided|implemented|offered) (?:through|via|as|with|by)"
             r"|标记|标注|声明|注册|定义为|定义成|用的是|加的是|挂的是|写的是|写着|标的是"
             r"|上面?(?:用了|加了)"
             r"|(?:使用了?|用了?|带有|带了?|加了|加上了?|挂了|挂着|标了|标注了|套了)§"),
    "calls": (r"call|invok|delegat|dispatch|hand|defer|goes through|relies|uses|wraps|trigger"
              r"|leverage|makes use|utili[sz]e|employ|\buse\b|\bwrap\b|\brely on|go through"
              r"|make use|\brun\b"
              r"|used (?:by|in|inside|within|from)\b"
              r"|runs|execut|passes control|forward|wrapper|shortcut|shorthand|front|调用|调到"
              r"|去调|invoke|用到|依赖|使用|委托|执行|借助|利用|用的是|用了|通过|用§"
              r"|creates|instantiates|constructs"
              r"|(?:produced|made|created|built|generated|obtained|computed|constructed)"
              r" (?:with|by|using|via|through)"
              r"|构造|创建|实例化|新建|passes|pass |sends|routes|implemented|转发|交给|传给|传递给"
              r"|转交|触发|封装|包装"),
    "default": r"default|falls? back|initial value|默认|缺省|初始值|初值"
               r"|\b(?:is|are|equals?|value)\b|==|的值|的取值|为|是|等于|设为|设置为|赋值",
    "definition_count": r"class|function|exception|类|函数|异常",
    "subclass_count": r"subclass|child class|derived class|子类|派生",
    "value_type": (alternation(list(type_nouns())) + r"|holds|stores|keeps|bound to"
                   r"|set to|assigned|initiali[sz]ed|'s (?:value|type)|的值|的取值|类型|保存"
                   rf"|存储|存放|持有|[是为](?:一个|个)?{_PLAIN_ZH}§"
                   r"|\b(?:is|are) ?(?:an? ?)?(?:[a-z-]+ ?)?§"),
    "raises": (r"rais|throw|threw|signal|propagat|fails? with|errors? (?:out )?with|blow"
               r"|bail|abort|results? in|leads? to|caus|抛|引发|引起|报"),
}
_CUE = {relation: re.compile(cues) for relation, cues in _CUES.items()}
_COMPILED: list[re.Pattern[str] | None] = [None] * len(_FRAMES)
# how many code spans each frame needs: a clause with fewer cannot match it
_SLOTS = [len(re.findall(r"§\(\?P<(?:s|o|ks|ka)>", pattern)) for _, pattern in _FRAMES]
# Chinese frames (their slots take Chinese nouns) need Chinese in the clause, the others
# need Latin words: a frame of the other script cannot match
_CHINESE = [L.SUBJ_NOUN_ZH in pattern or L.OBJ_NOUN_ZH in pattern for _, pattern in _FRAMES]
_CONDITION = re.compile(L.OPENING_CONDITION)
_SELF = r"§(?P<self>\d+)§"
_BESIDES = re.compile(rf"{L.BESIDES} ?{_SELF}")
_INCLUDING = re.compile(rf"{L.INCLUDING} ?{_SELF}")
_NEGATIVE_VERBS = {"lack", "lacks", "缺少", "缺乏", "找不到"}
_NAME_LIKE = re.compile(r"^@?[\w.:/-]+(?:\([^()]*\))?$")
_LOOSE_CALLS = (r"uses|relies on|goes through|wraps|triggers|runs|executes|leverages"
                r"|makes use of|utili[sz]es|employs|use|rely on|go through|wrap|trigger|run"
                r"|execute|leverage|make use of|utili[sz]e|employ|用到了?|依赖|使用了?"
                r"|执行了?|触发了?|借助|利用|用的是|用了|通过|用|is implemented on top of"
                r"|is implemented in terms of|is implemented using|is implemented with")
_MODULE_LEVEL = re.compile(r"\b(?:module|top)[- ]level (?:[a-z-]+ )?function\b"
                           r"|模块级(?:的)?\w{0,3}函数|顶层函数|模块函数")
_DEFINED = re.compile(r"\b(?:defined|declared|implemented|defines|declares|implements)\b"
                      r"|定义|声明|实现")
"""A location said with a verb of definition: a module that only imports the name is not
where it is defined (one that "has" or "holds" it may be)."""
_ANNOTATED = re.compile(r"\bannotat|\btype hint|\bhinted\b|注解|标注|类型提示")
"""A return type said of the annotation ("the return type annotation of `f` is `A`"): the
annotation as written decides, and a subclass of what it names is another annotation."""
_DIRECT = re.compile(r"(?<![\w-])(?:direct|directly|immediate)(?![\w-])|直接|中间没有|没有中间"
                     r"|没有别的中间|不经过|\b(?:lists|names|declares) `[^`]+` as (?:a|an|its|the)"
                     r"(?: (?:first|second|third|another|other|additional))? base", re.IGNORECASE)
"""Inheritance said to be direct ("a direct subclass", "中间没有别的类", "lists `B` as a
second base"): the base must be one the ``class`` statement writes, not a base of a base."""
_INDIRECT = re.compile(r"(?<![\w-])(?:indirect|indirectly)(?![\w-])|间接", re.IGNORECASE)
_DECORATOR_KINDS = {"property": "property", "cached_property": "cached property",
                    "classmethod": "classmethod", "staticmethod": "staticmethod",
                    "dataclass": "dataclass"}


@dataclass(frozen=True)
class _Match:
    relation: Relation
    groups: dict[str, str | None]


def read_claims(sentence: Sentence, *, indefinite: bool = False) -> Iterator[Claim]:
    """The claims a sentence states: one per clause at most from its frames, and the kind
    its definite noun phrases give a name (``the `Session` class``); with ``indefinite``,
    indefinite ones too (``a `decoder` class``: in generated text, never the reader's)."""
    if sentence.text.rstrip().endswith(("?", "？")):
        return
    said: set[tuple[str, str]] = set()
    returned: set[str] = set()  # the subjects a returns claim is read of
    for claim in _frames_and_words(sentence, indefinite=indefinite):
        said.add((claim.subject, claim.obj))
        if claim.relation in {"returns", "return_arity"}:
            returned.add(claim.subject)
        yield claim
    itself = _returns_itself(sentence)
    something = _returns_something(sentence)
    if something is not None and something.subject not in returned and itself is None:
        yield something  # "returns itself" says more: its own claim below
    if itself is not None and (itself.subject, itself.obj) not in said:
        said.add((itself.subject, itself.obj))
        yield itself
    yield from _parameter_claims(sentence, said)
    if not any(_CONDITION.match(clause) for clause in sentence.clauses):
        for claim in (*example_claims(sentence), *plural_kind_claims(sentence),
                      *project_claims(sentence)):
            if (claim.subject, claim.obj) not in said:
                said.add((claim.subject, claim.obj))
                yield claim


def _parameter_claims(sentence: Sentence, said: set[tuple[str, str]]) -> Iterator[Claim]:
    """The parameter claims no frame reads: a parameter of the structure's owner, arguments
    described by type (unless a count was said outright), "takes only `x`"; ``said`` (the
    subject and object of each claim read so far) grows with each."""
    counted = {subject for subject, obj in said if obj.isdigit()}
    found = [*_typed_parameters(sentence), _parameter_of_owner(sentence),
             *(c for c in described_arguments(sentence) if c.subject not in counted),
             _only_parameters(sentence)]
    # a name a noun phrase calls a parameter, unless a claim read says whose it is
    whose = {obj.rsplit(".", 1)[-1] for _, obj in said} | \
        {subject.rsplit(".", 1)[-1] for subject, _ in said if "." in subject}
    found += [c for c in _called_parameters(sentence) if c.subject not in whose]
    for claim in found:
        if claim is not None and (claim.subject, claim.obj) not in said:
            said.add((claim.subject, claim.obj))
            yield claim


_CALLED_PARAMETERS = re.compile(
    r"(?:^|(?<![a-z§])(?:the|its|their|optional) ?)(?P<list>§\d+§(?: ?(?:, ?and|, ?or|,|and|or)"
    r" ?§\d+§)*) ?(?:keyword |keyword-only |optional )?(?P<noun>parameters?|arguments?|kwargs?)"
    r"(?![a-z])(?! ?(?:names?|lists?|values?|defaults?|types?|order|count|number|annotations?"
    r"|specs?|specifications?|signatures?|positions?)(?![a-z]))"
    r"|(?P<zh>§\d+§(?:(?:、|和|与|及|以及|或) ?§\d+§)*) ?(?:这个|这些|两个|三个)?"
    r"(?:参数|形参|关键字参数)(?!名|列表|值|类型|顺序|个数|数量)")
"""A name the text calls a parameter ("the `x` parameter", "the `a`, `b` and `c`
parameters", "`x` 参数"), whoever's: some function must take it (:mod:`.parameters`).
Not "the `copy` arguments" (one name, a plural: the arguments of `copy`) nor "the
`__init__` parameter name" (a noun after it: the word is a modifier)."""


def _called_parameters(sentence: Sentence) -> list[Claim]:
    """A "parameter" kind claim per name a noun phrase calls a parameter; none in a
    sentence that denies or conditions it."""
    if _CONDITION.match(sentence.normalised) or _DENIED.search(sentence.normalised):
        return []
    found: list[Claim] = []
    for hit in _CALLED_PARAMETERS.finditer(sentence.normalised):
        slots = re.findall(r"§(\d+)§", hit["list"] or hit["zh"])
        if hit["noun"] and hit["noun"].endswith("s") and len(slots) == 1:
            continue  # "the `copy` arguments": what `copy` takes
        for slot in slots:
            name = sentence.spans[int(slot)]
            # ("an optional `Cart` parameter" describes one by its type, a class)
            if _NAME_LIKE.match(name) and name not in {"self", "cls"} and \
                    not name.startswith(("*", "__")) and not name[:1].isupper():
                found.append(Claim("kind", subject=name, obj="parameter",
                                   obj_text="parameter" if hit["list"] else "参数",
                                   negated=False, line=sentence.line, sentence=sentence.text,
                                   presupposed="phrase"))
    return found


def _frames_and_words(sentence: Sentence, *, indefinite: bool) -> Iterator[Claim]:
    """The frames' claims, then the types (:mod:`.typephrase`) and defaults
    (:mod:`.defaults`) said in words, each of which replaces the frames' reading it
    corrects."""
    typed = type_claims(sentence)
    superseded = {(c.subject, r) for c in typed for r in _SUPERSEDES[c.relation]}
    defaults = default_claims(sentence)
    # "If `x` is not given, `P` falls back to 1": the default is `x`'s, not `P`'s own
    superseded |= {(c.subject.rsplit(".", 1)[0], "default") for c in defaults}
    read: set[tuple[str, str]] = set()  # (relation, subject) of each claim read
    # "takes `v`, a list": the frame's parameter, with the type the words give it
    typed_params = {(c.subject, c.obj): c.argument_types for c in _typed_parameters(sentence)}
    for claim in _clause_claims(sentence, indefinite=indefinite):
        read.add((claim.relation, claim.subject))
        if claim.relation == "has_param" and not claim.argument_types and \
                (claim.subject, claim.obj) in typed_params:
            claim = dataclasses.replace(
                claim, argument_types=typed_params[(claim.subject, claim.obj)])
        arity = _tuple_size(claim, sentence.text)
        if (claim.subject.strip("`() "), claim.relation) not in superseded or \
                claim.relation == "subclass" and "[" not in claim.obj:
            yield claim
        if arity is not None:
            yield arity
    yield from typed
    for claim in defaults:  # the frames' reading of a parameter's default comes first
        parameter = claim.subject.rsplit(".", 1)[-1]
        if not any(relation == "default" and subject.rsplit(".", 1)[-1] == parameter
                   for relation, subject in read):
            yield claim


_SUPERSEDES = {"returns": ("returns",), "alias_of": ("alias_of",),
               "value_type": ("value_type", "subclass")}
"""The frames' claims a type said in words replaces (:mod:`.typephrase`): "returns a list
of `Shape` objects" is no claim that it returns a `Shape`; a subscripted type a frame read
as a base is a value's type."""


_TUPLE_SIZE = re.compile(
    r"(?<![\w-])(?P<n>\d+|two|three|four|five|six|seven|eight)[- ](?:element|item|value|member"
    r"|part|field)s?[- ]tuple\b|(?<![\w-])(?P<d>\d)-tuple\b"
    r"|\btuple (?:of|with|containing|holding|made of) (?:exactly |only |just )?"
    r"(?P<m>\d+|two|three|four|five|six|seven|eight) (?:[a-z]+ )?(?:elements?|items?|values?"
    r"|members?|parts?|fields?|entries|entry|strings?|objects?|numbers?|integers?)\b"
    r"|(?:包含|含有|含|有|由)了?(?:只|仅)?(?P<z>\d+|[两二三四五六七八])个(?:[\u4e00-\u9fff]{0,4})?"
    r"(?:元素|值|项|部分|成员|字段|字符串|对象|整数|数字)(?:的|组成的)?\s*(?:元组|tuple)"
    r"|(?P<y>[二三四五六七八])元组", re.IGNORECASE)
"""The size a sentence gives a returned tuple ("a tuple of two elements", "a 3-tuple",
"包含两个元素的元组", 三元组)."""
_SIZES = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8}


_ITSELF = re.compile(
    r"^(?:[-*+]\s+|\d+[.)]\s+)?`(?P<s>[A-Za-z_][\w.]*)(?:\(\))?`(?:\s+(?:method|function|方法|函数))?"
    r"\s*(?:always\s+|then\s+|最后|最终|会|总是)?\s*(?:returns|返回)\s*"
    r"(?:itself|the (?:same )?(?:instance|object|job|table) itself|the same (?:instance|object)"
    r"|its own instance|自身|自己|它自己|(?:该|这个|当前)?(?:对象|实例|任务|表格)?本身)"
    r"(?=\s*(?:[,，.。;；]|so\b|to\b|for\b|以便|以|从而|$))", re.IGNORECASE)
"""A method said to return the object it is called on, in words ("returns itself", "返回
任务本身"): a return of ``self``."""


def _returns_itself(sentence: Sentence) -> Claim | None:
    """The claim that a method returns its receiver, said in words (:data:`_ITSELF`)."""
    hit = _ITSELF.match(sentence.text.strip())
    if hit is None or not _NAME_LIKE.match(hit["s"]):
        return None
    return Claim("returns", subject=hit["s"], obj="self", obj_text="", negated=False,
                 line=sentence.line, sentence=sentence.text)


_SOMETHING = re.compile(
    r"^§(?P<s>\d+)§ ?(?:(?:[a-z]+(?: [a-z]+){0,5},? (?:and|then) )?(?:also |simply |just "
    r"|finally )?(?:returns|gives back|hands back|will return)(?: back)? (?:a|an|the|its"
    r"|it|them|this|that|one|some|their|whatever|what)(?![a-z])(?! ?(?:none|nothing)\b)"
    r"(?P<rest>[^§]*)"
    r"|(?:[^§，,。]{0,12}(?:并|然后|再|最后|后|之后|以后))?(?:会|将)?返回(?!值|类型|结果为|none|None|空|无"
    r"|nothing)(?:一个|一种|该|这个|此|它|其|相应的|对应的|处理后的|验证后的)?"
    r"(?P<zh>[\u4e00-\u9fff]{1,8}))$")
"""A returns clause that names no type and no code ("`f` validates and returns the label",
"`f` 校验后返回标签"): a claim that it returns a value (:data:`~.model.ANY_VALUE`)."""


def _returns_something(sentence: Sentence) -> Claim | None:
    """The claim that a function returns something, when its only clause says so with no
    type or code after the verb (see :data:`_SOMETHING`); a typed reading comes first."""
    hits = [_SOMETHING.match(clause.strip()) for clause in sentence.clauses]
    found = [h for h in hits if h is not None and h.group(0).count("§") == 2]
    if len(found) != 1 or (found[0]["zh"] and found[0]["zh"] in _NOT_A_VALUE_ZH) or \
            _CONDITION.match(sentence.normalised):
        return None
    hit = found[0]
    subject = sentence.spans[int(hit["s"])]
    if not _NAME_LIKE.match(subject):
        return None
    return Claim("returns", subject=subject, obj=ANY_VALUE, obj_text="", negated=False,
                 line=sentence.line, sentence=sentence.text)


_PARAMETER_SUBJECT = re.compile(r"^(?:the ?|its ?|this ?)?§(?P<p>\d+)§ ?(?:parameter|argument|param"
                                r"|arg|keyword argument|参数|形参|入参)(?![a-z])"
                                # "the `x` argument of `create`": another's
                                r"(?! ?(?:of|to|for|in) ?(?:the ?)?§)"
                                # the noun first: "参数 `number` 是一个整数", "parameter `x` is"
                                r"|^(?:the ?)?(?:parameter|argument|参数|形参|入参) ?§(?P<q>\d+)§"
                                r"(?! ?(?:of|to|for|in) ?(?:the ?)?§)")
_DENIED = re.compile(r"(?<![a-z])(?:not|no longer|never|removed|deprecated)(?![a-z])"
                     r"|不|没有|已移除|已废弃")


def _parameter_of_owner(sentence: Sentence) -> Claim | None:
    """"The `value` parameter is a string" in an item under "**`Processor`**:" (or "`value`
    参数是一个字符串"): the owner the structure names takes a parameter of that name."""
    owner = re.sub(r"\(.*\)$", "", sentence.owner.strip("` "))
    hit = _PARAMETER_SUBJECT.match(sentence.normalised.strip())
    if not owner or hit is None or not _NAME_LIKE.match(owner) or \
            _DENIED.search(sentence.normalised):
        return None
    name = sentence.spans[int(hit["p"] or hit["q"])].strip("` ")
    if not re.fullmatch(r"[A-Za-z_]\w*", name) or name in {"self", "cls"}:
        return None
    # "... is an integer", "... 是一个整数": the parameter's type, when that is all it says
    typed = _IS_A_TYPE.match(sentence.normalised.strip()[hit.end():])
    kind = argument_type(typed["t"]) if typed else ""
    return Claim("has_param", subject=owner, obj=name, obj_text="", negated=False,
                 line=sentence.line, sentence=sentence.text, owner=owner,
                 argument_types=(kind,) if kind else ())


_TYPE_WORDS = alternation(list(type_nouns()))
_ONE_ARGUMENT = (rf"(?:(?:a|an|one|single|一个|一|个) ?)?(?:[a-z-]+ )?(?:{_TYPE_WORDS})"
                 r"(?: of (?:[a-z-]+ )?[a-z]+s)?(?: (?:value|object|argument|parameter))?")
_ARGUMENTS_JOIN = r"(?: ?(?:,|, and|and|、|和|以及|及|与) ?)"
_DESCRIBED_ARGUMENTS = re.compile(
    rf"^(?:the ?)?(?P<subjects>§\d+§(?:{_ARGUMENTS_JOIN}§\d+§)*) ?(?:{L.SUBJ_NOUN_ZH}"
    r"|两个函数|两个方法|these (?:two )?(?:functions|methods)"
    r"|(?:function|method|functions|methods|class|constructor))? ?"
    r"(?:only )?(?:takes|accepts|receives|expects|接受|接收|需要|只接受)"
    rf" ?(?P<args>{_ONE_ARGUMENT}(?:{_ARGUMENTS_JOIN}{_ONE_ARGUMENT})*)"
    r" ?(?:as (?:its |their )?(?:parameters?|arguments?|inputs?)|(?:作为|为)?(?:参数|输入))?"
    r"(?= ?$| ?[,，]? ?(?:and |then |but |并且?|然后|，|,) ?(?:returns|raises|yields|gives back"
    r"|返回|抛出|生成))")
"""Arguments described by their types alone ("`check` takes a string and a boolean as
parameters", "`f` 和 `g` 两个函数接受一个字符串作为参数"): how many a caller passes."""


_NOT_A_NOUN = (r"(?:and|or|as|that|which|who|whose|to|into|with|without|for|from|in|on|by"
               r"|then|but|if|when|while|returns?|raises?|yields?|is|are|was|be)")
_ONE_NOUN_PHRASE = (rf"(?:a|an|the|one|its|some|(?:an )?optional) (?!{_NOT_A_NOUN} )[a-z][a-z-]*"
                    rf"(?: (?!{_NOT_A_NOUN}(?![a-z-]))[a-z][a-z-]*){{0,3}}"
                    r"(?: of (?:[a-z-]+ )?[a-z-]+)?")
_MEASURE_ZH = r"(?:一个|一|个|某个|可选的)"
_NOUN_PHRASE_ZH = (rf"{_MEASURE_ZH}(?:(?!(?:和|与|及|以及|、){_MEASURE_ZH})"
                   r"(?!作为|为其?(?:参数|输入))[^§，,。；;、]){1,12}")
"""One argument described in Chinese: its measure word, then its words up to the next
listed one ("一个日期和时间字符串" is one)."""
_ARGUMENT_LIST = (
    rf"^(?:the ?)?(?P<subjects>§\d+§) ?(?:{L.SUBJ_NOUN_ZH}"
    r"|(?:function|method|class|constructor))? ?"
    r"(?:only |also )?(?:takes|accepts|receives|expects|接受|接收|需要|只接受)"
    rf" ?(?P<args>(?:{_ONE_NOUN_PHRASE}|{_NOUN_PHRASE_ZH})"
    rf"(?:{_ARGUMENTS_JOIN}(?:{_ONE_NOUN_PHRASE}|{_NOUN_PHRASE_ZH}))+)")
_AS_PARAMETERS = (r" ?(?:as (?:its |their )?(?:parameters|arguments|inputs)"
                  r"|(?:作为|为)(?:其)?(?:参数|输入))")
_RETURNS_NEXT = r" ?[,，]? ?(?:and |then |并且?|然后)?(?:returns|raises|yields|返回|抛出)"
_LISTED_ARGUMENTS = re.compile(
    rf"{_ARGUMENT_LIST}(?:{_AS_PARAMETERS}(?= ?$| ?[,，.。;；])|(?={_RETURNS_NEXT}))")
"""Arguments listed by what they are, two or more, each with its article, said to be the
parameters ("This function takes a node and a key path as parameters", "它接受一个节点和一个
路径作为参数") or followed by what it returns or raises ("takes a node and a path and
returns ..."): as many arguments as the list has. "takes a node and a key path into
account" says nothing of its arguments."""
_LISTED_ARGUMENTS_LOOSE = re.compile(
    rf"{_ARGUMENT_LIST}(?:{_AS_PARAMETERS})?(?= ?$| ?[,，.。;；]| (?:which|that|for|from|with"
    rf"|by)(?![a-z])|{_RETURNS_NEXT})")
"""The same list where nothing after it says it is the arguments ("`sign` takes a secret key
and a value."): read by the evidence check, which flags only more arguments than a
callable has parameters, never a count the index would judge."""


def described_arguments(sentence: Sentence, *, loose: bool = False) -> list[Claim]:
    """One "described" parameter count per subject of a sentence that describes what its
    callables take only by type, or lists its arguments by what they are: as many
    arguments as it says, between the parameters a caller must pass and all it may
    (``loose``: a list nothing after it confirms, see :data:`_LISTED_ARGUMENTS_LOOSE`)."""
    if _CONDITION.match(sentence.normalised) or _DENIED.search(sentence.normalised):
        return []
    texts = [sentence.normalised.strip(), *_clauses_with_their_next(sentence.clauses)]
    hit = next(filter(None, (_DESCRIBED_ARGUMENTS.match(t) for t in texts)), None)
    if hit is None:
        reader = _LISTED_ARGUMENTS_LOOSE if loose else _LISTED_ARGUMENTS
        listed = next(filter(None, (reader.match(t) for t in texts)), None)
        if listed is None:
            return []
        items = re.split(_ARGUMENTS_JOIN + r"(?=a |an |the |one |its |some |optional "
                         r"|一个|一|个|某个|可选的)", listed["args"])
        types = tuple(argument_type(item) for item in items)
        return [Claim("param_count", subject=name, obj=str(len(types)),
                      obj_text="described", negated=False, line=sentence.line,
                      sentence=sentence.text, argument_types=types)
                for slot in re.findall(r"§(\d+)§", listed["subjects"])
                if _NAME_LIKE.match(name := sentence.spans[int(slot)])]
    types = tuple(argument_type(m[0]) for m in re.finditer(_ONE_ARGUMENT, hit["args"]))
    return [Claim("param_count", subject=name, obj=str(len(types)), obj_text="described",
                  negated=False, line=sentence.line, sentence=sentence.text,
                  argument_types=types)
            for slot in re.findall(r"§(\d+)§", hit["subjects"])
            if _NAME_LIKE.match(name := sentence.spans[int(slot)])]


def _clauses_with_their_next(clauses: tuple[str, ...]) -> list[str]:
    """Each later clause that opens with its subject, with the clauses after it that have
    none (the rest of a list the splitter cut at its commas) and what the next one says of
    the same subject ("`f` 是一个函数，它接受一个文本、一个模式，并返回 ...": "§0§接受一个文本,
    一个模式，返回 ..."), so a list of arguments is read whole, and ends where its sentence
    said what is returned."""
    joined = []
    for number, clause in enumerate(clauses[1:], start=1):
        subject = re.match(r"^(§\d+§)", clause)
        if subject is None:
            continue
        rest = number + 1
        while rest < len(clauses) and not clauses[rest].startswith("§"):
            clause = f"{clause}, {clauses[rest]}"
            rest += 1
        after = clauses[rest] if rest < len(clauses) else ""
        if after.startswith(subject[1]):
            clause = f"{clause}，{after[len(subject[1]):].lstrip()}"
        joined.append(clause)
    return joined


_TYPE_NOUN = re.compile(rf"(?<![a-z])(?:{_TYPE_WORDS})(?![a-z])")


def argument_type(described: str) -> str:
    """The builtin type one described argument names ("a string" ``str``, "一个布尔值"
    ``bool``, "a list of strings" ``list``: its first type noun), "" for none."""
    noun = _TYPE_NOUN.search(described)
    kind = type_nouns().get(noun[0], "") if noun is not None else ""
    return kind if builtin_type(kind) else ""


_TAKES = re.compile(r"^(?:the ?)?§(?P<s>\d+)§ ?(?:function|method|constructor|class|函数|方法|类)?"
                    r" ?(?:only |also |first )?(?:takes|accepts|receives|expects|requires"
                    r"|(?:会)?(?:接受|接收|需要))(?P<rest>.*)$")
_TYPED_NAME = re.compile(
    rf"(?:^|(?<=[ ,，、和]))(?:(?:a|an|one|一个|一) ?)?(?:[a-z-]+ )?(?P<t>{_TYPE_WORDS})"
    r"(?: of (?:[a-z-]+ )?[a-z]+s)?"
    r"(?: ?(?:value|object|argument|parameter|instance|类型的?|的|参数|值))? ?§(?P<p>\d+)§"
    r"(?! ?(?:object|instance|class|实例|对象|类))"
    rf"|§(?P<q>\d+)§ ?[,，(（] ?(?:(?:a|an|one|一个|一) ?)?(?P<u>{_TYPE_WORDS})(?![a-z])"
    rf"|(?:^|(?<=[ ,，、和]))(?:[a-z]+ |[两二三四五六七八九十\d]个)?(?P<ts>{_TYPE_WORDS})"
    rf" ?(?:values|arguments|parameters|参数) ?(?P<list>§\d+§(?:{_ARGUMENTS_JOIN}§\d+§)+)")
"""A parameter named with its type in what a callable takes: "an integer `v`", "a string
`name`", "一个整数 `v`", "`v`, an integer", "`v` (a string)"; parameters listed after one
plural typed noun are each of that type ("two string parameters `s1` and `s2`", "两个字符串
参数 `s1` 和 `s2`")."""


def _typed_parameters(sentence: Sentence) -> list[Claim]:
    """"`b58decode_int` takes an integer `v`": `v` is its parameter and takes an ``int``
    (a type the words name that is no builtin, "a `Job` object", says nothing here)."""
    text = sentence.normalised.strip()
    hit = _TAKES.match(text)
    if hit is None or _CONDITION.match(text) or _DENIED.search(text):
        return []
    subject = sentence.spans[int(hit["s"])].strip("` ")
    subject = re.sub(r"\(.*\)$", "", subject)
    if not _NAME_LIKE.match(subject):
        return []
    claims = []
    for typed in _TYPED_NAME.finditer(hit["rest"]):
        spans = re.findall(r"§(\d+)§", typed["list"]) if typed["list"] else \
            [typed["p"] or typed["q"]]
        kind = argument_type(typed["t"] or typed["u"] or typed["ts"])
        for index in spans:
            name = sentence.spans[int(index)].strip("` ")
            if kind and re.fullmatch(r"[a-z_][a-z0-9_]*", name) and \
                    name not in {"self", "cls"}:
                claims.append(Claim("has_param", subject=subject, obj=name, obj_text="",
                                    negated=False, line=sentence.line, sentence=sentence.text,
                                    argument_types=(kind,)))
    return claims


_IS_A_TYPE = re.compile(rf" ?(?:is|must be|should be|是|为|应为|必须是)"
                        rf" ?(?:(?:a|an|一个|一) ?)?(?P<t>{_TYPE_WORDS})"
                        r"(?: ?(?:value|object|类型|值))?"
                        r" ?(?:$|[,，;；]|that|which|representing|describing|用于|表示)")
"""What a parameter is said to be when that is a type: "is an integer", "是一个字符串"."""


_NOT_A_VALUE_ZH = frozenset({"空", "无", "任何值", "任何东西", "空值"})


def _tuple_size(claim: Claim, text: str) -> Claim | None:
    """The size of the tuple a returns claim says its subject returns, when the sentence
    gives exactly one (a claim of its own: "`partition` returns a tuple of two elements"
    is false of a function annotated ``tuple[str, str, str]``)."""
    if claim.relation != "returns" or claim.obj != "tuple" or claim.negated:
        return None
    sizes = {m[k] for m in _TUPLE_SIZE.finditer(text) for k in "ndmzy" if m[k]}
    if len(sizes) != 1:
        return None
    written = sizes.pop()
    size = int(written) if written.isdigit() else _SIZES[written.lower()]
    return dataclasses.replace(claim, relation="return_arity", obj=str(size), obj_text=written)


_FRONTED_DEFAULT = re.compile(
    r"^(?:by default|(?:if|when) (?:omitted|unset|not (?:given|set|specified|provided|passed))"
    r"|unless (?:given|set|specified|provided|passed)(?: otherwise)?"
    r"|(?P<zh>(?:在)?(?:默认|缺省)(?:情况下|时)?|(?:如果|若)?(?:不|未|没有)(?:指定|提供|传入|设置|传)"
    r"(?:时|的话)?|除非(?:另行|显式|特别|明确)?(?:指定|设置|传入|提供)))$")
"""A fronted "By default,", "If omitted,", 默认情况下，, 如果不指定，: the clause after it
says the default."""


_TRAILING_DEFAULT = re.compile(
    r"^(?P<head>.+?) ?(?:unless|if not|when not)(?![a-z]) ?(?:you |the caller |the user |one "
    r"|it is |they are |otherwise )?(?:explicitly )?(?:pass|give|specif|provid|set|overrid"
    r"|configur|suppl|chang)[a-z]*(?: ?(?:it|them|one|another(?: one| value)?|a value"
    r"|§\d+§))?(?: otherwise| explicitly)?$")
"""A clause that ends with the condition of a default: "`x` is set to `False` unless you
pass it", "... unless specified otherwise" (the clause before it says the default)."""


_DEFAULT_CONDITION = re.compile(
    r"^(?:unless|if not|when not)(?![a-z]) ?(?:you |the caller |the user |one |it is |they "
    r"are |otherwise )?(?:explicitly )?(?:pass|give|specif|provid|set|overrid|configur|suppl"
    r"|chang)[a-z]*(?: ?(?:it|them|one|another(?: one| value)?|a value|§\d+§))?"
    r"(?: otherwise| explicitly)?$"
    r"|^(?P<zh>除非(?:你|用户|调用者|调用方)?(?:另行|显式|特别|明确|手动)?(?:地)?"
    r"(?:指定|设置|传入|提供|修改|覆盖|配置|传)(?:了)?(?:它|其他值|别的值|其它值|该参数)?)$")
"""A clause that is only the condition of a default, after the clause saying it: "`x` is
`False`, unless you pass it", "`x` 为 `False`，除非另行指定"."""


_CALL_CONDITION = re.compile(
    r"^(?:if|when|whenever) (?:you |the caller |a caller |the user |a user |one |someone )?"
    r"(?:pass|give|feed|suppl|provid|hand)[a-z]* ?(?:[^§]|§\d+§){0,60}?(?:to|into|on) "
    r"?§(?P<f>\d+)§(?:\(\))?$"
    r"|^(?:if|when|whenever) (?:you |the caller |one )?call[a-z]* ?§(?P<g>\d+)§(?:\(\))? ?"
    r"(?:with|on|using|for)(?![a-z])"
    r"|^(?:如果|若|当|一旦)(?:你|用户|调用者|调用方)?(?:向|给|对)?§(?P<z>\d+)§"
    r"(?:传入|传递|提供|传)"
    r"|^(?:if|when|whenever) ?§(?P<h>\d+)§(?:\(\))? ?(?:is|gets) (?:given|passed|handed|fed"
    r"|called with)(?![a-z])")
"""A condition that names the callable it is about: "If you pass an unknown color to
`style`", "如果向 `style` 传入未知颜色"."""
_BARE_RAISED = re.compile(
    rf"^(?:then ?|it ?)?(?:a ?|an ?|the ?)?§(?P<e>\d+)§ ?(?:exception |error )?(?:is|will be|gets|"
    rf"would be|can be|may be) {L.RAISED}$"
    r"|^(?:则|就|那么)?(?:会|将|就会)?(?P<zh>抛出|引发|产生)(?:一个|个)?§(?P<z>\d+)§")
"""A clause saying only that an exception is raised, with no subject."""


def _with_callable(condition: str, clause: str) -> str | None:
    """"§f§ raises §E§" when ``condition`` names the callable ``f`` and ``clause`` says
    only that ``E`` is raised, or "§f§ ..." when ``clause`` says it of "it"; else None."""
    called = _CALL_CONDITION.match(condition)
    if not called:
        return None
    callable_ = called["f"] or called["g"] or called["z"] or called["h"]
    if clause.startswith("it ") and "§" in clause:  # "..., it raises `E`"
        return f"§{callable_}§ {clause[3:]}"
    raised = _BARE_RAISED.match(clause)
    if not raised:
        return None
    error = raised["e"] or raised["z"]
    return f"§{callable_}§会抛出§{error}§" if raised["zh"] else f"§{callable_}§ raises §{error}§"


def _joined_clauses(clauses: tuple[str, ...]) -> list[str]:
    """``clauses`` with a fronted "by default" (or a condition that says it) joined to the
    clause it introduces, as "by default ..." / 默认情况下..., and a trailing condition of
    a default ("unless you pass it") said as "by default ..." before its clause."""
    joined: list[str] = []
    for clause in clauses:
        fronted = _FRONTED_DEFAULT.match(joined[-1]) if joined else None
        if fronted:
            joined[-1] = f"默认情况下{clause}" if fronted["zh"] else f"by default {clause}"
            continue
        said = _with_callable(joined[-1], clause) if joined else None
        if said:
            joined[-1] = said
            continue
        condition = _DEFAULT_CONDITION.match(clause) if joined else None
        if condition:
            joined[-1] = f"默认情况下{joined[-1]}" if condition["zh"] else \
                f"by default {joined[-1]}"
            continue
        if joined and _OMITTED_ZH.search(joined[-1]) and \
                re.match(r"(?:就|会)?(?:默认|缺省)", clause):
            joined[-1] = f"{joined[-1]}，{clause}"  # "没有指定 `x` 的话，默认为 `V`"
            continue
        if joined and _APPOSITIVE.fullmatch(joined[-1]) and _PREDICATE.match(clause):
            joined[-1] = f"{joined[-1].strip()}{clause.strip()}"  # "That cache, `X`, is ..."
            continue
        trailing = _TRAILING_DEFAULT.match(clause)
        joined.append(f"by default {trailing['head']}" if trailing else clause)
    return joined


_PART_OF_A_COUNT = re.compile(
    r"(?i)\b(?:first|last|top|next|other|remaining|following|preceding|leading|trailing"
    r"|only the|just the|among)\s+(?:[a-z-]+\s+)?(?:\d+|two|three|four|five|six|seven|eight"
    r"|nine|ten|eleven|twelve)\b"
    r"|(?:前|后|头|末|其中|另外|剩下的?|剩余的?|最后|其余的?)(?:的)?\s*(?:\d+|[一二两三四五六七八九十]+)\s*(?:个|项|条|种)")
"""Words that make a count one of part of a set ("the first two items", "其中三个"), which
the normaliser drops with the other sequence words."""
_OMITTED_ZH = re.compile(r"(?:不传入?|没传入?|没有传入?|未传入?|不指定|没有指定|未指定|不提供"
                         r"|没有提供|未提供|省略(?:掉)?|不给|没给)[^§，,。]{0,4}§\d+§[^§，,。]{0,6}"
                         r"(?:时|的时候|的话)$")
"""A clause that says a parameter is left out ("没有指定 `x` 参数的话"): what the next
clause says by default is that parameter's default."""
_APPOSITIVE = re.compile(r"\s*§\d+§\s*")
"""A clause that is one code name between commas, after a noun phrase ("That cache,
`X`, is a dict"): the subject of the predicate that follows."""
_PREDICATE = re.compile(r"\s*(?:is|are|was|were|has|have|returns|raises|calls|defines|holds"
                        r"|stores|contains|takes|accepts|inherits|subclasses|defaults|lives"
                        r"|sits)\b")
"""An English predicate opening a clause, whose subject went before it."""


def _clause_claims(sentence: Sentence, *, indefinite: bool) -> Iterator[Claim]:
    for position, clause in enumerate(_joined_clauses(sentence.clauses)):
        if _CONDITION.match(clause):
            continue
        claim = next((c for found in _matches(clause) if (c := _claim(found, sentence))), None)
        if claim is None:
            claim = _count_claim(clause, sentence) or _cue_claim(clause, sentence)
        elif claim.relation in {"member_count", "method_count", "definition_count"} and \
                not claim.excluded:
            # "has two items besides `a`": a frame's count leaves that name out too; "its
            # first two items" counts part of them
            left_out = excluded_slots(sentence.normalised)
            claim = dataclasses.replace(claim, excluded=tuple(
                sentence.spans[int(s.strip("§"))] for s in left_out)) if left_out else claim
            if _PART_OF_A_COUNT.search(sentence.text):
                claim = dataclasses.replace(claim, narrowed=(*claim.narrowed, "part"))
        if claim is not None:
            yield from _with_what_it_implies(clause, sentence, claim)
        said = _said(clause, claim)
        counted = _typed_count(clause, claim) if claim is not None else None
        if counted is not None:  # "`NAMES` is a tuple of five strings": and how many
            said.add((counted.relation, counted.subject, counted.obj))
            yield counted
        for part in _kind_and_tail(clause):
            also = next((c for found in _matches(part) if (c := _claim(found, sentence))), None)
            if also is not None and (also.relation, also.subject, also.obj) not in said:
                said.add((also.relation, also.subject, also.obj))
                yield also
        yield from _noun_params(clause, sentence, claim)
        yield from _signature_claims(clause, sentence)
        for named in _noun_kinds(clause, sentence, indefinite=indefinite,
                                 first=position == 0):
            # the frame's own object noun ("lives in the `pkg.core` module") is its claim's
            if claim is None or claim.obj_text == "loose" or (named.subject != claim.obj and not (
                    claim.relation == "kind" and claim.subject == named.subject)):
                yield named


_MEMBER_KIND = re.compile(r"(?:a|an|the) (?P<en>static|class|abstract|async)[ -]method"
                          r" (?:of|on|in)|的(?:一个|一)?(?P<zh>静态|类|抽象|异步)方法")
"""A method said to be a member of a kind ("`eval` is a static method of `SimpleEval`",
"`eval` 方法是 `SimpleEval` 类的一个静态方法"): the member claim and the kind claim both."""


def _with_what_it_implies(clause: str, sentence: Sentence, claim: Claim) -> Iterator[Claim]:
    """A frame's claim, the denial "instead of" implies, and the kind a member claim gives
    its method; of "is not a static method of", only the kind is denied."""
    kind = _member_kind(clause, claim)
    if kind is None or not claim.negated:
        yield claim
        yield from _instead_of(sentence, claim)
    if kind is not None:
        yield kind


def _said(clause: str, claim: Claim | None) -> set[tuple[str, str, str]]:
    """What a clause's frame claim said, so no other reading of the clause says it again
    (the kind of "a class method of `Cart`" is said of `Cart.empty`, not again of
    `empty`)."""
    if claim is None:
        return set()
    kind = _member_kind(clause, claim)
    return {(claim.relation, claim.subject, claim.obj),
            *((("kind", claim.obj, kind.obj),) if kind is not None else ())}


def _member_kind(clause: str, claim: Claim) -> Claim | None:
    """The kind a member claim's clause gives the method (see :data:`_MEMBER_KIND`)."""
    said = _MEMBER_KIND.search(clause) if claim.relation == "has_method" else None
    if said is None or not _NAME_LIKE.match(claim.obj):
        return None
    written = f"{said['en']} method" if said["en"] else f"{said['zh']}方法"
    return dataclasses.replace(claim, relation="kind", subject=f"{claim.subject}.{claim.obj}",
                               obj=canonical_kind(written), obj_text=written)


_INSTEAD = re.compile(r"§(?P<o>\d+)§ ?(?:[,，] ?)?(?:而不是|而非|而不|rather than|instead of|"
                      r"but not|not) ?(?:调用|继承|返回|抛出|calling|inheriting from|returning"
                      r"|raising)? ?(?:the )?§(?P<y>\d+)§")
"""One name said in place of another ("calls `a` rather than `b`", "调用 `a` 而不是 `b`"):
the other is denied."""
_INSTEAD_RELATIONS = frozenset({"calls", "subclass", "built_on", "raises", "location",
                                "returns"})


def _instead_of(sentence: Sentence, claim: Claim) -> Iterator[Claim]:
    """The denied claim of a name said in place of the claim's object."""
    if claim.relation not in _INSTEAD_RELATIONS or claim.negated:
        return
    for hit in _INSTEAD.finditer(sentence.normalised):
        said, other = sentence.spans[int(hit["o"])], sentence.spans[int(hit["y"])]
        if said.removesuffix("()") == claim.obj.removesuffix("()") and other != claim.subject:
            yield dataclasses.replace(claim, obj=other.removesuffix("()"), obj_text="instead",
                                      negated=True)


_KIND_AND_TAIL = re.compile(
    rf"^(?P<s>§\d+§) ?(?P<be>is|are) (?P<kind>(?:a|an|the|one) (?:[a-z-]+ ){{0,3}}?"
    rf"(?:{L.KIND_EN})(?![a-z-])|(?:a|an|the|one) ?§\d+§) ?(?P<tail>(?:that|which) .+"
    r"|(?:on|of|in|inside|within|from) ?§.+|[a-z]+(?:ed|ing) .+)$")
_PLACES = frozenset({"on", "of", "in", "inside", "within", "from"})
_RELATION_KIND = re.compile(r"(?:sub|base|parent|super|child) ?class$")
_ING = re.compile(r"^(?P<stem>[a-z]+?)(?P<double>[bdgmnprt])?(?P=double)?ing ")


def _kind_and_tail(clause: str) -> list[str]:
    """A kind said with a tail that says a relation of its own, as two clauses: "`X` is a
    class defined in `m.py`" is "`X` is a class" and "`X` is defined in `m.py`"; "a
    classmethod on `C`" is a classmethod, and a member of `C`; "a class deriving from `B`"
    derives from it (both inflections are tried: the frames know which verb they read).
    A kind followed by another noun ("a class decorator") is a modifier and has no tail;
    a denied kind ("is not a class defined in ...") leaves open which part is denied."""
    hit = _KIND_AND_TAIL.match(clause)
    if hit is None:
        return []
    if _RELATION_KIND.search(hit["kind"]):
        return []  # "a subclass of `B`", "a base class of `C`": a relation, not a kind
    subject, be, tail = hit["s"], hit["be"], hit["tail"]
    first = tail.split(" ", 1)[0].rstrip("§0123456789")
    plain = re.fullmatch(r"(?:a|an|the|one) (?:method|function|class)", hit["kind"])
    # "a method of `C`" is read whole as a member; "a classmethod on `C`" says more
    parts = [] if plain and first in _PLACES else [f"{subject} {be} {hit['kind']}"]
    if first in ("that", "which"):
        parts.append(f"{subject} {tail.split(' ', 1)[1]}")
    elif first.endswith("ed"):
        parts.append(f"{subject} {be} {tail}")
    elif first.endswith("ing"):
        ing = _ING.match(tail)
        stem = ing["stem"] + (ing["double"] or "") if ing else first[:-3]
        rest = tail[len(first):]
        parts += [f"{subject} {stem}es{rest}", f"{subject} {stem}s{rest}"]
    return parts


# "the `Session` class", "its `send` method", "该`loads`函数": a definite noun phrase
# presupposes the name's kind. An indefinite one ("a `Plugin` class") is mostly the
# reader's own code in an example, and a kind word followed by another noun
# ("the `timeout` class attribute", "the `attr.s` class decorator") is a modifier.
_DEFINITE = "the|this|that|its|their|our|each|every|same"
_NOUN_KIND_TAIL = rf"§(?P<s>\d+)§(?P<k>{L.KIND_EN})(?![a-z-])(?: (?P<next>[a-z]+))?"
_NOUN_KIND = re.compile(rf"(?:^|(?<![a-z])(?:{_DEFINITE})){_NOUN_KIND_TAIL}")
_ANY_NOUN_KIND = re.compile(rf"(?:^|(?<![a-z])(?:{_DEFINITE}|a|an|one)){_NOUN_KIND_TAIL}")
_NOUN_KIND_ZH = re.compile(
    r"(?:^|(?<=[这该此其的个被由给向对把将用从与和及、，,而但且则或并])|(?<=[而但且则或并] ))"
    r"§(?P<s>\d+)§"
    r"(?P<k>类方法|静态方法|异步函数|协程函数|异常类|函数|方法|模块|异常|装饰器|类(?![型似别比属])|属性)"
    # ("`a`、`b` 和 `C` 类和函数": classes and functions between them, each of one kind)
    + L.NO_OTHER_KIND)
_MODIFIED_KIND = frozenset({
    "attribute", "attributes", "variable", "variables", "decorator", "decorators", "field",
    "fields", "name", "names", "parameter", "parameters", "argument", "arguments", "factory",
    "wrapper", "template", "registry", "keyword", "option", "options", "flag", "constant",
    "constants", "property", "properties", "member", "members", "function", "functions",
    "method", "methods", "class", "classes", "module", "modules", "type", "types", "level",
    "scope", "path", "object", "objects", "instance", "instances", "call", "calls", "like",
    "style", "based", "api", "apis", "interface"})
"""Words after a kind word that make it a modifier, or leave the phrase about something
else than the name (an instance of it, a call to it: the kind is then not the claim)."""
_NEGATION_BEFORE = re.compile(r"(?:^|\s)(?:no|not|never|non|without|nor|neither)\s?$")
_NEGATION_BEFORE_ZH = re.compile(r"(?:没有|不是|并非|并不是|无|非)$")


def _noun_kinds(clause: str, sentence: Sentence, *, indefinite: bool, first: bool
                ) -> Iterator[Claim]:
    """Kind claims of the noun phrases of one clause (see ``_NOUN_KIND``); ``first``: the
    clause opens its sentence (a later one may be an apposition: "call `run`, the `Flask`
    method that starts it")."""
    for pattern in (_ANY_NOUN_KIND if indefinite else _NOUN_KIND, _NOUN_KIND_ZH):
        for hit in pattern.finditer(clause):
            groups = hit.groupdict()
            if (groups.get("next") or "") in _MODIFIED_KIND and groups.get("next"):
                continue
            before = clause[:hit.start()]
            negation = _NEGATION_BEFORE_ZH if pattern is _NOUN_KIND_ZH else _NEGATION_BEFORE
            if negation.search(before):
                continue
            subject = sentence.spans[int(groups["s"])]
            if _said_builtin(subject, sentence.text):
                continue  # "the built-in `list` class": Python's, whatever the tree names so
            kind = canonical_kind(groups["k"])
            if not kind or subject in {"self", "cls"} or not _NAME_LIKE.match(subject) or \
                    subject.startswith("@"):
                continue  # ("the `@cache` decorator" says what decorates, read elsewhere)
            opens = first and not re.search(r"[a-z§]", clause[:hit.start()])
            named_after = clause[hit.end("k"):].lstrip().startswith("§")  # the X method `m`
            yield Claim("kind", subject=subject, obj=kind, obj_text=groups["k"], negated=False,
                        line=sentence.line, sentence=sentence.text,
                        presupposed="subject" if opens and not named_after else "phrase")


_BUILTIN_WORD = r"(?:built-in|builtin|python's|python 的|标准库的?|内置的?|内建的?)"


def _said_builtin(name: str, text: str) -> bool:
    """Whether ``text`` calls the code ``name`` built in ("the built-in `list` class",
    "内置的 `list` 类"): Python's own, not a namesake in the tree."""
    return re.search(rf"(?i){_BUILTIN_WORD}\s*`{re.escape(name)}`", text) is not None


# "the `timeout` parameter of `connect()`", "`connect()`'s `timeout` argument", "`connect`
# 的 `timeout` 参数": the noun phrase presupposes that the function has that parameter
_PARAM_WORD = r"(?:keyword argument|keyword-only argument|parameter|argument|kwarg)(?![a-z])"
_NOUN_PARAMS = (
    re.compile(rf"(?:^|(?<![a-z])(?:the|its|an?|optional|its optional)) ?§(?P<o>\d+)§ ?"
               rf"{_PARAM_WORD} ?(?:of|to|for|in) ?(?:the ?)?§(?P<s>\d+)§"),
    re.compile(rf"§(?P<s>\d+)§ ?'s ?(?:optional ?)?§(?P<o>\d+)§ ?{_PARAM_WORD}"),
    re.compile(r"§(?P<s>\d+)§(?:函数|方法)?的§(?P<o>\d+)§(?:参数|形参|关键字参数)"),
)


_ONLY_LISTED = re.compile(
    r"^(?:[-*+]\s+|\d+[.)]\s+)?`(?P<s>[^`]+)`\s*(?:(?P<only>only|just)\s+)?"
    r"(?:takes|accepts|receives|expects|requires)\s+(?:(?:only|just)\s+|(?(only)|(?!)))"
    r"(?P<list>`\w+`(?:\s*,\s*`\w+`)*(?:\s*,?\s*and\s+`\w+`)?)"
    r"(?:\s+(?:as\s+)?(?:its\s+)?(?:(?:only|sole|single|one)\s+)?"
    r"(?:parameters?|arguments?|params?))?\s*(?:[,;][^`]*)?[.。]?\s*$"
    r"|^(?:[-*+]\s+|\d+[.)]\s+)?(?:[\u4e00-\u9fff]{1,8}的\s*)?`(?P<z>[^`]+)`\s*"
    r"(?:(?:这个)?(?:函数|方法|function|method)\s*)?(?:的?参数)?(?:只|仅|仅仅)(?:接收|接受|需要|有|带)\s*"
    r"(?P<zl>`\w+`(?:\s*[、,，]\s*`\w+`)*(?:\s*(?:和|与|及)\s*`\w+`)?)\s*"
    r"(?:这|这些)?(?:(?P<zn>[一两二三四五六七八九十]|\d+)\s*个)?\s*"
    r"(?:参数|形参|parameters?|arguments?|params?)?\s*(?:[,，;；][^`]*)?[。.]?\s*$")
"""Parameters listed after "only" ("`f` takes only `a` and `b`", "`f` only takes `a` as its
single parameter", "`f` 只接收 `a` 和 `b`"), read on the sentence as written (the normaliser
drops "only"): the whole list, so its length is a count of the parameters besides
``self``. A clause may follow that names no code ("..., 不支持填充字符")."""


def _only_parameters(sentence: Sentence) -> Claim | None:
    """The parameter count an "only" list states (see :data:`_ONLY_LISTED`)."""
    hit = _ONLY_LISTED.match(sentence.text.strip())
    if hit is None:
        return None
    subject = (hit["s"] or hit["z"]).removesuffix("()")
    names = re.findall(r"`(\w+)`", hit["list"] or hit["zl"])
    if not _NAME_LIKE.match(subject) or \
            hit["zn"] and _number(hit["zn"]) != len(names):  # "只接收 `a` 两个参数": unclear
        return None
    listed_self = any(n in {"self", "cls"} for n in names)
    return Claim("param_count", subject=subject, obj=str(len(names)), obj_text=str(len(names)),
                 negated=False, line=sentence.line, sentence=sentence.text,
                 besides_self=not listed_self)


def _noun_params(clause: str, sentence: Sentence, said: Claim | None) -> Iterator[Claim]:
    """Parameter claims the clause's noun phrases presuppose (none under a negation)."""
    for pattern in _NOUN_PARAMS:
        for hit in pattern.finditer(clause):
            if _NEGATION_BEFORE.search(clause[:hit.start()]) or \
                    _NEGATION_BEFORE_ZH.search(clause[:hit.start()]):
                continue
            subject, param = sentence.spans[int(hit["s"])], sentence.spans[int(hit["o"])]
            if said is not None and (said.subject, said.obj) == (subject, param):
                continue  # the clause's own claim already says it
            if param in {"self", "cls"} or not _NAME_LIKE.match(subject) or \
                    not re.fullmatch(r"\w+", param):
                continue
            yield Claim("has_param", subject=subject, obj=param, negated=False,
                        line=sentence.line, sentence=sentence.text)


_WRITTEN_SIGNATURE = re.compile(
    r"^§(?P<s>\d+)§ ?(?:has|with|takes|uses) (?:the |a |this )?signature(?: of)? ?"
    r"§(?P<sig>\d+)§$|^(?:the |its )?signature (?:of|for) ?§(?P<s2>\d+)§ ?is ?§(?P<sig2>\d+)§$"
    r"|^§(?P<s3>\d+)§ ?的(?:函数|方法)?签名(?:是|为) ?§(?P<sig3>\d+)§$")
"""A signature written out as code ("`f` has the signature `f(a, b=1)`", "`f` 的签名是
`f(a, b=1)`")."""


def _signature_claims(clause: str, sentence: Sentence) -> Iterator[Claim]:
    """The claims a signature written out makes: each parameter it lists (``self`` and
    ``cls`` left out), how many, and the default of each that has one."""
    hit = _WRITTEN_SIGNATURE.match(clause)
    if hit is None:
        return
    subject = sentence.spans[int(hit["s"] or hit["s2"] or hit["s3"])].removesuffix("()")
    written = sentence.spans[int(hit["sig"] or hit["sig2"] or hit["sig3"])]
    name = written.split("(", 1)[0].strip().removeprefix("def ").strip()
    if not _NAME_LIKE.match(subject) or not name or \
            name.rsplit(".", 1)[-1] != subject.rsplit(".", 1)[-1]:
        return
    try:
        tree = ast.parse(f"def _{written[written.index('('):].split('->')[0].rstrip(': ')}: pass")
    except (SyntaxError, ValueError):
        return
    function = tree.body[0]
    if not isinstance(function, ast.FunctionDef):
        return
    arguments = function.args
    listed = [a for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
              if a.arg not in {"self", "cls"}]
    if arguments.vararg is None and arguments.kwarg is None:
        yield Claim("param_count", subject=subject, obj=str(len(listed)),
                    obj_text=str(len(listed)), besides_self=True, negated=False,
                    line=sentence.line, sentence=sentence.text)
    for argument in listed:
        yield Claim("has_param", subject=subject, obj=argument.arg, negated=False,
                    line=sentence.line, sentence=sentence.text)
    positional = [*arguments.posonlyargs, *arguments.args]
    pairs = [*zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults,
                  strict=True),
             *((a, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
               if d is not None)]
    for argument, value in pairs:
        shown = ast.unparse(value)
        yield Claim("default", subject=f"{subject}.{argument.arg}", obj=canonical_value(shown),
                    obj_text=shown, negated=False, line=sentence.line, sentence=sentence.text,
                    default_of="signature")


_TYPED_COUNT = (
    re.compile(r"^§\d+§ ?(?:is|are) (?:a|an) ?(?:§\d+§|[a-z]+)\s?(?:of|with|containing"
               rf"|holding) (?:exactly |only |just )?{L.NUMBER} (?:[a-z-]+ ){{0,2}}[a-z-]+s?$"),
    re.compile(rf"^§\d+§(?:是|为)(?:一个)?包含(?:了)?{L.NUMBER_ZH}(?:个|项|条)[^§]{{0,8}}?的"
               r"(?:元组|列表|集合|字典|tuple|list|set|dict)$"))
"""A value's type said with how many entries it holds ("a tuple of five strings",
"是一个包含五个字符串的元组"): a count of its entries beside the type."""


_ONLY_BASE = re.compile(
    r"\b(?:only|sole|single|one) (?:direct )?(?:base|parent|superclass)\b"
    r"|(?<!not )\b(?:only|solely|exclusively) (?:directly )?(?:inherits?|derives?|extends?"
    r"|subclass(?:es)?)\b"
    r"|\b(?:inherits?|derives?|extends?)(?: directly)? (?:only|solely|exclusively)\b"
    r"|(?<!不)(?:只|仅)有[^。；;]{0,40}?(?:这|这一)?一个(?:直接的?)?(?:基类|父类)"
    r"|(?<!不)(?:只|仅|仅仅)(?:直接)?(?:继承|派生|扩展)|唯一的?(?:直接)?(?:基类|父类)")
"""A base said to be the class's only one: "its only base is `B`", "inherits only from
`B`", "只有 `B` 这一个基类", "仅继承 `B`" (adverbs are gone from the normalised clause, so
they are read from the sentence)."""


def _typed_count(clause: str, claim: Claim) -> Claim | None:
    """The count a value-type clause states of its entries (see :data:`_TYPED_COUNT`), or
    the one base an inheritance clause says a class has."""
    if claim.relation == "subclass" and not claim.negated and claim.obj != "object" and \
            _ONLY_BASE.search(claim.sentence) and len(code_spans(claim.sentence)) <= 2:
        # a sentence naming more code may list more bases ("only from `A` and `B`"); "only
        # from `object`" is of a class that writes none
        return dataclasses.replace(claim, relation="base_count", obj="1", obj_text="one")
    found = next((m for p in _TYPED_COUNT if (m := p.match(clause))), None) \
        if claim.relation == "value_type" else None
    if found is None:
        return None
    return dataclasses.replace(claim, relation="member_count", obj=str(_number(found["num"])),
                               obj_text=found["num"])


def _cue_claim(clause: str, sentence: Sentence) -> Claim | None:
    """The relation one verb between two names states, where no frame read the clause
    (:mod:`cues`)."""
    found = cue_reading(clause, sentence.spans)
    if found is None:
        return None
    relation, subject, obj = found
    return _claim(_Match(relation, {"s": str(subject), "o": str(obj)}), sentence)  # type: ignore[arg-type]  # a relation of the lexicon


def _param_sorts(groups: dict[str, str | None]) -> tuple[str, ...]:
    """The words a parameter count's frame read before its noun ("required", 必填, and
    关键字 of 关键字参数): which parameters it counts (:func:`.words.param_sort`)."""
    said = [*(groups.get("sort") or "").split(), groups.get("sortz") or ""]
    if "关键字" in (groups.get("pnoun") or ""):
        said.append("关键字")
    return tuple(w.removesuffix("的") for w in said if w)


def _parameter_claim(relation: str, groups: dict[str, str | None], sentence: Sentence,
                     common: dict[str, object]) -> Claim | None:
    """A count of parameters ("has two required parameters"), or which one a function is
    said to take at a place ("the second argument of `f` is `x`": the object is the
    parameter's name, the place in ``obj_text``)."""
    if relation == "param_count":
        count = _number(str(groups["num"]))
        return Claim("param_count", obj=str(count), obj_text=str(groups["num"]),
                     besides_self=_besides_self(sentence), narrowed=_param_sorts(groups),
                     **common)  # type: ignore[arg-type]  # common holds Claim fields
    name = sentence.spans[int(str(groups["o"]))]
    said = (groups.get("ord") or groups.get("ordz") or "").lower()
    if not said:  # the normaliser drops "first" (an adverb elsewhere); 首个
        said = "first" if re.search(r"\bfirst (?:positional )?(?:parameter|argument|param|arg)"
                                    r"\b|首个", sentence.text, re.IGNORECASE) else ""
    place = int(said) if said.isdigit() else _ORDINALS.get(said)
    if place is None or not re.fullmatch(r"[A-Za-z_]\w*", name):
        return None
    return Claim("param_position", obj=name, obj_text=str(place),
                 besides_self=_besides_self(sentence),
                 **common)  # type: ignore[arg-type]  # common holds Claim fields


def _count_claim(clause: str, sentence: Sentence) -> Claim | None:
    """A count no frame read, from the clause's tags (see :mod:`counts`)."""
    found = read_count(clause)
    if found is None:
        return None
    relation, slot, number, noun, narrowing, excluded = found
    if _PART_OF_A_COUNT.search(sentence.text):  # "the first two items", "前两个元素"
        narrowing = (*narrowing, "part")
    owner, _, held = slot.rpartition(".")  # "§0§.§1§": "in its `STATES`"
    subject = sentence.spans[int(held.strip("§"))]
    if owner and "." not in subject:
        subject = f"{sentence.spans[int(owner.strip('§'))]}.{subject}"
    if subject in {"self", "cls"} or not _NAME_LIKE.match(subject):
        return None
    besides = _besides_self(sentence) if relation == "param_count" else None
    written = " ".join([number, *narrowing, noun]) if relation == "method_count" else number
    if relation == "definition_count":  # the kind counted, then the words that narrow it
        written = " ".join([definition_kind(noun), *narrowing])
        narrowing = ()
    elif relation == "subclass_count":  # whether only the direct ones are counted
        written = "direct" if any(w in _DIRECT_WORDS for w in (*narrowing, *noun.split())) or \
            noun.startswith("直接") else ""
    return Claim(relation, subject=subject, obj=str(_number(number)),  # type: ignore[arg-type]  # a count relation
                 obj_text=written, negated=False, line=sentence.line, sentence=sentence.text,
                 besides_self=besides, narrowed=narrowing,
                 excluded=tuple(sentence.spans[int(s.strip("§"))]
                                for s in excluded or excluded_slots(sentence.normalised)))


_DIRECT_WORDS = frozenset({"direct", "immediate", "直接", "直接的"})


def _matches(clause: str) -> Iterator[_Match]:
    """Every frame matching the clause, in grammar order (the first readable one wins)."""
    cued = {relation for relation, cue in _CUE.items() if cue.search(clause)}
    slots = clause.count("§") // 2
    words = re.sub(r"§\d+§", " ", clause)
    scripts = {True} if HAN.search(words) else set()
    if re.search(r"[a-z]", words):
        scripts.add(False)
    for position, (relation, pattern) in enumerate(_FRAMES):
        if relation not in cued or _SLOTS[position] > slots or _CHINESE[position] not in scripts:
            continue
        compiled = _COMPILED[position]
        if compiled is None:
            compiled = _COMPILED[position] = re.compile(pattern.replace(" ", " ?"))
        hit = compiled.search(clause)
        subject_at = hit.start("s") if hit is not None and "s" in hit.re.groupindex and \
            hit.group("s") else 0
        if hit is not None and not _BESIDES_BEFORE.search(clause, 0, subject_at) and \
                not _INSTRUMENT_BEFORE.search(clause, 0, subject_at) \
                and not _POSSESSOR_BEFORE.search(clause, 0, hit.start()):
            yield _Match(relation, hit.groupdict())


_INSTRUMENT_BEFORE = re.compile(r"§\d+§\s*(?:通过|经由|借助|经过|via|through)\s*§?$")
"""A slot after another name and "through" ("`Leaf` 通过 `Middle` 继承了 `Base`"): the way
it goes, not who acts."""
_BESIDES_BEFORE = re.compile(r"(?:除了|除|besides|apart from|aside from|other than|except)"
                             r"\s*§?$")
"""A subject slot right after "besides" (除了 `a` 还有 `b`, with the real subject left
out): the name is what else is had, not who has it."""
_POSSESSOR_BEFORE = re.compile(
    r"(?<![a-z])(?:subclasses|children|descendants|callers|instances|users|members|methods"
    r"|attributes|fields|parameters|arguments|items|elements|entries|keys|values|parents"
    r"|bases|ancestors|one|some|each|all|most|many|any|both|either|neither|none|part|half"
    r"|several|few|rest) of ?$")
"""A frame's match right after "<others> of" ("the subclasses of `A` include `B`", "one of
`A`'s methods"): its first name owns the things before it, and the clause says something
of them, not of the name ("the constructor of `A`" is still `A`'s)."""


def compile_all() -> None:
    """Compile every frame now (a process that forks a run per request, the warm checker,
    compiles them once instead of in each run, where a frame is compiled on first use)."""
    for position, (_, pattern) in enumerate(_FRAMES):
        if _COMPILED[position] is None:
            _COMPILED[position] = re.compile(pattern.replace(" ", " ?"))


_DEFINITION_NOUNS = {"classes": "class", "functions": "function", "exceptions": "exception",
                     "类": "class", "函数": "function", "异常": "exception", "异常类": "exception",
                     "class": "class", "function": "function", "exception": "exception"}
"""The kind of definition a count of a module's definitions counts."""
_METHOD_NOUNS = frozenset(w.lower() for w in words("method_count_nouns"))
"""Nouns that make a count of names after a colon a count of methods."""


def _objectless_claim(relation: str, groups: dict[str, str | None],
                      common: dict[str, object]) -> Claim | None:
    """A claim with no code object: "`A` has subclasses", and "`f` never raises" (any
    exception, claimed only where denied)."""
    if relation in {"has_subclasses", "raised"}:
        return Claim(relation, obj="", **common)  # type: ignore[arg-type]  # common holds Claim fields
    if not common["negated"]:
        return None
    if relation == "decorated":
        return Claim("decorated", obj=ANY_DECORATOR, **common)  # type: ignore[arg-type]  # common holds Claim fields
    return Claim("raises", obj=ANY_ERROR, obj_text=str(groups.get("anyerr") or ""), **common)  # type: ignore[arg-type]  # common holds Claim fields


def _claim(found: _Match, sentence: Sentence) -> Claim | None:
    groups = found.groups
    subject = sentence.spans[int(groups["s"] or 0)]
    if subject in {"self", "cls"} or not _NAME_LIKE.match(subject):
        return None  # a claim is about a named thing, not an expression
    negated = bool(groups.get("neg") or groups.get("neg2")) or (
        groups.get("verb") or "") in _NEGATIVE_VERBS
    common = {"negated": negated, "line": sentence.line, "sentence": sentence.text,
              "owner": sentence.owner,
              "subject": subject}
    if found.relation == "kind":
        return _kind_claim(groups, sentence, common)
    if found.relation in {"member_count", "base_count", "definition_count", "subclass_count",
                          "call_count"}:
        return _count_of(found.relation, groups, common)
    if found.relation == "default":
        return _value_claim(groups, sentence, common) if groups.get("val") is not None \
            else _default_claim(groups, sentence, common)
    if found.relation in {"has_subclasses", "raised"} or groups.get("anyerr") is not None or \
            groups.get("anyerr2") is not None or groups.get("anydec") is not None:
        return _objectless_claim(found.relation, groups, common)
    if found.relation in {"param_count", "param_position"}:
        return _parameter_claim(found.relation, groups, sentence, common)
    if found.relation in {"returns", "value_type"} and (
            groups.get("t") or groups.get("tc") or groups.get("tv") or groups.get("it")):
        return _type_claim(found.relation, groups, sentence, common)
    obj = sentence.spans[int(groups["o"] or 0)]
    if found.relation == "subclass" and obj.startswith("@"):
        return _decorator_claim(obj, common)  # "`f` is a `@staticmethod`": no base class
    relation = None if _a_value_initialised(groups, obj, sentence) else \
        _possession(found) if found.relation == "has_param" else found.relation
    if relation in {"has_method", "defines_member"} and _own_object(found, sentence):
        relation = "defines"  # "没有定义自己的 `validate` 方法": its own body's, not inherited
    obj = _builtin_namesake(relation, subject, obj, sentence)
    # "`f` uses `f`" is a claim of recursion, true only of code that calls itself; "`A`
    # inherits from `A`" (or "It inherits from `A`" right after a sentence about `A`) true
    # only of a class deriving from another of its name; any other relation of a name to
    # itself is a slip of the subject, not a claim
    if relation is None or obj == subject and not (
            relation == "calls" or relation == "subclass" and (
                sentence.text.count(f"`{subject}`") >= 2  # written twice
                or _IT_SUBJECT.match(sentence.text))):
        return None
    how = _how_written(relation, found, sentence, obj)
    if how is None:
        return None
    return Claim(relation, obj=obj, obj_text=how, **common)  # type: ignore[arg-type]  # common holds Claim fields


_IT_SUBJECT = re.compile(r"\s*(?:it|this class|the class)\s+(?!is\b)[a-z]"
                         r"|\s*(?:它|该类|这个类|此类)(?!的)", re.IGNORECASE)
"""A sentence whose subject is a bare pronoun for the code before it ("It inherits from
`Pattern`" after a sentence about `Pattern`), not a noun phrase around one ("Its sibling,
`B`, extends `A`")."""


def _type_claim(relation: Relation, groups: dict[str, str | None], sentence: Sentence,
                common: dict[str, object]) -> Claim | None:
    """A builtin type as the object, written in words ("a string") or as code (`float`;
    any other code is no builtin type, so no claim of this relation), or a generator or
    an iterator returned (the outside class it stands for)."""
    if groups.get("it"):
        return Claim(relation, obj=_ITERATOR_CLASSES[str(groups["it"]).lower()],
                     obj_text="", **common)  # type: ignore[arg-type]  # common holds Claim fields
    if groups.get("t"):
        written = str(groups["t"])
        builtin = type_nouns()[written.lower()]
    else:
        written = sentence.spans[int(str(groups.get("tc") or groups["tv"]))]
        builtin = builtin_type(written) or (
            "re.Pattern" if relation == "value_type" and written.removeprefix("typing.")
            in {"re.Pattern", "Pattern"} else "")
    if not builtin and groups.get("tv") and DOTTED.fullmatch(written):
        # "holds a `pathlib.Path` object": an instance of that class (the judge says
        # whether the name is one)
        return Claim("subclass", obj=written, obj_text="instance", **common)  # type: ignore[arg-type]  # common holds Claim fields
    if not builtin:
        return None
    return Claim(relation, obj=builtin, obj_text=written, **common)  # type: ignore[arg-type]  # common holds Claim fields


def _builtin_namesake(relation: Relation | None, subject: str, obj: str, sentence: Sentence
                      ) -> str:
    """``obj``, or the builtin of its name when the sentence calls it built in: a class
    said to derive from the builtin of its own name ("`E` 继承自内置的 `E`", "`E`
    subclasses the built-in `E`"), a value said to be one ("returns a Python built-in
    `slice` object", "返回一个 Python 内置的 `slice` 对象"), whatever the tree names so."""
    named = hasattr(builtins, obj) or relation == "subclass" and obj == subject
    if relation in {"returns", "value_type", "subclass"} and named and \
            _said_builtin(obj, sentence.text):
        return f"builtins.{obj}"
    return obj


_TIMES = {"once": 1, "twice": 2, "thrice": 3}


def _call_count(groups: dict[str, str | None], common: dict[str, object]) -> Claim | None:
    """How many times a name is said to be called ("twice", "7 次")."""
    said = str(groups.get("once") or groups["num"])
    times = _TIMES.get(said.lower()) or _number(said)
    if times <= 0:
        return None
    return Claim("call_count", obj=str(times), obj_text=said, **common)  # type: ignore[arg-type]  # common holds Claim fields


def _count_of(relation: Relation, groups: dict[str, str | None], common: dict[str, object]
              ) -> Claim | None:
    """A count's claim: of an enumeration's members, of a class's methods (the noun after
    the count says methods), of bases, of a module's definitions, or of calls."""
    if relation == "call_count":
        return _call_count(groups, common)
    number = str(_number(str(groups["num"])))
    if relation == "member_count" and (groups.get("cn") or "") in _METHOD_NOUNS:
        return Claim("method_count", obj=number, obj_text=f"{groups['num']} {groups['cn']}",
                     **common)  # type: ignore[arg-type]  # common holds Claim fields
    if relation == "definition_count":
        noun = _DEFINITION_NOUNS.get(str(groups["dn"]), "class")
        modifier = str(groups.get("dm") or "").strip()
        return Claim("definition_count", obj=number, obj_text=f"{noun} {modifier}".strip(),
                     **common)  # type: ignore[arg-type]  # common holds Claim fields
    if relation == "subclass_count":  # obj_text: whether the count is of direct ones only
        return Claim(relation, obj=number, obj_text="direct" if groups.get("dm") else "",
                     **common)  # type: ignore[arg-type]  # common holds Claim fields
    return Claim(relation, obj=number, obj_text=str(groups["num"]), **common)  # type: ignore[arg-type]  # common holds Claim fields


def _how_written(relation: str, found: _Match, sentence: Sentence, obj: str) -> str | None:
    """What the wording adds to a relation (the claim's ``obj_text``: "defined",
    "annotated", "direct", "own", "loose"); None when the wording makes no claim."""
    verb = found.groups.get("cv") or ""
    if re.fullmatch(_LOOSE_CALLS, verb) and not obj.endswith(")"):
        if verb in {"wraps", "wrap"} or not re.fullmatch(r"[\w.]+", obj):
            return None  # "`retry` wraps `fetch`": a decorator wraps what it decorates;
            # "uses `x=1`" says a value
        return "loose"  # "uses `x`" calls `x` only if `x` is a function (the judge sees)
    if relation == "location" and _DEFINED.search(sentence.normalised):
        return "defined"
    if relation == "returns" and _ANNOTATED.search(sentence.normalised):
        return "annotated"
    if relation == "returns" and _YIELDED.search(sentence.normalised):
        return "yielded"
    if relation == "subclass" and found.groups.get("inst") is not None:
        return "instance"
    if relation == "subclass" and _DIRECT.search(sentence.text) and \
            not _INDIRECT.search(sentence.text):
        return "direct"
    if relation == "defines" and (_OVERRIDES.fullmatch(found.groups.get("verb") or "")
                                  or _own_object(found, sentence)):
        return "own"  # "`A` overrides `m`", "defines its own `m`": A's own body defines it
    if relation == "defines" and _EXPORTED.search(sentence.normalised):
        return "exported"  # "`pkg` re-exports `x`": its namespace binds `x`, from anywhere
    return ""


_EXPORTED = re.compile(r"export|import|availab|导出|导入")


def _kind_claim(groups: dict[str, str | None], sentence: Sentence,
                common: dict[str, object]) -> Claim | None:
    """A kind's claim: a kind word, or a decorator (named as one, or written with "@")."""
    if groups.get("ks"):
        return _decorator_claim(sentence.spans[int(str(groups["ks"]))], common)
    if groups.get("ka"):
        span = sentence.spans[int(str(groups["ka"]))]
        # "@" marks a decorator; a kind-making one reads as one without it ("a `classmethod`")
        return _decorator_claim(span, common) if span.startswith("@") or \
            span in _DECORATOR_KINDS else None
    if groups.get("ini"):  # "is initialized with ...": what a class or its instance is
        return Claim("kind", obj="constructible", obj_text=str(groups["ini"]), **common)  # type: ignore[arg-type]  # common holds Claim fields
    if groups.get("rw") is not None:  # "has no setter": read-only; "has a setter": not
        written = str(groups["rw"])
        kind = "read-only property" if written in {"no", "没有", "无"} else "read-write property"
        return Claim("kind", obj=kind, obj_text=written, **common)  # type: ignore[arg-type]  # common holds Claim fields
    if groups.get("rk") is not None:  # "a read-only `doc_id` property"
        kind = canonical_kind(f"{groups['rk']} property")
        if not kind:
            return None
        return Claim("kind", obj=kind, obj_text=f"{groups['rk']} property", **common)  # type: ignore[arg-type]  # common holds Claim fields
    kind = canonical_kind(str(groups["k"]))
    if kind == "function" and _MODULE_LEVEL.search(sentence.normalised):
        kind = "module-level function"  # not a method: "a module-level helper function"
    return Claim("kind", obj=kind, obj_text=str(groups["k"]), **common) if kind else None  # type: ignore[arg-type]  # common holds Claim fields


def _decorator_claim(span: str, common: dict[str, object]) -> Claim | None:
    """A decorator's claim: a kind when it makes one (``@property``), else "decorated"."""
    # its arguments do not change which decorator it is: ``@dataclass(frozen=True)``
    written = re.sub(r"\(.*\)$", "", span.lstrip("@")).rsplit(".", 1)[-1]
    kind = _DECORATOR_KINDS.get(written, "")
    if kind:  # ``@`` marks the decorator itself, not a loose word for the kind
        return Claim("kind", obj=kind, obj_text=f"@{written}" if span.startswith("@")
                     else written, **common)  # type: ignore[arg-type]  # common holds Claim fields
    if not _NAME_LIKE.match(written) or "(" in written:
        return None
    return Claim("decorated", obj=written, obj_text=written, **common)  # type: ignore[arg-type]  # common holds Claim fields


def _default_claim(groups: dict[str, str | None], sentence: Sentence,
                   common: dict[str, object]) -> Claim | None:
    """A default value claim: its value written as a word, a number or a code span."""
    if groups.get("kw"):  # `x=1`: the parameter and its value in one span
        keyword = re.fullmatch(r"([A-Za-z_]\w*) ?= ?(.+)", sentence.spans[int(str(groups["kw"]))])
        if keyword is None:
            return None
        common = {**common, "subject": f"{common['subject']}.{keyword[1]}"}
        written = keyword[2]
    elif groups.get("req") or groups.get("opt"):  # whether there is a default at all
        written = str(groups.get("req") or groups.get("opt"))
    else:
        written = sentence.spans[int(str(groups["vs"]))] if groups.get("vs") \
            else str(groups["v"])
    value = REQUIRED if groups.get("req") else OPTIONAL if groups.get("opt") else \
        canonical_value(written)
    # "the `x` parameter defaults to": the signature's default, not an attribute of that name
    noun = groups.get("fld") or groups.get("fle") or ""
    said_of = "signature" if _SIGNATURE.search(sentence.text) else \
        "parameter" if noun in _PARAMETER_NOUNS else ""
    common = {**common, "default_of": said_of}
    owner = groups.get("own") or groups.get("own2")
    if owner is not None:  # the parameter of a named function: one dotted name
        function = sentence.spans[int(owner)].removesuffix("()")
        if not _NAME_LIKE.match(function):
            return None
        common = {**common, "subject": f"{function}.{common['subject']}"}
    return Claim("default", obj=value, obj_text=written, **common) if value else None  # type: ignore[arg-type]  # common holds Claim fields


def _value_claim(groups: dict[str, str | None], sentence: Sentence,
                 common: dict[str, object]) -> Claim | None:
    """A value said outright ("`LIMIT` is `20`"): a default claim said of the value, read
    only when the value is a literal (a code span naming code is another relation's)."""
    claim = _default_claim(groups, sentence, common)
    if claim is None or groups.get("kw"):
        return None
    try:
        ast.literal_eval(claim.obj)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return dataclasses.replace(claim, default_of="value")


_PARAMETER_NOUNS = frozenset({"parameter", "param", "argument", "arg", "kwarg",
                              "keyword argument", "keyword", "参数"})
"""The nouns that call a name a parameter (a default is then its signature's)."""
_SIGNATURE = re.compile(r"\bsignatures?\b|签名")
"""A default said to be the signature's ("in the signature of `f`")."""

_YIELDED = re.compile(r"\byield(?:s|ed|ing)?\b|逐个(?:返回|产出|生成)|产出"
                      r"|(?:生成|产生)器?(?:一个个|每个|一系列)")
"""A return said of what a generator yields, one item at a time: its element type is meant."""
_ADDS = r"adds?|introduces?|添加了|新增了"
_OVERRIDES = re.compile(r"overrides?|overridden|re-?implements?|重写了?|覆盖了?|覆写了?"
                        rf"|override了?|{_ADDS}")
"""Verbs that give a class a definition of its own: what it overrides, or adds or
introduces as a method ("`ChargingBar` extends `Bar` and adds an `update` method" says
`ChargingBar`'s body has one, not that it inherits one; what a decorator "adds" to what
it wraps is no member of its own, so an added attribute is no claim)."""


_CONSTRUCTED = r"created|initiali[sz]ed|instantiated|constructed"
_BOUND_NAME = re.compile(r"(?:attribute|variable|field|property|constant|属性|变量|字段|常量)"
                         r" ?(?:is|are|was|gets?)? ?(?:created|initiali[sz]ed)")
"""A value said to be initialised ("the `count` attribute is initialized with `0`"): what
it holds, not what a constructor takes."""


def _a_value_initialised(groups: dict[str, str | None], obj: str, sentence: Sentence) -> bool:
    """"`_lock` is initialized with `threading.Lock()`", "the `count` attribute is
    initialized with `total`": a value a name holds, no parameter a constructor takes."""
    return re.fullmatch(_CONSTRUCTED, groups.get("n1") or "") is not None and (
        not re.fullmatch(r"[A-Za-z_]\w*", obj) or _BOUND_NAME.search(sentence.normalised)
        is not None)


def _possession(found: _Match) -> Relation | None:
    """Which relation "has/takes/accepts/defines X" states: its noun decides, else its verb."""
    noun = (found.groups.get("n1") or found.groups.get("n2") or "").strip()
    if re.search(r"param|arg|option|keyword|参数|kwarg|accepted|taken|expected|supported"
                 r"|received|signature|include|contain|has|list|mention|called with|^pass$"
                 rf"|^(?:{_CONSTRUCTED})$",
                 noun):
        return "has_param"
    if re.fullmatch(_ADDS, found.groups.get("verb") or "") and \
            not re.search(r"method|方法", noun):
        return None  # "adds a `__wrapped__` attribute" to what it wraps, maybe
    if _OVERRIDES.fullmatch(found.groups.get("verb") or ""):
        return "defines"  # "overrides the `m` method", "重写了 `m` 方法": its own body's
    verb = found.groups.get("verb") or ""
    taken = re.fullmatch(r"takes?|accepts?|receives?|expects?|requires?|接收了?|接受了?"
                         r"|(?:需要|可以)?传入|传递|传|需要", verb) is not None
    if re.search(r"method|function|方法|函数|^call$", noun):
        # "takes a function `f`": a callable passed in, a parameter ("requires a method
        # `m`" may ask it of what it is given)
        return "has_param" if taken and not re.match(r"requires?|需要", verb) \
            else "has_method"
    if noun:
        return "defines_member"
    if taken:
        return "has_param"
    if re.fullmatch(r"stores?|keeps?|holds?", verb):
        return "has_item"  # an attribute or what the constructor is given
    if re.fullmatch(r"defines?|declares?|implements?|overrides?|provides?|exposes?|offers?"
                    r"|(?:re-)?exports?|定义了?|声明了?|实现了?|define了?|重写了?|覆盖了|提供了?"
                    r"|暴露了?|(?:重新)?导出了?", verb):
        return "defines"
    return None  # "has `x`" alone says too little


def _own_object(found: _Match, sentence: Sentence) -> bool:
    """Whether the object is said to be the subject's own ("defines its own `m`",
    "定义了自己的 `m` 方法"), after a verb of definition."""
    slot = found.groups.get("o")
    verb = found.groups.get("verb") or ""
    if not slot:
        return False
    if said_own(sentence.text, sentence.spans[int(slot)]):
        return True  # "`C` 自己定义了 `m` 方法", "`C` itself defines `m`"
    return bool(re.fullmatch(_DEFINE_VERBS, verb)) and re.search(
        rf"{L.OWN} ?§{slot}§", sentence.normalised) is not None


_DEFINE_VERBS = (r"defines?|declares?|implements?|定义了?|声明了?|实现了?|define了?"
                 r"|有|has|have")


def _besides_self(sentence: Sentence) -> bool | None:
    for pattern, value in ((_BESIDES, True), (_INCLUDING, False)):
        for hit in pattern.finditer(sentence.normalised):
            if sentence.spans[int(hit.group("self"))] in {"self", "cls"}:
                return value
    if re.search(rf"{L.BESIDES} ?(?:self|cls)\b", sentence.normalised):
        return True
    # a count that names the receiver without "besides" counts it ("takes `self`, `a`
    # and `b`: three parameters"); one that does not mention it is unstated (None)
    return False if re.search(r"(?<![\w.])(?:self|cls)(?![\w])", sentence.text) else None


def _number(text: str) -> int:
    text = text.removesuffix("个")
    if text in {"任何", "None"}:  # "不接受任何参数"; a frame without a number says none
        return 0
    if text.isdigit():
        return int(text)
    if text in L.WORD_NUMBERS:
        return L.WORD_NUMBERS[text]
    if text.startswith("十"):
        return 10 + (L.ZH_DIGITS.get(text[1:], 0) if len(text) > 1 else 0)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return L.ZH_DIGITS.get(tens, 0) * 10 + L.ZH_DIGITS.get(ones, 0)
    return L.ZH_DIGITS.get(text, -1)


_KINDS = [
    # "a C function", "一个 C 语言函数": written in another language than the tree's Python
    (r"^(?:c|c\+\+|rust|cython)(?: |$|(?=[\u4e00-\u9fff]))", "native"),
    (r"abstract ?property|抽象属性", "abstract property"),
    # a kind word glossed in the other language ("枚举（Enum）类" reads "enum类")
    (r"^(?:an? )?enum(?: ?class| ?类| ?type|类型)?$|^枚举", "enum"),
    (r"^(?:a )?data ?class(?: ?类)?$|^数据类", "dataclass"),
    (r"abstract ?method|抽象方法", "abstract method"),
    (r"class ?method|类方法|classmethod", "classmethod"),
    (r"static ?method|静态方法|staticmethod", "staticmethod"),
    (r"coroutine|async|协程|异步", "coroutine"),
    (r"exception|error|异常", "exception"),
    (r"property", "property"),
    (r"属性|attribute", "attribute"),
    (r"method|方法", "method"),
    (r"function|函数", "function"),
    # a subpackage is a directory: said of one module file, it is false
    (r"sub-?packages?|子包", "subpackage"),
    (r"module|package|模块|包", "module"),
    (r"constant|常量", "constant"),
    (r"alias|别名", "alias"),
    (r"class|类", "class"),
]


def canonical_kind(words: str) -> str:
    """The kind a phrase names (``async function`` -> ``coroutine``), "" for none."""
    lexicon_kind = kind_nouns().get(re.sub(r"\s+", " ", words.strip()))
    if lexicon_kind:
        return lexicon_kind
    # where it lives is no kind: "a module-level constant" is a constant, 模块级常量 too
    words = re.sub(r"\b(?:module|top|package|class)[- ]level\b ?|(?:模块|顶层|类)级别?的?", "",
                   words)
    for pattern, kind in _KINDS:
        if re.search(pattern, words):
            return kind
    return ""
