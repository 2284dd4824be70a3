"""The evidence aligner: units, spans, words (en + zh) and verdicts, on excerpts."""

from __future__ import annotations

from pathlib import Path

from pse.text.words import as_written, covered, stem, words
from pse.verify.evidence import NameRef, SourceSpan, align, document_units, excerpt_spans
from pse.verify.evidence.spans import make_span, package_vocabulary

QUEUE_SOURCE = '''class Queue:
    """A queue of items for coroutines: get() waits until an item is available."""

    def __init__(self, maxsize=0):
        self._maxsize = maxsize

    def get(self):
        """Remove and return an item from the queue; if it is empty, wait for one."""
        while self.empty():
            self._wait()
        return self._items.popleft()

    def full(self):
        """Return True if there are maxsize items in the queue."""
        return self.qsize() >= self._maxsize
'''

EXCERPTS = [{"path": "pkg/queues.py", "start": 1, "end": 15, "text": QUEUE_SOURCE}]


def _verdicts(text: str, refs: list[NameRef] | None = None) -> list[tuple[str, str]]:
    spans = excerpt_spans(EXCERPTS)
    return [(a.status, a.unit.text) for a in align(document_units(text), spans, refs or [])]


def test_stem_folds_inflections_and_doubled_consonants() -> None:
    assert {stem(w) for w in ("creates", "created", "creating", "create")} == {"creat"}
    assert stem("stopped") == "stop" and stem("called") == "call"
    # "-eed" and "-eat" are the word, not a suffix
    assert stem("speed") == stem("speeds") == "speed" and stem("exceeded") == "exceed"
    assert stem("repeated") == stem("repeat")
    assert stem("behaviour") == stem("behavior") and stem("initialised") == stem("initialized")
    assert stem("flexibility") == stem("flexible")


def test_stem_folds_derived_words_to_their_root() -> None:
    assert {stem(w) for w in ("iteration", "iterate", "iterable")} == {"iter"}
    assert stem("validation") == stem("validate") and stem("specified") == stem("specify")
    assert words("automatically") == words("auto") and words("indices") == words("index")


def test_words_split_identifiers_drop_stop_words_and_map_synonyms() -> None:
    assert words("The `get_nowait` method deletes items") == \
        {"get_nowait", "get", "nowait", "remov", "item"}
    assert "sq" not in words("SQLite") and "py" not in words("PyPI")  # acronym pieces
    # a docstring is part of the definition, as a method is: what it says is the claim
    assert words("Its docstring: first in, first out") == words("first in, first out")
    assert words("它的文档字符串说明了重试") == words("重试")


def test_words_a_function_word_with_a_suffix_is_no_form_of_it() -> None:
    # a rewrite that turned "importing" into "froming" must not hide the word from the check
    assert "froming" in words("It starts by froming the modules")
    assert words("things being done") == set()  # "being", "done": forms of stop words


def test_words_segment_chinese_into_english_stems() -> None:
    assert words("返回接收者，否则删除它") == {"return", "callback", "remov"}
    # the source's words for common programming terms ("re" is the regex module's name)
    assert words("用正则表达式把下划线替换为连字符") == {"regex", "underscor", "replac", "dash"}
    assert words("re.sub(pattern, text)") >= {"regex"}
    # everyday programming words are content too, not dropped: a purpose the code lacks
    assert words("将日期和时间格式化为字符串") == {"dat", "tim", "format", "text"}
    assert words("跳过空白字符") == {"skip", "whitespac"} and words("字符") == {"char"}
    # the same word in either language ("find" is a search, as 查找 is)
    assert words("查找") == words("finds") == words("search")


def test_align_chinese_purpose_the_code_does_not_hold() -> None:
    assert [s for s, _ in _verdicts("`Queue.full` 方法用于序列化消息并写入磁盘。")] == \
        ["unsupported"]
    assert [s for s, _ in _verdicts("`Queue.get` 方法用于删除并返回一个元素。")] == \
        ["supported"]


def test_align_supports_a_sentence_its_definition_says() -> None:
    verdicts = _verdicts("`Queue.get` removes and returns an item from the queue.")
    assert verdicts == [("supported", "`Queue.get` removes and returns an item from the queue.")]


def test_align_span_is_the_definition_with_its_lines() -> None:
    (aligned,) = align(document_units("`Queue` waits for an item."),
                       excerpt_spans(EXCERPTS), [])
    assert aligned.status == "supported" and aligned.span is not None
    assert aligned.span.where == "pkg/queues.py:1-15"


def test_align_flags_claims_the_source_does_not_back() -> None:
    text = "`Queue.get` stores items in a database cluster for enterprise scalability."
    assert _verdicts(text) == [("unsupported", text)]


def test_align_flags_a_return_value_the_code_never_returns() -> None:
    text = "`Queue.get` returns `False` when the queue is empty."
    assert [s for s, _ in _verdicts(text)] == ["unsupported"]
    # "returns True" is what full() does
    assert [s for s, _ in _verdicts("`Queue.full` returns `True` when the queue is full.")] \
        == ["supported"]


def test_align_a_function_that_falls_off_its_end_returns_none() -> None:
    def verdict(source: str) -> str:
        spans = excerpt_spans([{"path": "pkg/q.py", "start": 1, "end": 3, "text": source}])
        [aligned] = align(document_units("`reset` clears the items. It returns `None`.\n"
                                         ), spans, [])[1:]
        return aligned.status
    assert verdict("def reset(items):\n    items.clear()\n") == "supported"
    assert verdict("def reset(items):\n    items.clear()\n    return items\n") == \
        "unsupported"
    assert verdict("def reset(items):\n    yield from items\n") == "unsupported"
    # returns from inside a loop, and falls off its end when nothing matched
    assert verdict("def reset(items):\n    for item in items:\n        if item:\n"
                   "            return item\n") == "supported"
    assert verdict("def reset(items):\n    if items:\n        return items\n"
                   "    else:\n        return []\n") == "unsupported"
    assert verdict("def reset(items):\n    while True:\n        return items\n") == \
        "unsupported"


def test_align_flags_a_returned_name_the_code_never_names() -> None:
    assert [s for s, _ in _verdicts("`Queue.get` returns `DEFAULT` when the queue is "
                                    "empty.")] == ["unsupported"]
    assert [s for s, _ in _verdicts("`Queue.full` returns `qsize` compared with the "
                                    "maxsize.")] == ["supported"]
    assert [s for s, _ in _verdicts("如果队列为空，`Queue.get` 返回 `DEFAULT`。")] == \
        ["unsupported"]


def test_align_flags_a_count_that_contradicts_its_own_list() -> None:
    text = "`Queue` has three states: `EMPTY`, `FULL`, `OPEN` and `CLOSED`."
    assert [s for s, _ in _verdicts(text)] == ["unsupported"]


def test_align_a_count_said_with_a_modifier_is_checked_too() -> None:
    # "8 public 方法" over eleven names; the public methods of the class are counted
    text = "`Queue` 有 2 public 方法: `get`、`full` 和 `empty`。"
    assert [s for s, _ in _verdicts(text)] == ["unsupported"]
    assert [s for s, _ in _verdicts("`Queue` has two public methods, `get` and `full`.")] \
        == ["supported"]
    assert [s for s, _ in _verdicts("`Queue` 有 1 个私有方法：`_wait` 和 `_items`。")] == \
        ["unsupported"]


def test_align_flags_a_name_the_source_does_not_have() -> None:
    refs = [NameRef(line=1, text="Queue.max_attempts", status="unverified")]
    assert [s for s, _ in _verdicts("`Queue.max_attempts` caps the retries.", refs)] == \
        ["unsupported"]


def test_align_claim_free_sentences_are_transitions() -> None:
    text = "Here is an example:\n\n```python\nq = Queue()\n```\n\nLet us look at it next."
    assert [s for s, _ in _verdicts(text)] == ["transition", "transition"]


def test_align_reads_a_nameless_sentence_against_its_neighbours() -> None:
    text = "`Queue.get` removes an item. It waits until an item is available."
    assert [s for s, _ in _verdicts(text)] == ["supported", "supported"]
    text = "`Queue.get` removes an item. It encrypts every item with a secret key."
    assert [s for s, _ in _verdicts(text)] == ["supported", "unsupported"]


def test_align_chinese_sentences() -> None:
    assert [s for s, _ in _verdicts("`Queue.get` 方法从队列中删除并返回一个元素。")] == \
        ["supported"]
    assert [s for s, _ in _verdicts("`Queue.get` 方法连接数据库，并返回 `False`。")] == \
        ["unsupported"]
    assert [s for s, _ in _verdicts("下面是一个例子：")] == ["transition"]


def test_units_keep_lines_names_and_list_items() -> None:
    units = document_units("# T\n\nIntro names `Queue`.\n\n- **`get`**: removes an item.\n"
                           "- second item, no code.\n")
    assert [(u.line, u.names) for u in units] == [(3, ("Queue",)), (5, ("get",)), (6, ())]
    assert units[2].context == ("get", "Queue")  # what the text is about, nearest first


def test_align_claim_words_need_a_span_that_says_them() -> None:
    # "fast", "thread-safe", "with ease": the name is real, the claim is not in its span
    for text in ("`Queue.get` is fast and thread-safe.",
                 "`Queue.get` removes an item with ease.",
                 "`Queue.get` 方法高效地删除元素。"):
        assert [s for s, _ in _verdicts(text)] == ["unsupported"], text
    thread_safe = [{"path": "q.py", "start": 1, "end": 2, "text": 'class Queue:\n    """This '
                    'class is thread safe: items are removed under a lock."""'}]
    (aligned,) = align(document_units("`Queue` is thread-safe."), excerpt_spans(thread_safe),
                       [])
    assert aligned.status == "supported"


def test_align_a_limitation_needs_the_span_to_hold_what_it_denies() -> None:
    # half its words are the span's: enough for a statement, not for a denial
    assert [s for s, _ in _verdicts("`Queue.get` removes items from closed or locked "
                                    "queues.")] == ["supported"]
    assert [s for s, _ in _verdicts("`Queue.get` does not remove items from closed or locked "
                                    "queues.")] == ["unsupported"]
    # a restriction is a limitation too: what it is limited to must be in the span
    assert [s for s, _ in _verdicts("`Queue.get` is limited to removing items from closed or "
                                    "locked queues.")] == ["unsupported"]
    # a condition denies nothing: "True if ... not ..." is read as the rest of the sentence
    text = "`Queue.full` returns `True` if the queue does not have room for an item."
    assert [s for s, _ in _verdicts(text)] == ["supported"]


def test_align_a_pronoun_subject_is_judged_like_the_name_it_stands_for() -> None:
    text = "`Queue.full` reports a full queue. It does not retry failed items."
    units = document_units(text)
    assert [u.subject for u in units] == ["", "Queue.full"]
    assert [s for s, _ in _verdicts(text)] == ["supported", "unsupported"]
    # "This method" after a sentence naming two things is its first name's
    units = document_units("`Queue.get` calls `Queue.full`. This method waits for an item.")
    assert units[1].subject == "Queue.get"
    # a Chinese sentence without a subject, and an item under a bold code label
    units = document_units("`Queue.get` 方法删除元素。如果队列为空，返回 `None`。\n\n"
                           "- **Queue.full**:\n  - 返回队列是否已满。\n")
    assert [u.subject for u in units] == ["", "Queue.get", "Queue.full"]


def test_align_a_title_in_words_is_the_option_it_spells() -> None:
    source = ('def track(sequence, auto_refresh=True, pulse_style="bar.pulse"):\n'
              '    """auto_refresh: refresh after each iteration. pulse_style: style for '
              'pulsing bars."""\n')
    excerpts = [{"path": "p.py", "start": 1, "end": 2, "text": source, "symbol": "track"},
                {"path": "p.py", "start": 3, "end": 4, "text": "class Progress:\n    pass\n",
                 "symbol": "Progress"}]
    text = ("`Progress` tracks a sequence. Options:\n\n"
            "- **Pulse Style**: Style for pulsing bars.\n")
    units = document_units(text)
    assert units[-1].title == "Pulse Style"
    aligned = align(units, excerpt_spans(excerpts), [])
    assert aligned[-1].status == "supported" and aligned[-1].span is not None
    assert aligned[-1].span.symbol == "track"


def test_align_a_class_called_a_library_is_unsupported() -> None:
    text = "`Queue` is a Python library for coroutines."
    (aligned,) = align(document_units(text), excerpt_spans(
        [{**EXCERPTS[0], "symbol": "Queue"}]), [])
    assert aligned.status == "unsupported" and "library" in aligned.reason
    spans = [{"path": "pkg/__init__.py", "start": 1, "end": 1, "symbol": "pkg",
              "text": '"""pkg: queues for coroutines."""'}]
    (aligned,) = align(document_units("`pkg` is a Python library for coroutines."),
                       excerpt_spans(spans), [])
    assert aligned.status == "supported"


def test_align_reads_a_class_with_its_methods() -> None:
    index_source = {
        "pkg/q.py": "class Queue:\n    def get(self):\n        return 1\n"
                    "    def put_nowait(self, item):\n"
                    '        """Put an item without blocking; raise QueueFull if full."""\n'}
    from pse.verify.evidence.spans import make_span
    head = make_span("pkg/q.py", 1, 1, "class Queue:", symbol="pkg.q.Queue", kind="class",
                     members=("get", "put_nowait"))
    method = make_span("pkg/q.py", 4, 5, index_source["pkg/q.py"].split("\n", 3)[3],
                       symbol="pkg.q.Queue.put_nowait", kind="method", params=("item",))
    text = "`Queue` raises an error when full instead of blocking."
    (alone,) = align(document_units(text), [head], [])
    (aligned,) = align(document_units(text), [head, method], [])
    assert alone.status == "unsupported"
    assert aligned.status == "supported" and aligned.span == method


def test_units_a_call_with_arguments_names_its_callee() -> None:
    (unit,) = document_units('A `Queue(maxsize=3)` holds three items; `len(q)` counts them.')
    assert unit.names == ("Queue", "len")
    assert unit.literals == ("Queue(maxsize=3)", "len(q)")


def test_covered_reads_source_abbreviations_and_derived_forms() -> None:
    held = words("def seek(pos, env): scheduler = Scheduler(env)")
    assert covered(words("position environment"), held) == words("position environment")
    assert covered(words("schedule"), held) == words("schedule")
    # a short sentence word is not backed by every longer word it begins
    assert covered({"sch"}, held) == set()
    # nor, against a whole package's words, by every short word that begins it
    assert covered(words("position"), held, abbreviations=False) == set()


def test_align_a_word_the_package_uses_elsewhere_is_a_paraphrase() -> None:
    text = "`Queue.get` hands back an item, pausing while nothing is queued."
    spans = excerpt_spans(EXCERPTS)
    (alone,) = align(document_units(text), spans, [])
    elsewhere = frozenset().union(*(s.vocabulary for s in spans)) | words(
        "hand back pause nothing")
    (read,) = align(document_units(text), spans, [], vocabulary=elsewhere)
    assert alone.status == "unsupported" and read.status == "supported"
    # words the package never uses are still what the sentence adds
    text = "`Queue.get` encrypts the item with a rotating secret key."
    (aligned,) = align(document_units(text), spans, [], vocabulary=elsewhere)
    assert aligned.status == "unsupported" and "encrypt" in aligned.reason


def test_package_vocabulary_reads_every_file_of_the_package(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("def get():\n    '''Fetch one.'''\n")
    (tmp_path / "pkg" / "b.py").write_text("# hand back the queued item\n")
    (tmp_path / "other.py").write_text("# encrypt\n")
    found = package_vocabulary(tmp_path, ["pkg/a.py"], ["other.py", "pkg/a.py", "pkg/b.py"])
    assert words("hand back queued") <= found and not words("encrypt") & found


def test_align_flags_a_default_the_signature_contradicts() -> None:
    text = "`Queue` takes a `maxsize` that defaults to 10."
    assert [s for s, _ in _verdicts(text)] == ["unsupported"]
    assert [s for s, _ in _verdicts("`Queue` takes a `maxsize` that defaults to 0.")] == \
        ["supported"]
    assert [s for s, _ in _verdicts("`Queue` 的 `maxsize` 参数默认为 `10`。")] == ["unsupported"]
    assert [s for s, _ in _verdicts("In `Queue`, `maxsize` is `5` by default.")] == \
        ["unsupported"]
    # a default the signature does not give as a literal is not contradicted
    assert [s for s, _ in _verdicts("`Queue.get` waits; `item` defaults to 3.")] == \
        ["supported"]


def test_align_two_words_a_large_package_never_uses_flag_the_sentence() -> None:
    text = "`Queue.get` removes and returns an item, waiting with exponential backoff."
    spans = excerpt_spans(EXCERPTS)
    own = frozenset().union(*(s.vocabulary for s in spans))
    large = own | {f"term{i}" for i in range(1000)}
    (small,) = align(document_units(text), spans, [], vocabulary=own)
    (aligned,) = align(document_units(text), spans, [], vocabulary=large)
    # most of its words are the span's: a small module's silence on two says little
    assert small.status == "supported"
    assert aligned.status == "unsupported" and "backoff" in aligned.reason


def test_align_a_callers_return_is_not_the_callees() -> None:
    from pse.verify.evidence.spans import make_span

    full = make_span("pkg/q.py", 14, 16, QUEUE_SOURCE.split("\n\n")[-1],
                     symbol="pkg.q.Queue.full", kind="method")
    drain = make_span("pkg/d.py", 1, 3, "def drain(q):\n    if q.full():\n        return False",
                      symbol="pkg.d.drain", kind="function")
    (aligned,) = align(document_units("`Queue.full` returns `False` when the queue is full."),
                       [full, drain], [])
    assert aligned.status == "unsupported" and "False" in aligned.reason


TEXT_SOURCE = {
    "lines_len": ("    def __len__(self) -> int:\n        return len(self._cells)", 9, 10,
                  "pkg.lines.Lines.__len__", "method"),
    "head": ('class Text:\n    """Styled text."""', 1, 2, "pkg.text.Text", "class"),
    "len": ("    def __len__(self) -> int:\n        return self._length", 3, 4,
            "pkg.text.Text.__len__", "method"),
    "str": ("    def __str__(self) -> str:\n        return self.plain", 5, 6,
            "pkg.text.Text.__str__", "method"),
}


def _text_spans() -> list[SourceSpan]:
    from pse.verify.evidence.spans import make_span

    return [make_span("pkg/text.py" if "text" in symbol else "pkg/lines.py", start, end,
                      text, symbol=symbol, kind=kind,
                      members=("__len__", "__str__") if kind == "class" else ())
            for text, start, end, symbol, kind in TEXT_SOURCE.values()]


def test_align_a_method_label_is_the_method_of_the_class_the_text_names() -> None:
    doc = ("The `Text` class is styled text.\n\n- `a`: one.\n- `b`: two.\n- `c`: three.\n"
           "- `d`: four.\n- `e`: five.\n- `f`: six.\n\n## Methods\n\n"
           "1. **__len__**: Returns the length of the text.\n")
    refs = [NameRef(line=1, text="Text", status="verified", evidence=(("pkg/text.py", 1),))]
    aligned = align(document_units(doc), _text_spans(), refs)[-1]
    # `Text` is beyond the item's nearest names; its `__len__` is still the one meant
    assert aligned.status == "supported" and aligned.span is not None
    assert aligned.span.symbol == "pkg.text.Text.__len__"


def test_align_a_short_functions_stated_return_needs_its_words() -> None:
    doc = "`Text.__str__` returns console markup to render the text."
    (aligned,) = align(document_units(doc), _text_spans(), [])
    assert aligned.status == "unsupported" and "markup" in aligned.reason
    (true,) = align(document_units("`Text.__str__` returns the plain text."),
                    _text_spans(), [])
    assert true.status == "supported"
    (zh,) = align(document_units("`Text.__str__` 返回控制台标记语言。"), _text_spans(), [])
    (zh_true,) = align(document_units("`Text.__str__` 返回纯文本。"), _text_spans(), [])
    assert zh.status == "unsupported" and zh_true.status == "supported"
    # half the words of what it is said to return are not the code's: a claim of its own
    refs = [NameRef(line=1, text="Text.__len__", status="verified",
                    evidence=(("pkg/text.py", 3),))]
    (half,) = align(document_units("`Text.__len__` returns the number of cells required to "
                                   "render this text."), _text_spans(), refs)
    assert half.status == "unsupported" and "cell" in half.reason
    (length,) = align(document_units("`Text.__len__` returns the length of the text."),
                      _text_spans(), refs)
    assert length.status == "supported"


def test_align_new_claim_words_need_a_span_that_says_them() -> None:
    for text in ("`Queue.get` is asynchronous and persists items to disk.",
                 "`Queue.get` automatically retries and logs every item.",
                 "`Queue.get` 会自动重试，并把日志写入数据库。"):
        (aligned,) = align(document_units(text), excerpt_spans(EXCERPTS), [])
        assert aligned.status == "unsupported", text
    source = [{"path": "pkg/q.py", "start": 1, "end": 3, "text": (
        "async def get(self):\n    '''Wait for an item; retry on timeout, log each one.'''\n"
        "    return await self._retry(self._log)")}]
    for text in ("`get` is asynchronous: it waits for an item.",
                 "`get` retries on timeout and logs each item.",
                 "`get` 是异步的，超时后会重试。"):
        (aligned,) = align(document_units(text), excerpt_spans(source), [])
        assert aligned.status == "supported", text


SIGNED = [{"path": "pkg/f.py", "start": 1, "end": 9, "symbol": "pkg.f.fetch", "text": (
    'def fetch(url: str, retries: int = 3, *, strict=False) -> Optional[List[str]]:\n'
    '    """Fetch the lines of ``url``.\n\n    Args:\n'
    '        url: The address to read.\n'
    '        retries: How many times to try again after a network error.\n'
    '        strict: Raise on a bad status instead of returning None.\n    """\n'
    '    return read(url, retries)')}]


def _signed(text: str) -> str:
    from pse.verify.evidence.spans import make_span

    (source,) = SIGNED
    span = make_span(source["path"], 1, 9, source["text"], symbol=source["symbol"],
                     kind="function", params=("url", "retries", "strict"))
    (aligned,) = align(document_units(text), [span], [])
    return aligned.status


def test_align_a_return_type_in_words_must_agree_with_the_signature() -> None:
    assert _signed("`fetch` returns a dictionary of headers.") == "unsupported"
    assert _signed("`fetch` returns a list of lines, or None.") == "supported"
    assert _signed("`fetch` 返回一个字典。") == "unsupported"
    assert _signed("`fetch` 返回一个列表。") == "supported"


def test_align_more_arguments_described_than_the_signature_has_is_unsupported() -> None:
    # fetch(url, retries, *, strict): three parameters, none variadic
    assert _signed("`fetch` takes an address, a retry count, a flag and a timeout, and "
                   "returns the lines.") == "unsupported"
    assert _signed("`fetch` takes an address and a retry count and returns the lines.") \
        == "supported"
    # one argument described in several words; an arity the sentence leaves open
    assert _signed("`fetch` takes a list of addresses and retries.") == "supported"
    assert _signed("`fetch` takes an address, a retry count, a status and other arguments.") \
        == "supported"


def test_align_a_parameter_type_in_words_must_agree_with_the_signature() -> None:
    assert _signed("`fetch` takes `retries`, a string naming the address.") == "supported"
    assert _signed("- `strict`: A string with the address to read.") == "unsupported"
    assert _signed("- `strict`: A boolean; raise on a bad status.") == "supported"
    assert _signed("`retries` 参数是一个字符串。") == "unsupported"
    assert _signed("`retries` 参数是一个整数，表示重试的次数。") == "supported"


def test_align_a_parameter_description_must_agree_with_its_docstring_entry() -> None:
    assert _signed("- `retries`: How many times to try again after a network error.") == \
        "supported"
    assert _signed("The `retries` parameter sets the encoding used to decode each page.") \
        == "unsupported"
    assert _signed("- `url`: The address to read.") == "supported"


def test_align_how_a_definition_works_must_be_in_it() -> None:
    assert _signed("`fetch` reads the lines of the url by concatenating them.") == \
        "unsupported"
    assert _signed("`fetch` reads the address by calling `read`.") == "supported"
    assert _signed("`fetch` 通过拼接哈希值来生成键。") == "unsupported"
    assert _signed("`fetch` 通过网络读取地址。") == "supported"


def test_align_a_means_is_what_follows_the_word_not_what_follows_a_code_span() -> None:
    # "通过 `fetch` 读取地址": the means is `fetch` itself; 读取地址 is what it does
    assert _signed("用户可以通过 `fetch` 函数读取地址的每一行。") == "supported"
    assert _signed("You read the lines through `fetch`, using the `url` parameter.") == \
        "supported"
    # a bold title that reads like a means names the item; it is no means of the sentence
    assert _signed("- **使用删除**：`fetch` 读取地址的每一行。") == "supported"


def test_align_a_sentence_about_a_whole_package_is_backed_by_any_of_its_files() -> None:
    from pse.verify.evidence.spans import make_span

    head = make_span("pkg/__init__.py", 1, 3, '"""Tools for tokens."""\nfrom .t import dump\n',
                     symbol="pkg", kind="module")
    packed = frozenset(words("def dump(data):\n    return zlib.compress(data)"
                             " # compressed when long")) | head.vocabulary
    refs = [NameRef(line=1, text="pkg", status="verified", evidence=(("pkg/__init__.py", 1),),
                    kind="name")]
    (said,) = align(document_units("`pkg` compresses the data it writes."), [head], refs,
                    vocabulary=packed)
    assert said.status == "supported", said.reason
    (never,) = align(document_units("`pkg` encrypts the data it writes."), [head], refs,
                     vocabulary=packed)
    assert never.status == "unsupported"


def test_package_vocabulary_stops_reading_at_its_budget(tmp_path: Path) -> None:
    from pse.verify.evidence import spans

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("def sign(): pass\n", encoding="utf-8")
    (tmp_path / "pkg" / "dump.txt").write_text("first " + "x" * 50 + " lastword\n",
                                              encoding="utf-8")
    budget = spans._PACKAGE_CHARS
    try:
        spans._PACKAGE_CHARS = 40  # the whole of a.py, and the start of dump.txt
        vocabulary = package_vocabulary(tmp_path, ["pkg/a.py"], ["pkg/a.py", "pkg/dump.txt"])
    finally:
        spans._PACKAGE_CHARS = budget
    assert "sign" in vocabulary and "first" in vocabulary and "lastword" not in vocabulary


_JOBS = '''@dataclass
class Job:
    """A callable with its arguments and what happened when it ran."""

    func: Callable[..., object]
    errors: list[str] = field(default_factory=list)

    def run(self) -> object:
        try:
            return self.func()
        except Exception as exc:  # the queue decides whether to retry
            self.errors.append(str(exc))
            raise


class JobQueue:
    """Jobs waiting to run, and the retry policy that decides what happens on failure."""

    def __init__(self, policy):
        self.policy = policy
        self._pending = []
'''


def _jobs(text: str) -> str:
    from pse.verify.evidence.spans import make_span

    lines = _JOBS.splitlines()

    def span(start: int, end: int, symbol: str, kind: str, **names: tuple[str, ...]
             ) -> SourceSpan:
        return make_span("q/jobs.py", start, end, "\n".join(lines[start - 1:end]),
                         symbol=symbol, kind=kind, **names)

    spans = [span(1, 7, "q.jobs.Job", "class", members=("func", "errors", "run")),
             span(8, 14, "q.jobs.Job.run", "method"),
             span(17, 23, "q.jobs.JobQueue", "class", members=("policy", "_pending"),
                  params=("policy",))]
    refs = [NameRef(3, "Job", "verified", (("q/jobs.py", 2),)),
            NameRef(3, "JobQueue", "verified", (("q/jobs.py", 17),))]
    return align(document_units(f"# Jobs\n\n{text}\n"), spans, refs)[-1].status


def test_align_what_a_definition_manages_must_be_in_its_code_not_a_comment() -> None:
    # "queue" and "retry" are in `Job` only as a comment about another class's work
    assert _jobs("The `Job` class is responsible for managing the queue of jobs.") == \
        "unsupported"
    assert _jobs("The `Job` class manages the retry policy.") == "unsupported"
    assert _jobs("`Job` stores the errors of each run.") == "supported"
    assert _jobs("The `JobQueue` class manages the retry policy.") == "supported"


def test_align_what_a_definition_is_used_to_do_must_be_in_its_code() -> None:
    from pse.verify.evidence.spans import make_span

    thread = make_span("pkg/f.py", 1, 6, 'def thread_first(val, *forms):\n'
                       '    """Thread a value through a sequence of functions or forms: '
                       'the value is their first input."""\n'
                       '    for form in forms:\n        val = form(val)\n    return val',
                       symbol="pkg.f.thread_first", kind="function")
    first = make_span("pkg/i.py", 1, 3, 'def first(seq):\n    """The first element in a '
                      'sequence or iterable."""\n    return next(iter(seq))',
                      symbol="pkg.i.first", kind="function")

    def status(text: str) -> str:
        (aligned,) = align(document_units(text), [thread, first], [])
        return aligned.status

    # "to" inside the purpose ("apply a function to the first element") does not end it;
    # "element" and "iterable" are the package's words, not this definition's
    assert status("The `thread_first` function is used to apply a function to the first "
                  "element of an iterable, passing the value through each form.") == \
        "unsupported"
    assert status("The `thread_first` function is used to thread a value through a "
                  "sequence of functions.") == "supported"
    assert status("`first` 函数用于返回序列的第一个元素。") == "supported"


def test_quoted_finds_a_near_copy_of_a_passage_in_order() -> None:
    from pse.verify.evidence.passages import is_prose_path, quoted
    from pse.verify.evidence.spans import make_span

    passage = make_span("README.md", 3, 4, "Various helpers to pass data to untrusted "
                        "environments and to get it back safe and sound.", kind="passage")
    assert quoted("Various helpers pass data to untrusted environments and get it back "
                  "safe and sound.", [passage]) == passage
    # the same words reordered, or mostly words of its own, quote nothing
    assert quoted("Safe and sound, untrusted environments get data back from helpers.",
                  [passage]) is None
    assert quoted("It passes data to untrusted environments through a database cluster "
                  "with retries and backoff.", [passage]) is None
    assert quoted("Various helpers.", [passage]) is None  # too short to tell a copy
    # a project introduced before the quote: the words after the introduction are read
    assert quoted("`itsdangerous` is a Python library that provides a way to safely pass "
                  "data to untrusted environments and to get it back safe and sound.",
                  [passage]) == passage
    assert quoted("`itsdangerous` is a Python library that provides a way to store data in "
                  "a database cluster with retries.", [passage]) is None
    assert [is_prose_path(p) for p in ("README", "docs/a.rst", "LICENSE.txt",
                                       "requirements-dev.txt", "pkg/a.py")] == [
        True, True, False, False, False]


def test_align_a_single_parameter_is_a_count_of_one() -> None:
    assert _signed("`fetch` takes a single parameter.") == "unsupported"


def test_quoted_reads_prose_not_addresses() -> None:
    from pse.verify.evidence.passages import quoted
    from pse.verify.evidence.spans import make_span

    badges = ("[![PyPI](https://img.shields.io/pypi/v/pkg)](https://pypi.org/project/pkg/) "
              "[![Docs](https://readthedocs.org/projects/pkg/badge/?version=latest)]"
              "(https://pkg.readthedocs.io/en/latest/)")
    passage = make_span("README.md", 1, 2, badges, kind="passage")
    assert quoted(badges, [passage]) is None


def test_units_a_sections_opening_pronoun_stands_for_its_headings_code() -> None:
    units = document_units("## `Queue.get`: take an item\n\nThe method waits for one.\n\n"
                           "## `Queue` and `get`\n\nIt waits.\n")
    assert [(u.line, u.subject) for u in units] == [(3, "Queue.get"), (7, "")]


NAMESAKES = '''def load(fp, *, parse_float=float):
    """Parse TOML from a binary file object."""
    b = fp.read()
    return loads(b.decode(), parse_float=parse_float)


def loads(s, *, parse_float=float):
    """Parse TOML from a string."""
    return _parse(s.replace("\\r\\n", "\\n"), parse_float)


def lead(s):
    """Strip the leading whitespace of a string."""
    return s.lstrip()
'''


def _namesakes(text: str) -> str:
    from pse.verify.evidence.spans import make_span

    lines = NAMESAKES.splitlines()
    spans = [make_span("pkg/parser.py", start, end, "\n".join(lines[start - 1:end]),
                       symbol=f"pkg.parser.{name}", kind="function", params=params)
             for name, start, end, params in (("load", 1, 4, ("fp", "parse_float")),
                                               ("loads", 7, 9, ("s", "parse_float")),
                                               ("lead", 12, 14, ("s",)))]
    (aligned,) = align(document_units(text), spans, [])
    return aligned.status


def test_align_a_sentence_describing_a_near_namesake_is_unsupported() -> None:
    # the words of `loads`'s summary, said of `load`, and the other way round
    assert _namesakes("`load` parses TOML from a string.") == "unsupported"
    assert _namesakes("`load` 函数用于从字符串中解析 TOML 格式。") == "unsupported"
    assert _namesakes("`loads` parses a TOML document read from a binary file.") == \
        "unsupported"
    # each said of itself; both told apart in one sentence; a word both summaries share
    assert _namesakes("`load` parses TOML from a binary file object.") == "supported"
    assert _namesakes("`loads` parses TOML from a string.") == "supported"
    assert _namesakes("`load` reads a binary file and passes the string to `loads`.") == \
        "supported"
    assert _namesakes("`load` parses TOML.") == "supported"
    # names too unlike to be mixed up (`lead`) are no namesakes of `load`
    assert _namesakes("`lead` strips the whitespace of a string.") == "supported"


SIBLINGS = '''def init_windows_clipboard():
    """Set up the clipboard through the Windows API."""
    return windll.user32.OpenClipboard


def init_klipper_clipboard():
    """Set up the clipboard through KDE's Klipper over qdbus."""
    return run(["qdbus", "org.kde.klipper"])


def init_wsl_clipboard():
    """Set up the clipboard of WSL: the Windows clip.exe."""
    return run(["clip.exe"])
'''


def _siblings(text: str) -> str:
    from pse.verify.evidence.spans import make_span

    lines = SIBLINGS.splitlines()
    spans = [make_span("pkg/clip.py", start, end, "\n".join(lines[start - 1:end]),
                       symbol=f"pkg.clip.{name}", kind="function")
             for name, start, end in (("init_windows_clipboard", 1, 3),
                                      ("init_klipper_clipboard", 6, 8),
                                      ("init_wsl_clipboard", 11, 13))]
    (aligned,) = align(document_units(text), spans, [])
    return aligned.status


def test_align_a_sentence_giving_a_callable_the_word_of_its_siblings_name_is_unsupported(
        ) -> None:
    # `init_windows_clipboard` and `init_klipper_clipboard` differ in one word
    assert _siblings("The `init_klipper_clipboard` function sets up the Windows clipboard.") \
        == "unsupported"
    assert _siblings("The `init_klipper_clipboard` function sets up the Klipper clipboard.") \
        == "supported"
    # its own definition says the word (WSL's clipboard is the Windows one); the sibling
    # named in the sentence is spoken of, not borrowed from
    assert _siblings("The `init_wsl_clipboard` function sets up the Windows clipboard.") == \
        "supported"
    assert _siblings("Unlike `init_windows_clipboard`, `init_klipper_clipboard` sets up the "
                     "Klipper clipboard.") == "supported"
    # in Chinese prose a word in Latin letters is a name; a common word is said of anything
    assert _siblings("`init_klipper_clipboard` 函数用于初始化 Windows 剪贴板。") == "unsupported"
    assert _siblings("The `init_klipper_clipboard` function sets up a clipboard on windows "
                     "of the desktop.") == "supported"


BORROWED = '''def with_pattern(pattern, regex_group_count=None):
    """Attach a regular expression pattern to a converter."""
    return pattern


def parse(format, string, case_sensitive=False):
    """Pull values out of a string by a format."""
    return Parser(format).parse(string)


def sign(key, value):
    """Sign a value with a key."""
    return key + value


def make_signer(secret_key):
    return secret_key
'''


def _borrowed(text: str) -> str:
    from pse.verify.evidence.spans import make_span

    lines = BORROWED.splitlines()
    spans = [make_span("pkg/p.py", start, end, "\n".join(lines[start - 1:end]),
                       symbol=f"pkg.p.{name}", kind="function", params=params)
             for name, start, end, params in (
                 ("with_pattern", 1, 3, ("pattern", "regex_group_count")),
                 ("parse", 6, 8, ("format", "string", "case_sensitive")),
                 ("sign", 11, 13, ("key", "value")),
                 ("make_signer", 16, 17, ("secret_key",)))]
    (aligned,) = align(document_units(text), spans, [])
    return aligned.status


def test_align_an_argument_that_is_another_callables_parameter_is_unsupported() -> None:
    # `regex_group_count` is `with_pattern`'s; `parse`'s own code never says "group"
    assert _borrowed("`parse` takes a format, a string and an optional regex group count.") \
        == "unsupported"
    assert _borrowed("`parse` 接受一个字符串和一个可选的正则表达式组数量作为参数。") == \
        "unsupported"
    assert _borrowed("`parse` takes a format and a string.") == "supported"
    # "a secret key" may be its own `key`: a word shared with its parameter is its own
    assert _borrowed("`sign` takes a secret key and a value.") == "supported"


def test_align_reads_a_list_of_arguments_as_the_structural_claims_do() -> None:
    # the claims grammar's reader of arguments listed by what they are, in either language
    # and with nothing after the list saying they are the arguments: more than `sign`'s two
    assert _borrowed("`sign` takes a secret key, a value and a salt.") == "unsupported"
    assert _borrowed("`sign` 接受一个密钥、一个值和一个盐。") == "unsupported"
    assert _borrowed("`sign` 接受一个密钥和一个值。") == "supported"


def test_align_anchors_a_name_to_the_librarys_definition_not_a_samples() -> None:
    from pse.verify.evidence.spans import make_span

    # a docs example's namesake says what the sentence says, the library's does not
    sample = make_span("docs/example.py", 1, 3,
                       'def parse(text):\n    """Splits the text into words."""\n',
                       symbol="example.parse", kind="function")
    library = make_span("pkg/core.py", 10, 11, "def parse(text):\n    return json.loads(text)\n",
                        symbol="pkg.core.parse", kind="function")
    found = align(document_units("`parse` splits the text into words.\n"), [sample, library],
                  [])
    # the span cited is the library's (its words may still be the package's)
    assert [a.span.path if a.span else "" for a in found] == ["pkg/core.py"]


ENCODING_SOURCE = '''import base64


def want_bytes(s, encoding="utf-8"):
    if isinstance(s, str):
        s = s.encode(encoding)
    return s


def base64_encode(string):
    """Encode a string with URL-safe base64 and strip the padding."""
    string = want_bytes(string)
    return base64.urlsafe_b64encode(string).rstrip(b"=")
'''


def test_align_a_purpose_that_is_another_definitions_of_the_file() -> None:
    lines = ENCODING_SOURCE.splitlines()
    spans = [make_span("pkg/encoding.py", start, end, "\n".join(lines[start - 1:end]),
                       symbol=f"pkg.encoding.{name}", kind="function")
             for name, start, end in (("want_bytes", 4, 7), ("base64_encode", 10, 13))]
    lent = "`want_bytes` is used to convert a base64-encoded string into bytes."
    own = "`base64_encode` is used to encode a string with base64."
    verdicts = {a.unit.text: (a.status, a.reason)
                for a in align(document_units(f"{lent}\n\n{own}\n"), spans, [])}
    assert verdicts[lent][0] == "unsupported" and "base64_encode" in verdicts[lent][1]
    assert verdicts[own][0] == "supported"



def test_align_a_denial_the_sources_prose_affirms_is_unsupported() -> None:
    # every word of the denial, its condition's too, is in one docstring sentence that
    # says the opposite
    said = _verdicts("If the queue is empty, `Queue.get` does not wait for an item.")
    assert said[0][0] == "unsupported"
    align_ = align(document_units("If the queue is empty, `Queue.get` does not wait for an "
                                  "item."), excerpt_spans(EXCERPTS), [])
    assert "the source says otherwise" in align_[0].reason
    assert "wait for one" in align_[0].reason
    # a denial that adds what the source does not say is not held to it
    forever = align(document_units("If the queue is empty, `Queue.get` does not wait for an "
                                   "item forever."), excerpt_spans(EXCERPTS), [])[0]
    assert "otherwise" not in forever.reason
    # a statement (no denial) the docstring affirms is supported
    assert [s for s, _ in _verdicts("If the queue is empty, `Queue.get` waits for an "
                                    "item.")] == ["supported"]


def test_align_where_code_is_said_in_words_is_no_claim_of_its_own() -> None:
    # "is in the `x.py` file, which contains ...": the location the claims check
    refs = [NameRef(line=1, text="Text", status="verified", evidence=(("pkg/text.py", 1),)),
            NameRef(line=1, text="pkg/text.py", status="verified", kind="path")]
    (aligned,) = align(document_units("The `Text` class is in the `pkg/text.py` file, which "
                                      "contains its methods."), _text_spans(), refs)
    assert aligned.status == "supported"


_CACHES = '''class Cache:
    """Mutable mapping to serve as a simple cache or cache base class."""

    def __init__(self, maxsize):
        self.maxsize = maxsize


class _TimedCache(Cache):
    """Base class for time aware cache implementations."""

    def __init__(self, maxsize, timer):
        super().__init__(maxsize)
        self.timer = timer
'''


def test_align_a_role_in_another_definitions_summary_words_unless_it_names_it() -> None:
    lines = _CACHES.splitlines()
    spans = [make_span("pkg/cache.py", start, end, "\n".join(lines[start - 1:end]),
                       symbol=f"pkg.cache.{name}", kind="class")
             for name, start, end in (("Cache", 1, 5), ("_TimedCache", 8, 13))]

    def verdict(text: str) -> tuple[str, str]:
        (aligned,) = align(document_units(text), spans, [])
        return aligned.status, aligned.reason

    status, reason = verdict("The `Cache` class is used to serve as a base class for "
                             "time aware cache implementations.")
    assert status == "unsupported" and "_TimedCache" in reason
    assert verdict("`Cache` is a mutable mapping that serves as a simple cache.")[0] == \
        "supported"
    # a sentence that names the other definition speaks of it, in a code span or in words
    assert verdict("`_TimedCache` is used to serve as a base class for time aware cache "
                   "implementations.")[0] == "supported"
    assert verdict("In `pkg.cache`, _TimedCache is used to serve as a base class for time "
                   "aware cache implementations.")[0] == "supported"


def test_as_written_gives_a_reason_the_words_its_reader_wrote() -> None:
    text = "It waits 15 minutes to ensure the `get_nowait` call 确保返回。"
    # stems, canonical synonyms and an identifier's parts, back to the words written
    assert as_written(["minut", "valid", "get", "nowait", "return"], text) == \
        ["minutes", "ensure", "get_nowait", "返回"]
    assert as_written(["check", "unsaid"], text) == ["确保", "unsaid"]


TTL_SOURCE = [
    make_span("pkg/d.py", 1, 6, (
        "def ttl(self, key):\n    '''Return TTL of the key (in seconds).'''\n"
        "    value, age = self.get(key, with_age=True)\n    return self.max_age - age"),
        symbol="pkg.d.Store.ttl", kind="method"),
    make_span("pkg/d.py", 8, 10, (
        "def get(self, key, with_age=False):\n    '''Return the value for key.'''\n"
        "    return self._items[key]"), symbol="pkg.d.Store.get", kind="method"),
    make_span("pkg/d.py", 12, 15, (
        "def touch(self, key):\n    '''Reset the clock of key.'''\n"
        "    self._store(key)"), symbol="pkg.d.Store.touch", kind="method"),
    make_span("pkg/d.py", 17, 19, (
        "def _store(self, key):\n    self._items[key] = (self._items[key][0], now())\n"
        "    # sets the time anew"), symbol="pkg.d.Store._store", kind="method"),
]


def test_align_an_action_a_function_never_does_is_unsupported() -> None:
    # `ttl` returns the time left; nothing it or what it calls does "sets"
    (wrong,) = align(document_units("The `ttl` method sets the expiration time of a key."),
                     TTL_SOURCE, [])
    assert wrong.status == "unsupported" and "`ttl` sets" in wrong.reason
    # the action in what it calls counts ("sets" is in `_store`), and verbs of being,
    # giving or taking say no action
    for text in ("The `touch` method sets the time of a key anew.",
                 "The `ttl` method returns the TTL of a key in seconds.",
                 "The `ttl` method takes a key and returns its TTL in seconds."):
        (aligned,) = align(document_units(text), TTL_SOURCE, [])
        assert aligned.status == "supported", text


def test_align_an_action_said_through_a_pronoun_is_held_to_its_subject() -> None:
    # the paragraph before a list ends on `ttl`; its item's "The method" is `ttl`
    text = ("The `ttl` method returns the TTL of a key in seconds.\n\n"
            "1. **Expiry**: The method first sets the expiration time of the key.\n")
    units = document_units(text)
    assert units[1].subject == "ttl"
    aligned = align(units, TTL_SOURCE, [])
    assert aligned[1].status == "unsupported" and "`ttl` sets" in aligned[1].reason
    # "It" bound to `touch`, whose callee sets the time: held
    (_, held) = align(document_units("The `touch` method resets the clock of a key. It "
                                     "sets the time of the key anew."), TTL_SOURCE, [])
    assert held.status == "supported"


def test_align_a_function_said_to_calculate_what_it_returns_is_no_action() -> None:
    # "Return TTL ...": working out what it returns is no action of its own
    (aligned,) = align(document_units("The `ttl` method calculates the TTL of a key in "
                                      "seconds."), TTL_SOURCE, [])
    assert aligned.status == "supported"


GET_SOURCE = [
    make_span("pkg/p.py", 1, 12, (
        "def get(obj, glob):\n    '''Return the one leaf matching the glob.'''\n"
        "    def f(path, found, results):\n        if match(path, glob):\n"
        "            results.append(found)\n    return fold(obj, f, [])[0]"),
        symbol="pkg.p.get", kind="function"),
    make_span("pkg/p.py", 3, 5, (
        "def f(path, found, results):\n    if match(path, glob):\n"
        "        results.append(found)"), symbol="pkg.p.get.f", kind="function"),
    make_span("pkg/p.py", 14, 20, (
        "def put(obj, glob, value):\n    '''Set the value of every leaf matching the glob.'''\n"
        "    def f(path, found):\n        assign(obj, path, value)\n"
        "    return fold(obj, f, 0)"), symbol="pkg.p.put", kind="function"),
    make_span("pkg/p.py", 16, 17, (
        "def f(path, found):\n    # sets the leaf\n    assign(obj, path, value)"),
        symbol="pkg.p.put.f", kind="function"),
    make_span("pkg/p.py", 22, 26, (
        "def fold(obj, f, acc):\n    '''Fold the leaves into acc.'''\n"
        "    for path, found in walk(obj):\n        f(path, found, acc)\n    return acc"),
        symbol="pkg.p.fold", kind="function"),
]


def test_align_an_action_after_a_condition_and_through_a_namesake_helper() -> None:
    # under a condition the function still does what it is said to; `put`'s nested `f`
    # sets a leaf, but `get` calls its own `f`, which sets nothing
    text = ("The `get` function returns the one leaf matching the glob. If a path matches "
            "the glob, the function sets the value of the leaf.")
    units = document_units(text)
    assert units[1].subject == "get"
    aligned = align(units, GET_SOURCE, [])
    assert aligned[1].status == "unsupported" and "`get` sets" in aligned[1].reason
    # a loop of a function it calls iterates, whatever its words
    (_, iterates) = align(document_units(
        "The `get` function returns the one leaf matching the glob. It iterates over the "
        "leaves and appends the one matching the glob."), GET_SOURCE, [])
    assert iterates.status == "supported"


def test_words_a_phrase_that_is_one_word_of_code() -> None:
    # "uses a regular expression" of a function that matches ``ISO8601_REGEX``
    assert words("uses a Regular\n expressions") == {"regex"} <= words("ISO8601_REGEX")
    assert words("the time zone offset") == words("timezone offset")
    assert "regex" not in words("regular users")  # only the whole phrase


def test_words_a_verb_set_is_no_option() -> None:
    # "setting" stems to "set": a synonym of option by it would make every "sets" one
    assert words("sets") == {"set"} and words("settings") == words("options")


def test_align_outside_code_needs_a_span_of_its_section_that_uses_it() -> None:
    # a section on `Queue` lends its spans to sentences about it, not to what a sentence
    # says of a library the project never calls there
    outside = [NameRef(line=3, text="sybil", status="external")]
    text = "## `Queue`\n\n`sybil` is a library that waits until an item is available.\n"
    assert [s for s, _ in _verdicts(text, outside)] == ["unsupported"]
    used = [NameRef(line=3, text="popleft", status="external")]
    text = "## `Queue`\n\n`popleft` removes and returns an item from the queue.\n"
    assert [s for s, _ in _verdicts(text, used)] == ["supported"]


RUN_SOURCE = [
    make_span("pkg/job.py", 1, 9, (
        "class Job:\n    '''A callable and what happened when it ran.'''\n"
        "    def run(self):\n        '''Call the function, recording the outcome.'''\n"
        "        self.attempts += 1\n        return self.func(*self.args)"),
        symbol="pkg.job.Job", kind="class", members=("run",), methods=("run",)),
    make_span("pkg/job.py", 3, 9, (
        "def run(self):\n    '''Call the function, recording the outcome.'''\n"
        "    self.attempts += 1\n    return self.func(*self.args)"),
        symbol="pkg.job.Job.run", kind="method"),
]


def test_align_an_increment_counts_and_a_noun_after_its_article_is_no_role() -> None:
    # ``attempts += 1`` counts, whatever its words; "keeps a handle on" holds no role
    counts, handle, sorts = align(document_units(
        "`Job.run()` counts one attempt and calls the function. "
        "`Job.run()` returns the result, so a caller can keep a handle on the work it handed over. "
        "`Job.run()` sorts the jobs."), RUN_SOURCE, [])
    assert counts.status == "supported", counts.reason
    assert "handles" not in handle.reason  # its words alone may be too few here
    assert sorts.status == "unsupported" and "sorts" in sorts.reason


def test_align_a_number_inside_a_word_is_no_count() -> None:
    # "done" holds "one", "often" holds "ten": neither counts the arguments
    (done,) = align(document_units("When `Job.run()` is done arguments stay on the job."),
                    RUN_SOURCE, [])
    assert "the source has" not in done.reason
    (one,) = align(document_units("`Job.run()` takes one arguments."), RUN_SOURCE, [])
    assert one.status == "unsupported" and "the source has 0" in one.reason


def test_align_a_labelled_item_that_opens_with_a_verb_is_said_of_its_label() -> None:
    # "**run**: Merges ..." says `run` merges; its code counts and calls, merges nothing
    units = document_units("Its methods:\n\n1. **Job.run**: Merges the attempts.\n"
                           "2. **Job.run**: Calls the function once.\n")
    sorts, calls = align(units, RUN_SOURCE, [])[-2:]
    assert sorts.status == "unsupported" and "`Job.run` merges" in sorts.reason
    assert calls.status == "supported", calls.reason


DIRS = '''def user_config_dir(appname=None):
    """Return full path to the user-specific config dir for this application."""
    return os.path.join(base, appname)


def site_config_dir(appname=None):
    """Return full path to the user-shared data dir for this application."""
    return os.path.join(base, appname)
'''


def test_align_a_definition_name_is_its_own_beside_a_namesake_docstring() -> None:
    # `site_config_dir`'s docstring was copied from a data-dir function: "config" is still
    # its own (its name says so), not a word only `user_config_dir`'s docstring has
    from pse.verify.evidence.spans import make_span

    lines = DIRS.splitlines()
    spans = [make_span("appdirs.py", start, end, "\n".join(lines[start - 1:end]),
                       symbol=f"appdirs.{name}", kind="function", params=("appname",))
             for name, start, end in (("user_config_dir", 1, 3), ("site_config_dir", 6, 8))]
    config, english = align(document_units(
        "系统配置目录 (`site_config_dir`)。\n\n`site_config_dir` returns the path of the "
        "config dir.\n"), spans, [])
    assert (config.status, english.status) == ("supported", "supported"), config.reason
