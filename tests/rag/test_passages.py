"""What a chunk is embedded as: its description, not its raw code."""

from __future__ import annotations

from pse.rag.passages import PASSAGE_CHARS, name_words, passage_text, raw_passage
from pse.rag.retriever import Chunk

METHODS = '''    def set_tunnel(self, host, port=None,
                   headers=None):
        """Set up host and port for HTTP CONNECT tunnelling.

        More detail that is not embedded.
        """
        self._tunnel_host = host
        for key in headers:
            self._tunnel_headers[key] = headers[key]

    async def close(self):
        # close the socket first, then forget the response
        self.sock.close()
'''


def _chunk(text: str, **fields: str) -> Chunk:
    values = {"title": "class http.client.HTTPConnection: set_tunnel, close",
              "symbol": "http.client.HTTPConnection", **fields}
    return Chunk("http/client.py", 10, 10 + text.count("\n"), text, values["title"],
                 values["symbol"])


def test_name_words_split_dotted_camel_and_snake_names() -> None:
    assert name_words("HTTPConnection.set_tunnel") == "http connection set tunnel"
    assert name_words("parseArgs2") == "parse args 2"


def test_passage_is_each_definitions_signature_and_docstring_paragraph() -> None:
    text = passage_text(_chunk(METHODS))
    lines = text.split("\n")
    assert lines[:3] == ["class http.client.HTTPConnection: set_tunnel, close",
                         "http/client.py", "http client http connection"]
    assert "def set_tunnel(self, host, port=None, headers=None) (set tunnel)" in lines
    assert "Set up host and port for HTTP CONNECT tunnelling." in lines
    assert "async def close(self) (close)" in lines
    assert "close the socket first, then forget the response" in lines  # no docstring
    assert "More detail" not in text and "_tunnel_headers" not in text  # body left out


def test_passage_of_prose_is_its_text_and_never_too_long() -> None:
    prose = _chunk("# Retries\n\n" + "Failed jobs are retried. " * 80, title="# Retries",
                   symbol="")
    text = passage_text(prose)
    assert text.startswith("# Retries\nhttp/client.py\n# Retries Failed jobs are retried.")
    assert len(text) == PASSAGE_CHARS
    assert raw_passage(prose).startswith("# Retries\nhttp/client.py\n# Retries\n\nFailed")


def test_passage_reads_a_one_line_docstring_and_a_class() -> None:
    code = 'class Job:\n    """One unit of work."""\n    name: str = ""\n'
    text = passage_text(_chunk(code, title="class tinyqueue.job.Job", symbol="tinyqueue.job.Job"))
    assert text.split("\n")[3:] == ["class Job (job)", "One unit of work."]
