"""Questions whose answers are known from the code itself, in English and Chinese.

For a sample of the documented public classes, functions and methods of a tree (read
with ``ast``), four questions each; the answer is the symbol's file and line range:

- ``en-doc``: the docstring's first sentence rephrased as a question, the symbol's own
  name left out ("Which code returns the number of bytes read?");
- ``en-name``: "where is X implemented" with X the name split into words;
- ``zh-name``: the same in Chinese ("parse headers 是在哪里实现的？");
- ``zh-doc``: the docstring sentence's content words put in Chinese where a small
  programming glossary knows them (the rest stays English, as Chinese developers write),
  in a Chinese question frame;
- ``zh-pure``: only the Chinese words of ``zh-doc`` (a question typed wholly in Chinese),
  when the glossary knows at least two of the sentence's words.

The sample is deterministic (ordered by a hash of path and name), so two runs ask the
same questions.
"""

from __future__ import annotations

import ast
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

GLOSSARY = {
    "return": "返回", "returns": "返回", "get": "获取", "set": "设置", "create": "创建",
    "creates": "创建", "parse": "解析", "parses": "解析", "parsing": "解析",
    "read": "读取", "reads": "读取", "write": "写入", "writes": "写入", "send": "发送",
    "sends": "发送", "receive": "接收", "request": "请求", "requests": "请求",
    "response": "响应", "responses": "响应", "header": "头部", "headers": "头部",
    "file": "文件", "files": "文件", "error": "错误", "errors": "错误",
    "exception": "异常", "raise": "抛出", "raises": "抛出", "string": "字符串",
    "strings": "字符串", "list": "列表", "dictionary": "字典", "dict": "字典",
    "number": "数量", "name": "名称", "names": "名称", "value": "值", "values": "值",
    "default": "默认", "option": "选项", "options": "选项", "argument": "参数",
    "arguments": "参数", "parameter": "参数", "parameters": "参数", "command": "命令",
    "commands": "命令", "line": "行", "lines": "行", "text": "文本", "message": "消息",
    "messages": "消息", "connection": "连接", "connections": "连接", "server": "服务器",
    "client": "客户端", "url": "网址", "path": "路径", "encode": "编码",
    "encoding": "编码", "decode": "解码", "decoding": "解码", "object": "对象",
    "objects": "对象", "type": "类型", "class": "类", "function": "函数",
    "method": "方法", "call": "调用", "called": "调用", "data": "数据", "bytes": "字节",
    "stream": "流", "input": "输入", "output": "输出", "format": "格式", "time": "时间",
    "timeout": "超时", "close": "关闭", "closed": "关闭", "open": "打开", "start": "开始",
    "end": "结束", "check": "检查", "checks": "检查", "convert": "转换",
    "converts": "转换", "add": "添加", "adds": "添加", "remove": "删除",
    "removes": "删除", "update": "更新", "new": "新的", "current": "当前",
    "context": "上下文", "user": "用户", "key": "键", "keys": "键", "cookie": "cookie",
    "cookies": "cookie", "body": "正文", "content": "内容", "status": "状态",
    "code": "代码", "size": "大小", "length": "长度", "buffer": "缓冲区",
    "socket": "套接字", "address": "地址", "host": "主机", "port": "端口",
    "proxy": "代理", "authentication": "认证", "auth": "认证", "password": "密码",
    "environment": "环境", "variable": "变量", "variables": "变量", "help": "帮助",
    "prompt": "提示", "terminal": "终端", "color": "颜色", "style": "样式",
    "progress": "进度", "bar": "条", "group": "组", "context manager": "上下文管理器",
    "iterator": "迭代器", "iterate": "迭代", "event": "事件", "loop": "循环",
    "task": "任务", "future": "future", "callback": "回调", "transport": "传输",
    "protocol": "协议", "queue": "队列", "lock": "锁", "wait": "等待", "cancel": "取消",
    "retry": "重试", "redirect": "重定向", "redirects": "重定向", "query": "查询",
    "form": "表单", "multipart": "multipart", "json": "JSON", "html": "HTML",
    "date": "日期", "character": "字符", "characters": "字符", "token": "令牌",
    "escape": "转义", "quote": "引用", "empty": "空", "first": "第一个", "last": "最后",
    "all": "所有", "given": "给定", "specified": "指定", "instance": "实例",
    "subclass": "子类", "base": "基础", "valid": "有效", "invalid": "无效",
}
_STOP = {"the", "a", "an", "of", "to", "in", "is", "for", "on", "it", "and", "or", "this",
         "that", "be", "by", "with", "as", "if", "are", "from", "at", "its", "which", "will",
         "can", "not", "used", "use"}
_VERB_S = re.compile(r"(s|x|z|ch|sh)$")


@dataclass(frozen=True)
class Question:
    """A question and where its answer is."""

    text: str
    lang: str
    """``en`` or ``zh``."""
    form: str
    """``en-doc``, ``en-name``, ``zh-name``, ``zh-doc`` or ``zh-pure``."""
    path: str
    symbol: str
    start: int
    end: int


@dataclass(frozen=True)
class _Documented:
    path: str
    qualname: str
    name: str
    owner: str
    kind: str
    start: int
    end: int
    sentence: str


def questions_for(root: Path, files: list[str], *, symbols: int = 30) -> list[Question]:
    """Four questions for each of ``symbols`` documented symbols of the Python ``files``."""
    found = sorted(_documented(root, files), key=lambda d: hashlib.sha1(
        f"{d.path}:{d.qualname}".encode()).hexdigest())
    chosen: list[_Documented] = []
    names: set[str] = set()
    for item in found:
        if item.name not in names:
            chosen.append(item)
            names.add(item.name)
        if len(chosen) == symbols:
            break
    return [q for item in chosen for q in _ask(item)]


def _documented(root: Path, files: list[str]) -> Iterator[_Documented]:
    for path in files:
        if "test" in path.lower() or not path.endswith(".py"):
            continue
        try:
            tree = ast.parse((root / path).read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        yield from _walk(tree.body, path, owner="")


def _walk(body: list[ast.stmt], path: str, *, owner: str) -> Iterator[_Documented]:
    for node in body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if node.name.startswith("_"):
            continue
        sentence = _first_sentence(ast.get_docstring(node) or "")
        kind = "class" if isinstance(node, ast.ClassDef) else (
            "method" if owner else "function")
        qualname = f"{owner}.{node.name}" if owner else node.name
        if sentence:
            yield _Documented(path, qualname, node.name, owner, kind, node.lineno,
                              node.end_lineno or node.lineno, sentence)
        if isinstance(node, ast.ClassDef) and not owner:
            yield from _walk(node.body, path, owner=node.name)


def _first_sentence(doc: str) -> str:
    paragraph = doc.strip().split("\n\n")[0]
    sentence = re.split(r"(?<=[.!?])\s", " ".join(paragraph.split()))[0].rstrip(".:")
    words = sentence.split()
    if not 5 <= len(words) <= 30 or any(ch in sentence for ch in "{}>|"):
        return ""
    return sentence


def words_of(name: str) -> list[str]:
    """An identifier's words: ``parse_headers`` / ``parseHeaders`` -> parse, headers."""
    parts = re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", name)
    return [p.lower() for p in parts]


def _without_name(sentence: str, name: str) -> str:
    return re.sub(rf"`*\b{re.escape(name)}\b(\(\))?`*", "it", sentence)


def _ask(item: _Documented) -> list[Question]:
    words = " ".join(words_of(item.name))
    owner = " ".join(words_of(item.owner))
    sentence = _without_name(item.sentence, item.name)
    where = dict(path=item.path, symbol=item.qualname, start=item.start, end=item.end)
    en_name = (f"Where is {words} of the {owner} implemented?" if item.owner
               else f"Where is {words} implemented?")
    zh_name = (f"{owner} 的 {words} 方法在哪里实现？" if item.owner
               else f"{words} 是在哪里实现的？")
    asked = [Question(_en_doc(sentence, item.kind), "en", "en-doc", **where),  # type: ignore[arg-type]
             Question(en_name, "en", "en-name", **where),  # type: ignore[arg-type]
             Question(zh_name, "zh", "zh-name", **where),  # type: ignore[arg-type]
             Question(_zh_doc(sentence), "zh", "zh-doc", **where)]  # type: ignore[arg-type]
    chinese = [GLOSSARY[w.lower()] for w in re.findall(r"[A-Za-z_]+", sentence)
               if w.lower() in GLOSSARY and not GLOSSARY[w.lower()].isascii()]
    if len(set(chinese)) >= 2:
        text = f"哪段代码负责{''.join(dict.fromkeys(chinese))}？"
        asked.append(Question(text, "zh", "zh-pure", **where))  # type: ignore[arg-type]
    return asked


def _en_doc(sentence: str, kind: str) -> str:
    first, _, rest = sentence.partition(" ")
    lower = first.lower()
    if lower in GLOSSARY and not lower.endswith("s") and first[0].isupper():
        verb = lower + ("es" if _VERB_S.search(lower) else "s")
        return f"Which {kind} {verb} {rest}?"
    return f"Where is the code for this: {sentence[0].lower()}{sentence[1:]}?"


def _zh_doc(sentence: str) -> str:
    terms = []
    for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", sentence):
        lower = word.lower()
        if lower in _STOP:
            continue
        terms.append(GLOSSARY.get(lower, word))
    return f"哪段代码负责{''.join(_join(terms))}？"


def _join(terms: list[str]) -> Iterator[str]:
    """Chinese terms run together; an English word gets spaces around it."""
    previous_ascii = False
    for term in terms:
        is_ascii = term.isascii()
        if is_ascii or previous_ascii:
            yield " "
        yield term
        previous_ascii = is_ascii
