#!/usr/bin/env python3
"""Structural claims in articles real small models wrote about packages no other set uses.

``claims.tsv`` lists every structural claim of the articles in this folder (written by the
pinned Qwen2.5-Coder 0.5B and 1.5B, see ``generate.py``), labelled T, F or U against the
package source with evidence, by a reader who never saw the checker. The contract is that
of ``../../shared/bench/llmclaims``: a false claim is caught when anything on its line is
`unverified`; a true claim is falsely flagged when a `claim` result on its line is, and no
false or unclear claim shares the line.

The set is split by package before anyone read it: the claims rules may be built on
``build`` (intervaltree, idna) and ``build_later`` (markdown, dateutil, chardet, simplejson:
written later, scored before any rule read them, then built on); ``held_out`` (portion,
boltons) is only scored; ``fresh`` (toposort, webcolors, cerberus, python-box) was scored
before anyone read it, then built on; ``fresh2`` (pydash, parse_type, lark, deepdiff:
written and labelled at the end of 2026-12-05's last session) was only scored until a
later session built on it; ``fresh3`` (treelib, arrow, humanfriendly, email_validator,
parsy: written and labelled blind on 2026-12-06, scored with that session's starting and
final code) is only scored; ``fresh4`` (pyrsistent, ply, uritemplate, sqlitedict, bracex:
written and labelled blind in a later session) was scored, then built on once ``fresh5``
(simpleeval, croniter, transitions, hashids, diskcache: written and labelled blind the
session after) took its place as the newest blind split; ``fresh5`` in turn was built on
once ``fresh6`` (decouple, environs, tldextract, furl, soupsieve, ulid: written and labelled
blind on 2026-12-07) took its place, only scored.

    python3 bench/llm_heldout/score.py --cmd 'pse verify {article} --source {source} \\
        --format json --strict' [--show] \\
        [--split build|build_later|held_out|fresh|fresh2|fresh3|fresh4|fresh5|fresh6|all]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
SPLITS = {"build": ("intervaltree", "idna"),
          "build_later": ("markdown", "dateutil", "chardet", "simplejson"),
          "held_out": ("portion", "boltons"),
          "fresh": ("toposort", "webcolors", "cerberus", "box"),
          "fresh2": ("pydash", "parse_type", "lark", "deepdiff"),
          "fresh3": ("treelib", "arrow", "humanfriendly", "email_validator", "parsy"),
          "fresh4": ("pyrsistent", "ply", "uritemplate", "sqlitedict", "bracex"),
          "fresh5": ("simpleeval", "croniter", "transitions", "hashids", "diskcache"),
          "fresh6": ("decouple", "environs", "tldextract", "furl", "soupsieve", "ulid")}


def load(packages: tuple[str, ...]) -> list[dict[str, str]]:
    """The labelled claims of the articles about ``packages``."""
    with open(HERE / "claims.tsv", encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        rows = [dict(zip(head, line.rstrip("\n").split("\t"), strict=True))
                for line in f if line.strip()]
    return [r for r in rows if r["article"].split("/")[0] in packages]


def flags(cmd: str, article: Path, source: Path, timeout: int) -> dict[int, list[dict]]:
    """The `unverified` results the command prints for ``article``, by line."""
    line = cmd.replace("{article}", shlex.quote(str(article))) \
              .replace("{source}", shlex.quote(str(source)))
    done = subprocess.run(line, shell=True, capture_output=True, text=True, timeout=timeout)
    try:
        refs = json.loads(done.stdout)["references"]
    except (ValueError, KeyError):
        sys.exit(f"unreadable output for {article} (exit {done.returncode}): "
                 f"{done.stderr.strip()[:300]}")
    found: dict[int, list[dict]] = collections.defaultdict(list)
    for ref in refs:
        if ref.get("status") == "unverified":
            found[int(ref["line"])].append(ref)
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cmd", required=True)
    ap.add_argument("--split", choices=[*SPLITS, "all"], default="all")
    ap.add_argument("--trees", type=Path, default=Path(os.environ.get(
        "LLM_HELDOUT_TREES", "/tmp/llm-heldout-trees")))
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--show", action="store_true", help="list missed and falsely flagged claims")
    args = ap.parse_args()
    plan = json.loads((HERE / "articles.json").read_text(encoding="utf-8"))
    splits = list(SPLITS) if args.split == "all" else [args.split]
    for split in splits:
        rows = load(SPLITS[split])
        results: dict[tuple[str, int], list[dict]] = {}
        for article in sorted({r["article"] for r in rows}):
            package = article.split("/")[0]
            source = args.trees / plan["trees"][package]
            if not source.is_dir():
                sys.exit(f"missing tree {source}: see README.md for the pip download lines")
            for line, found in flags(args.cmd, HERE / article, source, args.timeout).items():
                results[(article, line)] = found
        bad_lines = {(r["article"], int(r["line"])) for r in rows if r["verdict"] in "FU"}
        caught, nf, flagged, nt = collections.Counter(), collections.Counter(), \
            collections.Counter(), collections.Counter()
        shown: list[str] = []
        for r in rows:
            key = (r["article"], int(r["line"]))
            found = results.get(key, [])
            lang = r["lang"]
            if r["verdict"] == "F":
                nf[lang] += 1
                caught[lang] += bool(found)
                if not found:
                    shown.append(f"  missed {r['article']}:{r['line']} [{r['relation']}] "
                                 f"{r['sentence'][:140]}")
            elif r["verdict"] == "T" and key not in bad_lines:
                nt[lang] += 1
                claims = [x["name"] for x in found if x.get("kind") == "claim"]
                flagged[lang] += bool(claims)
                if claims:
                    shown.append(f"  flagged {r['article']}:{r['line']} [{r['relation']}] "
                                 f"{claims} {r['sentence'][:100]}")
        if args.show:
            print("\n".join(shown))
        for lang in sorted(nf | nt):
            print(f"  {split} {lang}: caught {caught[lang]}/{nf[lang]}, "
                  f"true flagged {flagged[lang]}/{nt[lang]}")
        total_f, total_t = sum(nf.values()), sum(nt.values())
        print(f"{split}: recall={sum(caught.values()) / max(total_f, 1):.2f} "
              f"({sum(caught.values())}/{total_f}) false_flag="
              f"{sum(flagged.values()) / max(total_t, 1):.3f} "
              f"({sum(flagged.values())}/{total_t})")


if __name__ == "__main__":
    main()
