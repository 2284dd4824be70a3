"""The scripted fakes used by every pipeline test."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pse.llm.fake import CallInfo, FunctionLLM, ScriptedLLM
from pse.llm.types import Completion, LLMClient, Message, ToolCall, Usage


def test_scripted_llm_answers_in_order_and_records_requests() -> None:
    llm = ScriptedLLM(["first reply here"])
    llm.enqueue(Completion("", (ToolCall("c", "grep", "{}"),), "tool_calls"))
    client: LLMClient = llm
    one = client.chat([Message.user("count these four words")], stage="planner", max_tokens=9)
    two = client.chat([Message.user("x")], stage="specialist", tools=[{"type": "function"}])
    assert one.text == "first reply here" and one.usage == Usage(4, 3)
    assert two.tool_calls[0].name == "grep"
    assert [r.info.stage for r in llm.requests] == ["planner", "specialist"]
    assert llm.requests[0].info.params == {"max_tokens": 9}
    assert llm.requests[1].info.tools == ({"type": "function"},)
    assert llm.pending == 0


def test_scripted_llm_empty_queue_fails_loudly() -> None:
    llm = ScriptedLLM(["only one"])
    llm.chat([Message.user("a")], stage="planner")
    with pytest.raises(AssertionError, match=r"^unexpected LLM call #2$"):
        llm.chat([Message.user("b")], stage="planner")


def test_scripted_llm_keeps_explicit_usage() -> None:
    llm = ScriptedLLM([Completion("a b c", usage=Usage(100, 7))])
    assert llm.chat([Message.user("x")], stage="fix").usage == Usage(100, 7)


def test_function_llm_branches_on_the_conversation() -> None:
    def evaluator(messages: Sequence[Message], info: CallInfo) -> str:
        return "REJECT" if info.number == 1 else f"APPROVE {messages[-1].content}"

    llm = FunctionLLM(evaluator)
    assert llm.chat([Message.user("draft")], stage="evaluator").text == "REJECT"
    second = llm.chat([Message.user("fixed draft")], stage="evaluator")
    assert second.text == "APPROVE fixed draft" and second.usage == Usage(2, 3)
    assert len(llm.requests) == 2
