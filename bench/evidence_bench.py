"""Score ``pse verify --evidence`` on the hand-labelled audit set in ``bench/evidence/``.

Every sentence and list item of the refbench ``llm-dev`` articles is labelled true, false,
unsupported or transition against the pinned source trees (set up by
``/work/shared/bench/refbench/setup_targets.sh``, default ``/tmp/refbench-work/trees``). The
set is split by package: the aligner was built on ``build``; ``held_out`` was not looked at
while tuning. Figures per split: the share of false+unsupported units flagged (unsupported)
and the share of true units flagged; targets >= 70% and <= 5% on the held-out half.

    python bench/evidence_bench.py [--trees DIR] [--pse "pse"] [--split S]... [--show]
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
from pathlib import Path

HERE = Path(__file__).parent / "evidence"


def run(pse: str, article: Path, source: Path) -> dict[tuple[int, str], str]:
    """The status ``pse verify --evidence`` gives each sentence, by (line, text)."""
    cmd = [*shlex.split(pse), "verify", str(article), "--source", str(source), "--evidence",
           "--strict", "--format", "json", "-q"]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.strip()}")
    return {(s["line"], s["text"]): s["status"] for s in json.loads(done.stdout)["sentences"]}


def baseline(pse: str, article: Path, source: Path) -> set[int]:
    """The lines on which plain ``pse verify --strict`` flags a reference (the baseline:
    a sentence with an unverified name or a false structural claim)."""
    cmd = [*shlex.split(pse), "verify", str(article), "--source", str(source), "--strict",
           "--format", "json", "-q", "--no-history"]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.strip()}")
    return {r["line"] for r in json.loads(done.stdout)["references"]
            if r["status"] == "unverified"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trees", type=Path, default=Path("/tmp/refbench-work/trees"))
    parser.add_argument("--pse", default="pse")
    parser.add_argument("--show", action="store_true",
                        help="list every misjudged unit of the splits --show-split names")
    parser.add_argument("--show-split", action="append", default=None,
                        help="a split whose misjudged units --show lists (default: build)")
    parser.add_argument("--split", action="append", default=None,
                        help="score only this split (repeatable; default: every split), "
                             "so that tuning on a build split never prints a held-out one")
    args = parser.parse_args()
    labels = json.loads((HERE / "labels.json").read_text(encoding="utf-8"))
    shown = set(args.show_split or ["build"])
    for split, packages in labels["split"].items():
        if args.split and split not in args.split:
            continue
        bad = bad_flagged = true = true_flagged = missing = base_bad = base_true = 0
        for article in labels["articles"]:
            if article["package"] not in packages:
                continue
            # a tree of the refbench work area, or a source kept with the labels
            source = HERE / article["source"] if "source" in article else \
                args.trees / article["package"]
            got = run(args.pse, HERE / "articles" / article["path"], source)
            lines = baseline(args.pse, HERE / "articles" / article["path"], source)
            for unit in article["units"]:
                status = got.get((unit["line"], unit["text"]))
                missing += status is None
                flagged = status == "unsupported"
                if unit["label"] in ("false", "unsupported"):
                    bad += 1
                    bad_flagged += flagged
                    base_bad += unit["line"] in lines
                elif unit["label"] == "true":
                    true += 1
                    true_flagged += flagged
                    base_true += unit["line"] in lines
                wrong = flagged != (unit["label"] in ("false", "unsupported"))
                if args.show and split in shown and wrong and unit["label"] != "transition":
                    print(f"  {split} {article['path']}:{unit['line']} {unit['label']} "
                          f"-> {status}: {unit['text'][:100]}")
        print(f"{split}: false+unsupported flagged {bad_flagged}/{bad} "
              f"({100 * bad_flagged / max(1, bad):.0f}%), true flagged {true_flagged}/{true} "
              f"({100 * true_flagged / max(1, true):.0f}%), units not reported {missing}; "
              f"baseline verify --strict: {base_bad}/{bad} "
              f"({100 * base_bad / max(1, bad):.0f}%) and {base_true}/{true} "
              f"({100 * base_true / max(1, true):.0f}%)")


if __name__ == "__main__":
    main()
