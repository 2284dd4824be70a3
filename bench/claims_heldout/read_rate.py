#!/usr/bin/env python3
"""How much of each half the claim checker reads, per relation: safe on halves never read.

For every labelled claim line: whether any claim is read on it (a `kind: claim`
reference, whatever its status) and whether the line is flagged. Per relation it prints
the share of false claims read and flagged, and of true claims read; with --undecided,
the checker's message templates (code names and numbers masked) of the claims it read on
false-claim lines but left open, and of those it left open on true-claim lines: what
deciding them would cost. Only totals and templates are printed, never a claim, so a
half that must stay unread can be diagnosed without being read.

    python3 read_rate.py --cmd 'pse verify {article} --source {source} --format json
        --strict --no-history' [--half HALF ...] [--undecided]
"""
import argparse
import collections
import json
import os
import re
import shlex
import subprocess

import score as S  # the halves, their trees and their labels

_RELATIONS = {"returns": ("returns",), "raises": ("raises",), "alias": ("alias_of",),
              "default": ("default",),
              "count": ("member_count", "definition_count", "method_count")}


def template(message):
    """A message with its code names and numbers masked."""
    masked = re.sub(r"\d+", "N", re.sub(r"`[^`]*`", "`_`", message or ""))
    return " ".join(masked.split()[:7])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cmd", required=True)
    ap.add_argument("--half", action="append", choices=[*S.HALVES, *S.GROUPS])
    ap.add_argument("--trees", default=os.environ.get("CLAIMS_HELDOUT_TREES",
                                                      "/tmp/claims-heldout-trees"))
    ap.add_argument("--undecided", action="store_true")
    a = ap.parse_args()
    halves = list(dict.fromkeys(h for n in a.half or ["all"] for h in S.GROUPS.get(n, [n])))
    rates = collections.defaultdict(lambda: [0, 0, 0, 0, 0])
    open_false = collections.defaultdict(collections.Counter)
    open_true = collections.defaultdict(collections.Counter)
    for half in halves:
        rows = S.load(half)
        source = os.path.join(a.trees, S.HALVES[half])
        by_line = collections.defaultdict(list)
        for art in sorted({r["article"] for r in rows}):
            cmd = a.cmd.replace("{article}", shlex.quote(os.path.join(S.HERE, art))) \
                .replace("{source}", shlex.quote(source))
            done = subprocess.run(cmd, shell=True, capture_output=True, text=True, check=False)
            for ref in json.loads(done.stdout)["references"]:
                by_line[(art, int(ref["line"]))].append(ref)
        for r in rows:
            refs = by_line.get((r["article"], r["line"]), [])
            claims = [x for x in refs if x.get("kind") == "claim"]
            flagged = any(x.get("status") == "unverified" for x in refs)
            counts = rates[r["kind"]]
            own = [x for x in claims
                   if x["name"].split("(")[0] in _RELATIONS.get(r["kind"], ())]
            if r["truth"] == "F":
                counts[0] += 1
                counts[1] += bool(claims)
                counts[2] += flagged
                if not flagged:
                    open_false[r["kind"]].update(template(x.get("message")) for x in own)
            else:
                counts[3] += 1
                counts[4] += bool(claims)
                open_true[r["kind"]].update(template(x.get("message")) for x in own
                                            if x.get("status") == "ignored")
    total = [0] * 5
    for kind, c in sorted(rates.items(), key=lambda kv: -kv[1][0]):
        total = [x + y for x, y in zip(total, c, strict=True)]
        print(f"{kind:12} false {c[0]:4}: read {c[1] / max(1, c[0]):.2f} flagged "
              f"{c[2] / max(1, c[0]):.2f} | true {c[3]:4}: read {c[4] / max(1, c[3]):.2f}")
    print(f"{'all':12} false {total[0]:4}: read {total[1] / max(1, total[0]):.2f} flagged "
          f"{total[2] / max(1, total[0]):.2f} | true {total[3]:4}: read "
          f"{total[4] / max(1, total[3]):.2f}")
    if a.undecided:
        for kind in sorted(k for k in set(open_false) | set(open_true)
                           if open_false[k] or open_true[k]):
            print(f"== {kind}: read and left open on false lines / on true lines")
            for message in sorted(set(open_false[kind]) | set(open_true[kind]),
                                  key=lambda m: -open_false[kind][m]):
                print(f"  {open_false[kind][message]:3} / {open_true[kind][message]:3}  {message}")


if __name__ == "__main__":
    main()
