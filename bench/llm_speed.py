"""Speed of the embedded model on this machine: prompt and generation tokens/s, peak memory.

Run:  python bench/llm_speed.py [--model NAME|PATH] [--prompt-tokens 1600] [--gen-tokens 128]

It loads the embedded model the way pse does (assembling it from the chunk packages on first
use), sends a ~1,600-token prompt made of pse's own source code (the shape of a real
specialist prompt: shared context first, question last) and reports:
  * prompt evaluation speed (cold: nothing cached),
  * generation speed,
  * the cost of a second question over the same context (llama.cpp reuses the prefix),
  * peak resident memory of the process.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path

from pse.config import default_cache_dir
from pse.llm.backends import BackendConfig
from pse.llm.catalog import DEFAULT_MODEL
from pse.llm.local import LocalLLM
from pse.llm.types import Completion, Message

_SOURCES = Path(__file__).resolve().parents[1] / "src" / "pse" / "llm"


def build_context(llm: LocalLLM, target_tokens: int) -> str:
    """The first ``target_tokens`` tokens of pse's LLM sources (real code, deterministic)."""
    llama = llm.load()
    text = "".join(f"\n# file: {path.name}\n{path.read_text(encoding='utf-8')}"
                   for path in sorted(_SOURCES.glob("*.py")))
    tokens = llama.tokenize(text.encode("utf-8"), add_bos=False)
    return llama.detokenize(tokens[:target_tokens]).decode("utf-8", "ignore")


def timed(llm: LocalLLM, messages: list[Message], max_tokens: int) -> tuple[Completion, float]:
    """One chat call and its wall time."""
    started = time.perf_counter()
    answer = llm.chat(messages, stage="specialist", temperature=0, max_tokens=max_tokens,
                      allow_truncated=True)
    return answer, time.perf_counter() - started


def measure(args: argparse.Namespace) -> dict[str, object]:
    """Load the model, run the three calls, return the figures."""
    backend = BackendConfig(name="local", kind="local", model=args.model, n_ctx=4096,
                            threads=args.threads)
    llm = LocalLLM(backend, cache_dir=default_cache_dir())
    started = time.perf_counter()
    llm.load()
    load_s = time.perf_counter() - started
    system = Message.system("You are a senior engineer. Answer using only the code below.\n"
                            + build_context(llm, args.prompt_tokens))
    question = Message.user("Name the classes defined above.")
    first, prompt_s = timed(llm, [system, question], 1)
    # The same prompt again: the whole prefix is cached, so the time is generation.
    gen, gen_s = timed(llm, [system, question], args.gen_tokens)
    follow, follow_s = timed(llm, [system, Message.user("Which module imports openai?")], 1)
    return {
        "model": args.model, "threads": args.threads or "default",
        "load_s": round(load_s, 2), "prompt_tokens": first.usage.prompt_tokens,
        "prompt_s": round(prompt_s, 2),
        "prompt_tok_per_s": round(first.usage.prompt_tokens / prompt_s, 1),
        "generated_tokens": gen.usage.completion_tokens, "generation_s": round(gen_s, 2),
        "generation_tok_per_s": round(gen.usage.completion_tokens / gen_s, 1),
        "followup_prompt_tokens": follow.usage.prompt_tokens,
        "followup_s": round(follow_s, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "load_average_1m": round(os.getloadavg()[0], 2),
    }


def render(f: dict[str, object]) -> str:
    """The figures as a small table."""
    return "\n".join([
        f"model                  {f['model']} ({f['threads']} threads)",
        f"load                   {f['load_s']} s",
        f"prompt (cold)          {f['prompt_tokens']} tokens in {f['prompt_s']} s = "
        f"{f['prompt_tok_per_s']} tok/s",
        f"generation             {f['generated_tokens']} tokens in {f['generation_s']} s = "
        f"{f['generation_tok_per_s']} tok/s",
        f"follow-up, same prefix {f['followup_prompt_tokens']} prompt tokens in "
        f"{f['followup_s']} s (prefix reused)",
        f"peak RSS               {f['peak_rss_mb']} MB",
        f"machine load (1 min)   {f['load_average_1m']} on {os.cpu_count()} cores",
    ])


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--model", default=os.environ.get("PSE_LOCAL_MODEL", DEFAULT_MODEL))
    parser.add_argument("--prompt-tokens", type=int, default=1600)
    parser.add_argument("--gen-tokens", type=int, default=128)
    parser.add_argument("--threads", type=int, default=0, help="0: llama.cpp's default")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    figures = measure(args)
    print(json.dumps(figures, indent=2) if args.json else render(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
