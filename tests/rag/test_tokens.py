"""Retrieval tokens: identifiers split into words, stop words dropped, CJK in bigrams."""

from __future__ import annotations

from pse.rag.tokens import tokenize


def test_tokenize_splits_snake_and_camel_case() -> None:
    assert tokenize("parse_args") == ["parse_args", "parse", "args"]
    assert tokenize("ParseArgs") == ["parseargs", "parse", "args"]
    assert tokenize("HTTPServer getURL2") == ["httpserver", "http", "server",
                                               "geturl2", "get", "url"]


def test_tokenize_drops_stop_words_and_keeps_numbers() -> None:
    assert tokenize("The queue is for self and 42 jobs") == ["queue", "42", "jobs"]


def test_tokenize_chinese_into_characters_and_bigrams() -> None:
    assert tokenize("队列重试") == ["队", "列", "重", "试", "队列", "列重", "重试"]


def test_tokenize_mixed_text_and_punctuation() -> None:
    assert tokenize("`JobQueue.run_all()` 运行") == [
        "jobqueue", "job", "queue", "run_all", "run", "all", "运", "行", "运行"]
    assert tokenize("") == []
