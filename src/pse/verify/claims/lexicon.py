"""The words of the claim grammar: relation cues, modifiers, kinds and numbers (en, zh).

Each constant is a regular-expression alternation over the normalised text of
:mod:`pse.verify.claims.prose` (lower case, no spaces next to Chinese or slots). The
frames of :mod:`pse.verify.claims.grammar` combine them with argument slots.
"""

from __future__ import annotations

from pse.verify.claims.words import HAN, alternation, param_sort_words

# ------------------------------------------------------------------ modifiers
# Adverbs change no relation ("internally calls", "也继承自"): the normaliser removes them
# (see prose.normalise), so no frame spells them out.
ADVERBS = (r"(?:also|directly|internally|actually|always|only|still|indeed|really|simply|just"
           r"|itself|explicitly|eventually|ultimately|in turn|then|first|now|typically|usually"
           r"|normally|sometimes|often|in fact|of course|as well|too|[a-z]{2,}ly)")
ADVERBS_ZH = (r"(?:其实|实际上|本质上|实质上|直接|间接|显式地?|明确地?|在内部|内部|本身|确实|同样"
              r"|同时|总是|通常|在底层|底层"
              r"|一般|里面|逐个|逐一|依次|一一|分别|自动(?!化)|始终|一直|仍然|依然"
              r"|(?:在)?默认(?:情况下)?(?![值参的为是使用采以])(?!\s*§)"
              r"|最终|最后|首先|然后|接着|随后|再次|重新|已经|早已|曾经|正在|一定|必须|不断"
              r"|常常|经常|当然|终于|真正|更加|逐渐|逐步|尤其|立即|立刻|随即|主要|专门|另外"
              r"|一共|总共|也|还|就|都|(?<!不)只(?!读)|(?<!不)仅(?:仅)?(?![限供此])"
              r"|(?<!正|规|否|原|细|法|准)则|再|先|反过来|继续"
              r"|向外|向上|往外|往上|主动|手动|照样|照常|循环|反复|重复|挨个|逐项)")
ADV = ""
AUX = (r"(?:(?:can|may|might|will|would|could|should|must|does|do|did|shall|is able to"
       r"|are able to|tends? to|is going to|is known to|is designed to|is meant to) )?")
NEG = r"(?P<neg>(?:not|never|no longer|no) )?"
BE = r"(?:is|are|was|were)"
DET = r"(?:(?:a|an|the|one|its|their|its own|their own|own|some|any|a single|一个|一|个) )?"
ADV_ZH = ""
AUX_ZH = r"(?:会|可以|可能|能|将|会去|要|能够|可|总会)?"
NEG_ZH = r"(?P<neg>并不会|并没有|并不|并没|并未|从不|不会|没有|并非|不|没|未)?"
SUBJ_NOUN = (r"(?: (?:class|function|method|module|property|coroutine|helper|constructor"
             r"|decorator|exception|attribute|constant|object|type|package|classmethod"
             r"|staticmethod|file|script|enum|enumeration|tuple|list|dict|dictionary|mapping"
             r"|set|variable|string|value|field|cache|regex|pattern|flag|alias|mixin|protocol"
             r"|dataclass|generator|singleton|instance|registry|class attribute"
             r"|instance attribute|type alias|named tuple|namedtuple|integer|number|boolean))?")
SUBJ_NOUN_ZH = (r"(?:(?:这个|这一个|该|这) ?"
                r"(?:辅助|工具|内部|私有|公开|公共|顶层|核心|抽象|基础|装饰器)?"
                r"(?:类|函数|方法|模块|枚举|常量|变量|属性|异常类|异常|别名)|枚举类|枚举|数据类|类型"
                r"|装饰器函数|装饰器|生成器函数|生成器|静态方法|类方法|协程函数|辅助函数|工具函数"
                r"|私有方法|私有函数|内部函数|类|函数"
                r"|方法|模块|属性|异常类|异常|元组|列表|字典|集合|常量|变量"
                r"|(?:这个|这一个|该) ?(?:(?!(?:类|函数|方法|模块|对象|实例|类型)的)"
                r"[^§，,。；;：:的]{1,16}的 ?)?[a-z]+(?: [a-z]+)?(?![a-z]))?")
"""A kind noun after the subject, with a demonstrative and a modifier ("`touch` 这个辅助函数"),
also an English one after 这个 ("`f` 这个 helper"), and one a clause with 的 describes
("`to_method` 这个改 signature 的 helper"), unless that clause is a kind noun's possessive
("`Foo` 这个类的方法" names the methods, not `Foo`)."""
AND_WORD = r"(?:and|和|与|及|以及|跟)"
"""The conjunction that closes an "and" list of code names, in either language."""
AND_JOIN = rf"(?: ?(?:[,，、] ?)?{AND_WORD} ?| ?[,，、] ?)"
"""What joins the names of an "and" list of code ("`a`, `b` and `c`", "`a`, `b`, and `c`",
"`a`、`b` 和 `c`", "`a`, `b`, 和 `c`"): a comma, a conjunction, or both. Never "or":
"returns `a` or `b`" is one claim."""
ANY_JOIN = r"(?: ?(?:[,，、] ?)?(?:and|or|和|或|与|及|以及|跟) ?| ?[,，、] ?)"
"""What joins the names of a list that may end in "or" ("such as `a`, `b` or `c`")."""
NO_OTHER_KIND = (r"(?!\s*(?:and|or|&|/|和|与|或|及|、)\s*(?:classes|functions|methods|modules"
                 r"|exceptions|constants|coroutines|properties|类|函数|方法|模块|异常|属性"
                 r"|常量|变量)(?![a-z]))")
"""Not a kind noun joined to another ("the `a`, `b` and `C` classes and functions", "类和
函数"): the list holds both kinds, and which name is which is not said."""
OWN = r"(?:自己的|自身的|its own|their own|(?<![a-z])own)"
"""Marks a member as the subject's own, not inherited ("defines its own `m`", 自己的)."""
OBJ_NOUN = (r"(?: (?:class|base class|exception|error|module|file|method|function|library"
            r"|package|type|source file|helper))?")
OBJ_NOUN_ZH = r"(?:这个类|类|异常|错误|模块|文件|方法|函数|这个文件|这个模块|这个方法|这个函数)?"

# ------------------------------------------------------------------ inheritance
INHERIT_VERB = r"(?:inherit|inherits|inherited|derive|derives|derived)"
SUBCLASS_NOUN = (r"(?:subclass|sub-class|subtype|child class|child|descendant|derived class"
                 r"|specialization|specialisation|extension|kind|type|sort)")
SUBCLASS_VERB = (r"(?:subclass|subclasses|subclassed|extend|extends|extended|specializes"
                 r"|specialises|specialize|specialise)")
BASE_NOUN = (r"(?:base class|base type|base|superclass|super class|parent class|parent"
             r"|ancestor|bases|base classes|parents|ancestors|parent classes|superclasses"
             r"|mro|method resolution order)")
INHERIT_ZH = r"(?:继承自|继承于|继承了|继承|派生自|派生于|扩展自|扩展了|扩展)"
SUBCLASS_ZH = r"(?:子类|subclass|派生类|子类型|sub-class|subtype|子孙类)"
BASE_ZH = (r"(?:父类|基类|超类|祖先类|祖先|base class|superclass|parent class|base|parent"
           r"|父类之一|基类之一)")

# ------------------------------------------------------------------ location
PLACED = (r"(?:defined|declared|implemented|located|found|written|kept|housed|placed|stored"
          r"|contained)")
LIVES = r"(?:live|lives|reside|resides|sit|sits|comes|come|originates|originate|belongs|belong)"
IN = r"(?:in|inside|within|at|under|from|to)"
PLACE_NOUN = r"(?:(?:source )?file|module|package|submodule)"
SOURCE_NOUN = r"(?:definition|source|implementation|code|source code)"
PLACED_ZH = r"(?:定义|声明|实现|写|放|存放)"
WHERE_ZH = r"(?:里面|里|中|内|当中|之中)"
PLACE_NOUN_ZH = r"(?:文件|模块|源文件|这个文件|这个模块|file|module)"

# ------------------------------------------------------------------ kinds
KIND_EN = (r"(?:(?:module-level|top-level|plain|regular|ordinary|normal|simple|free|standalone"
           r"|helper|instance|async|asynchronous|coroutine|static|class|read-only|computed|cached"
           r"|exception|error|bound|public|private|internal|sub|python|builtin|abstract|base"
           r"|mixin|utility|concrete|generic|generator|factory|wrapper|convenience|main|core"
           r"|tiny|thin|lightweight|small|c|c\+\+|rust|cython) ?)*"
           r"(?:function|method|classmethod|staticmethod|property|module|package|submodule"
           r"|constant|coroutine|class|exception|type alias|context manager|decorator|attribute)")
KIND_ZH = (r"(?:普通的?|模块级的?|模块级别的|顶层的?|实例|异步|协程|静态|类|只读|公开的?|内部的?"
           r"|私有的?|抽象的?|辅助|工具|帮助|小|简单的?"
           r"|(?:c|c\+\+|rust|cython) ?(?:语言)?(?:的|写的|实现的)?"
           r"|python ?(?:语言)?(?:的|写的|实现的)?)*"  # "一个 Python 模块": what it is in
           r"(?:函数|方法|类型别名|类|属性|模块|子包|包|子模块|常量|协程函数|协程|异常类|异常|方法"
           r"|上下文管理器|装饰器"
           r"|classmethod|staticmethod|property|class|function|method|module|constant"
           r"|coroutine function|coroutine|package)")
AS_VERB = (r"(?:implemented|declared|defined|written|exposed|provided|created|built|made"
           r"|registered|marked|decorated|typed|modelled|modeled)")
AS_VERB_ZH = r"(?:被)?(?:实现|声明|定义|写|做|设计|标记|装饰|封装)(?:成了|为了|成|为)"
TAIL = (r"(?:$| (?:that|which|and|but|so|rather|not|here|now|too|defined|declared|decorated"
        r"|with|returning|taking|whose|instead|in this|at runtime)\b.*$)")

ALIAS_NOUN = (r"(?:alias|aliases|other name|another name|alternative name|alternate name"
              r"|synonym|shorthand name|shortcut name)")
ALIAS_NOUN_ZH = r"(?:别名|另一个名字|另一个名称|别称|旧名称|旧名字|旧名|老名字|曾用名|alias)"

# ------------------------------------------------------------------ parameters, members
HAVE = (r"(?P<verb>has|have|take|takes|accept|accepts|receive|receives|expect|expects"
        r"|support|supports|require|requires|get|gets|define|defines|declare|declares"
        r"|provide|provides|expose|exposes|offer|offers|implement|implements|include"
        r"|includes|lack|lacks|come with|comes with|carry|carries|override|overrides"
        r"|stores|store|keeps|keep|adds|add|introduces|introduce)")
PARAM_ADJ = (r"(?:(?:optional|required|keyword-only|positional|extra|additional|new|boolean"
             r"|single|mandatory|named|abstract|public|private|protected|internal|special"
             r"|magic|dunder|async|asynchronous|static|helper) )*")
PARAM_NOUN = (r"(?:keyword-only argument|keyword argument|positional argument|argument|arg"
              r"|parameter|param|kwarg|keyword|option)s?")
METHOD_NOUN = r"(?:classmethod|class method|staticmethod|static method|method|function)s?"
MEMBER_NOUN = r"(?:property|properties|attribute|member|field|callback)s?"
NOUN = rf"(?:{PARAM_NOUN}|{METHOD_NOUN}|{MEMBER_NOUN})"
HAVE_ZH = (r"(?P<verb>接收了|接受了|接收|接受|需要传入|可以传入|传入|传递|传|支持|需要|自带|带有|带"
           r"|拥有|有|包含|包括"
           r"|提供了|提供|定义了|定义|实现了|实现|声明了|声明|define了|define|暴露了|暴露|覆盖了|重写了|重写|覆写了|覆写|override了|override"
           r"|具备|具有|存在|缺少|缺乏|找不到|添加了|新增了)")
PARAM_ZH = r"(?:关键字参数|参数|形参|parameters?|arguments?|params?|kwargs?)"
METHOD_ZH = r"(?:类方法|静态方法|方法|函数|methods?|functions?)"
MEMBER_ZH = r"(?:属性|成员|字段|attributes?|property|properties|members?|fields?)"
NOUN_ZH = rf"(?:{PARAM_ZH}|{METHOD_ZH}|{MEMBER_ZH})"
NUMBER = (r"(?P<num>\d+|zero|no|one|a single|single|two|three|four|five|six|seven|eight|nine"
          r"|ten|eleven|twelve|[零一二两三四五六七八九十]+个)")
NUMBER_ZH = (r"(?P<num>\d+|[零一二两三四五六七八九十]+|one|two|three|four|five|six|seven|eight"
             r"|nine|ten)")  # mixed text counts in either language ("有 two parameters")
_SORTS_EN = alternation([w for w in param_sort_words() if not HAN.search(w)])
_SORTS_ZH = alternation([w for w in param_sort_words() if HAN.search(w)])
COUNT_PARAM = (rf"(?:(?P<sort>(?:{_SORTS_EN} )*)(?:parameter|param|argument|arg)s?"
               r"|个?(?:参数|形参))")
"""A count's parameter noun, with the words that pick which parameters it counts
("two required parameters": :func:`.words.param_sort`)."""
SORT_ZH = rf"(?P<sortz>(?:{_SORTS_ZH})的?)?"
"""The same words before a Chinese parameter noun (两个必填参数)."""
BESIDES = (r"(?:besides|apart from|aside from|excluding|not counting|other than|except for|except"
           r"|without|not including|in addition to|on top of|plus|after|beyond|除了|除|不算"
           r"|不包括|不计"
           r"|不含|除去|去掉|不包含)")
INCLUDING = r"(?:including|counting|包括|算上|包含|含)"

# ------------------------------------------------------------------ calls, raises
# not a bare "called": "an alias for `a` called `b`" names, it does not call
CALL_VERB = (r"(?P<cv>call|calls|invoke|invokes|invoked|calls into|call into|delegates to"
             r"|delegate to|makes a call to|make a call to|ends up calling|end up calling"
             r"|dispatches to|hands off to|defers to|calls out to|calls through to"
             r"|goes through|relies on|uses|wraps|triggers|runs|executes|passes control to"
             r"|leverages|makes use of|utili[sz]es|employs"
             # the same, after a plural subject ("`a` and `b` use `g()`")
             r"|go through|rely on|use|wrap|trigger|run|execute|leverage|make use of"
             r"|utili[sz]e|employ"
             r"|hands control to|forwards to|forwards the call to|hands over to"
             r"|keeps calling|keep calling|continues to call|continue to call|goes on to call"
             r"|go on to call|proceeds to call|proceed to call"
             # what it is given, handed on: "forwards the name to", "hands each key off to",
             # "delegates the computation to"
             r"|(?:passes|pass|forwards|forward|hands|hand|sends|send|routes|route|delegates"
             r"|delegate|defers|defer|offloads|offload)"
             r" (?:(?!to )[a-z'-]+ ){1,3}(?:on to|off to|over to|along to|through to|to)"
             r"|wraps a call to|wrap a call to|wraps calls to|is implemented on top of"
             r"|is implemented in terms of|is implemented using|is implemented with)")
CALLED = r"(?:called|invoked|executed|run|triggered|used)"
CALL_ZH = (r"(?P<cv>调用了|调用|去调用|调到|去调|call了|call|invoke了|invoke|calls|用到了|用到|依赖"
           r"|使用了|使用|委托给|执行了|执行|触发了|触发|借助|利用|用的是|用了|通过|用(?=§))")
RAISE_VERB = (r"(?:raise|raises|raised|throw|throws|threw|signal|signals|propagate|propagates"
              r"|fail with|fails with|error out with|errors out with|errors with|blows up with"
              r"|blow up with|bails out with|aborts with)")
RAISED = r"(?:raised|thrown|signalled|signaled|propagated)"
RAISE_ZH = r"(?:抛出的是|抛出了|抛出|抛|引发了|引发|引起|raise|raises|throw|throws|报出|报)"

WORD_NUMBERS = {"zero": 0, "no": 0, "one": 1, "a single": 1, "single": 1, "two": 2,
                "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
             "八": 8, "九": 9}


CONDITIONS_EN = r"(?:if|when|whenever|unless|whether|in case|suppose|assuming)"
OPENING_CONDITION = (rf"^(?:{CONDITIONS_EN}|once|如果|若|假如|假设|是否|要是|一旦|除非|当)")
"""A clause that opens with a condition (the grammar's spelling: lower case, no space
before a slot): what it says holds only then, and it names no sentence's subject."""
"""Words that open a condition: what follows them is not stated ("once" too at a clause's
start, where it cannot be the adverb)."""


LABEL_KINDS = (r"(?:class|classes|module|package|function|method|enum|type|type alias|alias"
               r"|exception|decorator|property|attribute|object|类|模块|函数|方法|枚举|属性)")
"""Kind words a bold label may end with ("**Console Class**:" names ``Console``)."""
NOT_A_VERB = (r"(?:the|a|an|this|that|these|those|it|its|they|their|there|here|for|in|on|at"
              r"|when|if|to|see|note|you|we|i|with|by|from|as|and|or|but|of|each|all|every"
              r"|some|any|no|not|one|two|both|such|example|e\.g|i\.e|default)")
"""Words that open a subject-less remainder without being its verb."""
