"""A parameter named with its type ("takes an integer `v`"), a demonstrative that names a
kind ("This class ..." under a function's heading), a title label ("**Description**:")
that leaves the sentence to the code above, and what a generator yields, decided against
a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "codec/__init__.py": "",
    "codec/core.py": '''\
from dataclasses import dataclass
from typing import Callable, Optional, Union

Creator = Callable[[int], None]


def decode_int(v: Union[str, bytes], alphabet: bytes = b"abc", strict=False) -> int:
    """Decode ``v`` as an integer."""
    return len(v)


def pad(text, width: Optional[int] = None, fill=" "):
    return text


def chunks(items, size):
    for start in range(0, len(items), size):
        yield items[start:start + size]


class Buffer:
    def write(self, data: bytes, flush: bool = False) -> int:
        return len(data)


class Queue:
    def __init__(self, policy, sleep=None):
        self.policy = policy


class _Codec:
    def parse(self, text):
        return text


default_codec = _Codec()


@dataclass
class Result:
    name: str
    private: bool = False
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="typedparams")


@pytest.mark.parametrize("text, status", [
    ("`decode_int` takes an integer `v`.", "unverified"),
    ("`decode_int` takes a string `v` and returns its value.", "verified"),
    ("`decode_int` accepts a bytes object `v`.", "verified"),
    ("`decode_int` takes `v`, a list, and decodes it.", "unverified"),
    ("`decode_int` 接受一个整数 `v`。", "unverified"),
    ("`decode_int` takes a boolean `strict`.", "verified"),      # by its literal default
    ("`decode_int` takes a string `strict`.", "unverified"),
    ("`pad` takes an integer `width`.", "verified"),              # Optional[int]
    ("`pad` takes a float `width`.", "unverified"),
    ("`pad` takes a list `text`.", "verified"),                   # nothing written: open
    ("`Buffer.write` takes a bytes object `data`.", "verified"),  # self is not counted
    ("`Buffer.write` takes a string `data`.", "unverified"),
])
def test_a_parameter_named_with_its_type(resolver: Resolver, text: str, status: str) -> None:
    assert status in claim_statuses(resolver, text, "has_param")
    if status == "unverified":
        assert "verified" not in claim_statuses(resolver, text, "has_param")


@pytest.mark.parametrize("text", [
    "If `decode_int` takes an integer `v`, it fails.",  # a condition says nothing
    "`decode_int` does not take an integer `v`.",
    "`decode_int` takes an integer.",                  # no name: a count, not this reading
])
def test_no_typed_parameter_is_read_where_nothing_is_said(resolver: Resolver,
                                                          text: str) -> None:
    assert "unverified" not in claim_statuses(resolver, text, "has_param")


@pytest.mark.parametrize("text, status", [
    ("### `decode_int`\n\nThis class decodes a string.\n", "unverified"),
    ("### `decode_int`\n\nThis function decodes a string.\n", "verified"),
    ("### `Buffer`\n\n该类用于写入数据。\n", "verified"),
    ("### `pad`\n\n该类用于填充文本。\n", "unverified"),
])
def test_a_demonstrative_that_names_a_kind_says_it(resolver: Resolver, text: str,
                                                   status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("#### `Creator`\n\n**Description**: A function that creates a value.\n", "unverified"),
    ("#### `pad`\n\n**Description**: A function that pads text.\n", "verified"),
    ("#### `pad`\n\n**说明**：该类用于填充文本。\n", "unverified"),
])
def test_a_title_label_leaves_the_sentence_to_the_code_above(resolver: Resolver, text: str,
                                                             status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


def test_a_title_label_is_no_subject_of_its_own(resolver: Resolver) -> None:
    # after another paragraph the section has moved on: nothing is read, and the title
    # is not taken for a name
    text = "#### `pad`\n\nSome words.\n\n**Summary**: A class that holds data.\n"
    assert claim_statuses(resolver, text, "kind") == []


@pytest.mark.parametrize("text, status", [
    ("`chunks` yields a tuple of items.", "ignored"),  # its items: nothing writes them
    ("`chunks` returns a list.", "unverified"),        # a call returns a generator
])
def test_what_a_generator_yields_is_not_what_a_call_returns(resolver: Resolver, text: str,
                                                            status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    ("- **`decode_int`**:\n  - Parameters: `v` (str), `strict` (bool, default `False`), "
     "`alphabet` (bytes)\n", "verified"),
    ("- **`decode_int`**:\n  - Parameters: `v` (str), `strict` (bool, default `True`), "
     "`alphabet` (bytes)\n", "unverified"),
    ("- **`decode_int`**:\n  - 参数: `v` (字符串)，`strict` (布尔，默认为 `False`)\n", "verified"),
])
def test_a_default_in_a_parenthesis_is_the_name_before_it(resolver: Resolver, text: str,
                                                          status: str) -> None:
    # the comma inside "(bool, default ...)" opens no clause said of the first name, `v`
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, status", [
    ("#### `decode_int`\n\n**Parameters**:\n- `v` (int): The value.\n", "unverified"),
    ("#### `decode_int`\n\n**Parameters**:\n- `v` (str): The value.\n", "verified"),
    ("#### `decode_int`\n\n**Parameters**:\n- `alphabet` (bytes, optional): Letters.\n",
     "verified"),
    ("### `pad(text, width, fill)`\n\n- `width` (float): How wide.\n", "unverified"),
    ("### `pad(text, width, fill)`\n\n- `width` (int): How wide.\n", "verified"),
    ("#### `Buffer.write`\n\n**参数**：\n- `data` (字符串)：要写的数据。\n", "unverified"),
])
def test_a_typed_item_of_a_parameter_list(resolver: Resolver, text: str, status: str) -> None:
    found = claim_statuses(resolver, text, "has_param")
    # a heading written as the signature says its own (true) parameters
    said = 3 if text.startswith("### `pad(") else 0
    assert found.count("verified") == said + (status == "verified")
    assert found.count("unverified") == (status == "unverified")


@pytest.mark.parametrize("text", [
    # a list that is not of parameters, a union of types, a class: nothing said here
    "#### `Buffer`\n\n**Attributes**:\n- `data` (int): The data.\n",
    "#### `decode_int`\n\n**Parameters**:\n- `v` (int or str): The value.\n",
    "#### `decode_int`\n\n**Parameters**:\n- `v` (Creator): The value.\n",
])
def test_no_typed_parameter_is_read_outside_a_plain_parameter_list(resolver: Resolver,
                                                                   text: str) -> None:
    assert "unverified" not in claim_statuses(resolver, text, "has_param")


@pytest.mark.parametrize("text, status", [
    ("#### `decode_int`\n\n- The `v` parameter is an integer.\n", "unverified"),
    ("#### `decode_int`\n\n- 参数 `v` 是一个字符串。\n", "verified"),
    ("#### `decode_int`\n\n- The `strict` parameter is a boolean that turns on checks.\n",
     "verified"),
    ("#### `decode_int`\n\n- The `strict` parameter is a string.\n", "unverified"),
])
def test_a_parameter_said_to_be_a_type_under_its_owner(resolver: Resolver, text: str,
                                                       status: str) -> None:
    assert claim_statuses(resolver, text, "has_param") == [status]


@pytest.mark.parametrize("text, status", [
    ("The `Queue` class is initialized with the `policy` and `retries` objects.",
     "unverified"),
    ("The `Queue` class is initialized with the `policy` and `sleep` objects.", "verified"),
    ("`pad` is created with the `text`, `width` and `fill` parameters.", "verified"),
    ("`pad` is instantiated with the `text` and `size` parameters.", "unverified"),
])
def test_what_a_class_is_created_with_are_its_parameters(resolver: Resolver, text: str,
                                                         status: str) -> None:
    assert status in claim_statuses(resolver, text, "has_param")


@pytest.mark.parametrize("text", [
    "`_lock` is initialized with `threading.Lock()`.",  # a value, no parameter
    "The `strict` attribute is initialized with `fill`.",
    "`pad` is created with the `time.sleep` function.",
])
def test_a_value_initialised_is_no_parameter(resolver: Resolver, text: str) -> None:
    assert claim_statuses(resolver, text, "has_param") == []


@pytest.mark.parametrize("text, status", [
    ("`Result.private` is a method.", "unverified"),       # declared a bool
    ("The `Result.name` method returns the name.", "unverified"),
    ("`Queue.policy` is a method.", "ignored"),            # what it holds is not written
])
def test_a_value_declared_a_scalar_is_no_method(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("`default_codec` has a `parse` method.", "verified"),  # its class's
    ("`default_codec` has a `format` method.", "unverified"),
])
def test_an_instance_has_what_its_class_has(resolver: Resolver, text: str,
                                            status: str) -> None:
    assert claim_statuses(resolver, text, "has_method") == [status]


@pytest.mark.parametrize("text, status", [
    ("`pad` is a function that takes a string `text` and pads it.", "verified"),
    ("`pad` is a helper function that takes a function `caller`.", "unverified"),
    ("The `decode_int` function is a function which accepts `alphabet`.", "verified"),
])
def test_what_a_relative_clause_says_a_callable_takes(resolver: Resolver, text: str,
                                                      status: str) -> None:
    assert status in claim_statuses(resolver, text, "has_param")


@pytest.mark.parametrize("text, status", [
    # a heading, or a bold label of a paragraph, written as the signature
    ("### `pad(text, size)`\n\nPads the text.\n", "unverified"),
    ("### pad(text, size)\n\nPads the text.\n", "unverified"),
    ("#### 2. `pad(text, width)` function\n\nPads the text.\n", "verified"),
    ("### `Buffer`\n\n#### `write(payload)`\n\nWrites.\n", "unverified"),
    ("### `Buffer`\n\n#### `write(data)`\n\nWrites.\n", "verified"),
    ("**`pad(text, size)`**: Pads the text.\n", "unverified"),
    ("**pad(text, width)**: Pads the text.\n", "verified"),
    ("**`pad(text, size)`**：填充文本。\n", "unverified"),
    # an item of a list of parameters that names its parameter without code
    ("### `pad`\n\n**Parameters:**\n\n- **size** (int): How wide.\n", "unverified"),
    ("### `pad`\n\n**Parameters:**\n\n- **width** (int): How wide.\n", "verified"),
    ("### `pad`\n\nParameters:\n\n- size: How wide.\n", "unverified"),
    ("### `pad`\n\n参数：\n\n- size：宽度。\n", "unverified"),
])
def test_a_signature_heading_label_or_plain_parameter_item(
        resolver: Resolver, text: str, status: str) -> None:
    found = claim_statuses(resolver, text, "has_param")
    assert status in found
    assert ("unverified" in found) == (status == "unverified")


@pytest.mark.parametrize("text", [
    # a capitalised word titles an item; a parameters list's other sections are no names;
    # a heading that says more than a signature, and a call in running prose, are none
    "### `pad`\n\n**Parameters:**\n\n- **Size**: How wide.\n",
    "### `pad`\n\n**Parameters:**\n\n- returns: the padded text.\n",
    "### `pad`\n\n- **size**: How wide.\n",
    "### Calling `pad(text, size)` twice\n\nPads.\n",
    "Call `pad(text, size)` to pad it.\n",
])
def test_no_parameter_claim_outside_a_signature_or_a_parameter_list(
        resolver: Resolver, text: str) -> None:
    assert claim_statuses(resolver, text, "has_param") == []


@pytest.mark.parametrize("text, status", [
    # a paragraph titled for the return value, bold or plain, English or Chinese
    ("### `decode_int`\n\n**Returns:** A list of digits.\n", "unverified"),
    ("### `decode_int`\n\n**Returns:** An integer.\n", "verified"),
    ("### `decode_int`\n\nReturn value: a `str`.\n", "unverified"),
    ("### `decode_int` 函数\n\n返回值：一个列表。\n", "unverified"),
    ("### `decode_int` 函数\n\n返回值：一个整数。\n", "verified"),
    # an item with a plain title, and a type listed under a "Returns" title
    ("### `decode_int`\n\n- Return type: `str`\n", "unverified"),
    ("### `decode_int`\n\n#### Returns\n\n- `list`: the digits\n", "unverified"),
    ("### `decode_int`\n\n**Returns:**\n\n- `int`: the value\n", "verified"),
    # a table column for the return value, in words
    ("| Function | Returns |\n|---|---|\n| `decode_int` | a list |\n", "unverified"),
    ("| 函数 | 返回值 |\n|---|---|\n| `decode_int` | 整数 |\n", "verified"),
])
def test_a_return_value_said_in_a_titled_paragraph_item_or_column(
        resolver: Resolver, text: str, status: str) -> None:
    assert status in claim_statuses(resolver, text, "returns")


@pytest.mark.parametrize("text, status", [
    # under a "Parameters" heading, the heading above names the function
    ("### `pad`\n\n#### Parameters\n\n- size: How wide.\n", "unverified"),
    ("### `pad`\n\n#### Parameters\n\n- width (int): How wide.\n", "verified"),
    # a dash for the colon, a list written inline, a heading naming code without backticks
    ("### `pad`\n\n**Parameters:**\n\n- size – How wide.\n", "unverified"),
    ("### `pad`\n\nParameters: text (str), size (int).\n", "unverified"),
    ("### `pad`\n\n**Parameters**: text, width\n", "verified"),
    ("### pad function\n\nParameters:\n- size: How wide.\n", "unverified"),
    ("### Buffer.write\n\n**Parameters:**\n\n- payload: The bytes.\n", "unverified"),
    # a lead-in or a heading that names the function and the word
    ("The `pad` function takes the following parameters:\n\n1. **size**: How wide.\n",
     "unverified"),
    ("`pad` 函数接受以下参数：\n\n1. **width**：宽度。\n", "verified"),
    ("### Parameters of `pad`\n\n1. **size**: How wide.\n", "unverified"),
    ("## `pad` function\n\n### Parameters\n\n1. **fill**: The padding.\n", "verified"),
    # a type inside the bold name, a numbered heading, a plain signature heading
    ("### `pad`\n\n**Parameters:**\n\n1. **size (int)**: How wide.\n", "unverified"),
    ("### 1. `pad`\n\n**Parameters:**\n\n1. **size**: How wide.\n", "unverified"),
    ("### pad(text, width)\n\n**Parameters:**\n\n1. **size**: How wide.\n", "unverified"),
    # the section goes on about its code ("This function ...") before the list, or a
    # lead-in names no code itself ("It takes ...")
    ("### `pad`\n\nThis function pads text.\n\n**Parameters:**\n\n1. **size**: How wide.\n",
     "unverified"),
    ("### `pad`\n\nPads text. It takes the following parameters:\n\n1. **width**: How wide.\n",
     "verified"),
])
def test_a_parameter_list_written_without_code(resolver: Resolver, text: str,
                                               status: str) -> None:
    found = claim_statuses(resolver, text, "has_param")
    assert status in found
    assert ("unverified" in found) == (status == "unverified")


@pytest.mark.parametrize("text", [
    # a capitalised heading is a title, and a sentence after "Parameters:" no list of names
    "### Usage\n\n**Parameters:**\n\n- size: How wide.\n",
    "### `pad`\n\nParameters: the text to pad and how wide it gets.\n",
])
def test_no_parameter_claim_from_a_title_or_a_sentence(resolver: Resolver, text: str) -> None:
    assert claim_statuses(resolver, text, "has_param") == []


@pytest.mark.parametrize("text, status", [
    # a sentence with no subject opening the section of a heading that names code
    ("### `decode_int`\n\nReturns a list of digits.\n", "unverified"),
    ("### `decode_int`\n\nDecodes the value and returns an integer.\n", "verified"),
    ("### `decode_int` 函数\n\n返回一个列表。\n", "unverified"),
    ("### decode_int\n\nThe function returns a string.\n", "unverified"),
    # a later subject-less sentence of an item labelled with code is still the label's
    ("1. **`decode_int`**: Decodes a value. Returns a list.\n", "unverified"),
    ("1. **`decode_int`**: Decodes a value. Returns an integer.\n", "verified"),
])
def test_a_sentence_without_subject_is_about_the_code_its_section_names(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


def test_a_paragraph_further_down_a_section_is_not_lent_its_heading() -> None:
    # "Returns" after a paragraph about something else is no claim about the heading
    from pse.text import parse
    from pse.verify.claims.prose import sentences
    text = ("### `decode_int`\n\nThe alphabet comes from `pad`.\n\n"
            "Some background first.\n\nReturns a list.\n")
    read = [s.text for s in sentences(text, rst=False, document=parse(text))]
    assert not any(t.startswith("Returns") for t in read)


@pytest.mark.parametrize("text, status", [
    # a kind word after the signature in a label; names with full-width parentheses
    ("1. **`pad(text, size)` 函数**：填充文本。\n", "unverified"),
    ("- **`pad(text, width)` function**: Pads the text.\n", "verified"),
    ("### `pad` 函数\n\n- **参数**：text（字符串），size（整数）\n", "unverified"),
    ("### `pad` 函数\n\n- **参数**：text（字符串），width（整数）\n", "verified"),
])
def test_a_signature_label_with_its_kind_and_a_chinese_parameter_list(
        resolver: Resolver, text: str, status: str) -> None:
    found = claim_statuses(resolver, text, "has_param")
    assert status in found
    assert ("unverified" in found) == (status == "unverified")


@pytest.mark.parametrize("text, status", [
    # `strict=False` and `fill=" "` bind plain values only: no function, no class
    ("The `strict` function tells how to decode.", "unverified"),
    ("`fill` 类用于填充文本。", "unverified"),
    # `sleep=None` may hold a function, `size` has no default; `pad` is a function
    ("The `sleep` function waits between attempts.", "ignored"),
    ("The `size` function cuts the items.", "ignored"),
    ("The `pad` function pads text.", "verified"),
])
def test_a_plain_parameter_called_a_definition(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    # each name listed after one plural typed noun is a parameter of that type
    ("`pad` takes two string parameters `text` and `fill`.", "verified"),
    ("`pad` takes two string parameters `text` and `filler`.", "unverified"),
    ("`pad` 接受两个字符串参数 `text` 和 `filler`。", "unverified"),
    ("`decode_int` takes integer arguments `v` and `strict`.", "unverified"),  # bool default
])
def test_parameters_listed_after_a_plural_typed_noun(resolver: Resolver, text: str,
                                                     status: str) -> None:
    found = claim_statuses(resolver, text, "has_param")
    assert found and (status in found if status == "unverified" else set(found) == {status})
