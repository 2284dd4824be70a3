#!/usr/bin/env python3
"""Held-out structural claims about packages no other bench uses: score any verifier.

Halves, one package each (a_sortedcontainers: sortedcontainers 2.4.0, b_tomlkit: tomlkit
0.15.2, c_bidict: bidict 0.24.1, c_dacite: dacite 1.9.2, d_jsonpatch: jsonpatch 1.33, d_pyee:
pyee 13.0.1, e_tenacity: tenacity 9.2.1, e_humanize: humanize 4.17.0), three articles per
half (en, zh, mixed en/zh). `<half>.tsv` labels every claim line by a unique snippet of it:
T (true) or F (false), its claim kind and the evidence read in the source. Build on one half,
report the others untouched; the c_, d_ and e_ halves were written after the claims rules
and never tuned on.

Line contract of ../../shared/bench/claimbench: the command prints `pse verify --format json`;
a line is flagged when any reference on it is `unverified`. recall = flagged false claims /
false claims; false_flag = flagged true claims / true claims; filler_flag = flagged unlabelled
prose lines / unlabelled prose lines.

Usage: python3 score.py --cmd 'pse verify {article} --source {source} --format json --strict'
       [--half HALF ...] [--trees DIR]
HALF is a half's name, `c` to `u` (both halves of that set) or `all` (the default);
--half may be repeated.
When more than one half is scored, the per-language figures summed over them close the run.
The trees are the unpacked sdists (see README.md for the `pip download` lines).
"""
import argparse
import collections
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HALVES = {"a_sortedcontainers": "sortedcontainers-2.4.0", "b_tomlkit": "tomlkit-0.15.2",
          "c_bidict": "bidict-0.24.1", "c_dacite": "dacite-1.9.2",
          "d_jsonpatch": "jsonpatch-1.33", "d_pyee": "pyee-13.0.1",
          "e_tenacity": "tenacity-9.2.1", "e_humanize": "humanize-4.17.0",
          "f_cachetools": "cachetools-5.5.2", "f_platformdirs": "platformdirs-4.3.6",
          "g_tinydb": "tinydb-4.8.2", "g_pluggy": "pluggy-1.5.0",
          "h_schema": "schema-0.7.7", "h_pathspec": "pathspec-0.12.1",
          "i_cachelib": "cachelib-0.13.0", "i_portalocker": "portalocker-2.10.1",
          "j_filelock": "filelock-3.16.1", "j_dotenv": "python-dotenv-1.0.1",
          "k_colorama": "colorama-0.4.6", "k_jmespath": "jmespath-1.0.1",
          "l_itsdangerous": "itsdangerous-2.2.0", "l_tomli": "tomli-2.0.2",
          "m_backoff": "backoff-2.2.1", "m_deprecated": "Deprecated-1.2.14",
          "n_docopt": "docopt-0.6.2", "n_isodate": "isodate-0.6.1",
          "o_xmltodict": "xmltodict-0.13.0", "o_orderedset": "ordered-set-4.1.0",
          "p_inflection": "inflection-0.5.1", "p_annotated": "annotated_types-0.7.0",
          "q_asynctimeout": "async-timeout-4.0.3", "q_exceptiongroup": "exceptiongroup-1.2.2",
          "r_jsonlogger": "python-json-logger-2.0.7", "r_decorator": "decorator-5.1.1",
          "s_texttable": "texttable-1.7.0", "s_termcolor": "termcolor-2.4.0",
          "t_zipp": "zipp-3.20.2", "t_pyjwt": "pyjwt-2.9.0",
          "u_mdurl": "mdurl-0.1.2", "u_toolz": "toolz-0.12.1",
          "v_semver": "semver-3.0.2", "v_munch": "munch-4.0.0",
          "w_parse": "parse-1.20.2", "w_wcwidth": "wcwidth-0.2.13",
          "x_iniconfig": "iniconfig-2.0.0", "x_webencodings": "webencodings-0.5.1",
          "y_distro": "distro-1.9.0", "y_tomliw": "tomli_w-1.0.0",
          "z_markupsafe": "markupsafe-3.0.4", "z_h11": "h11-0.16.0",
          "z_retrying": "retrying-1.4.2", "z_prettytable": "prettytable-3.19.0",
          "z_docstringparser": "docstring_parser-0.18.0", "z_blinker": "blinker-1.9.0",
          "zb_structlog": "structlog-26.1.0", "zb_marshmallow": "marshmallow-4.4.0",
          "zb_moreitertools": "more_itertools-11.2.1", "zb_tabulate": "tabulate-0.10.0",
          "zb_jsonpointer": "jsonpointer-3.12", "zb_slugify": "python_slugify-9.2.0",
          "zb_toml": "toml-0.10.2", "zb_validators": "validators-0.36.0",
          "zc_mistune": "mistune-3.4.0", "zc_rfc3986": "rfc3986-2.0.0",
          "zc_cssselect": "cssselect-1.6.0", "zc_configobj": "configobj-5.0.9",
          "zd_natsort": "natsort-8.4.0", "zd_pathvalidate": "pathvalidate-3.2.3",
          "zd_colorlog": "colorlog-6.9.0", "zd_multipart": "python_multipart-0.0.20",
          "ze_schedule": "schedule-1.2.2", "ze_addict": "addict-2.4.0",
          "ze_tzlocal": "tzlocal-5.2", "ze_sqlparse": "sqlparse-0.5.1",
          "zf_funcy": "funcy-2.0", "zf_voluptuous": "voluptuous-0.15.2",
          "zf_glom": "glom-23.5.0", "zf_jsonpickle": "jsonpickle-4.0.0"}
GROUPS = {"all": list(HALVES), "c": ["c_bidict", "c_dacite"], "d": ["d_jsonpatch", "d_pyee"],
          "e": ["e_tenacity", "e_humanize"], "f": ["f_cachetools", "f_platformdirs"],
          "g": ["g_tinydb", "g_pluggy"], "h": ["h_schema", "h_pathspec"],
          "i": ["i_cachelib", "i_portalocker"], "j": ["j_filelock", "j_dotenv"],
          "k": ["k_colorama", "k_jmespath"],
          "l": ["l_itsdangerous", "l_tomli"], "m": ["m_backoff", "m_deprecated"],
          "n": ["n_docopt", "n_isodate"], "o": ["o_xmltodict", "o_orderedset"],
          "p": ["p_inflection", "p_annotated"], "q": ["q_asynctimeout", "q_exceptiongroup"],
          "r": ["r_jsonlogger", "r_decorator"], "s": ["s_texttable", "s_termcolor"],
          "t": ["t_zipp", "t_pyjwt"], "u": ["u_mdurl", "u_toolz"],
          "v": ["v_semver", "v_munch"], "w": ["w_parse", "w_wcwidth"],
          "x": ["x_iniconfig", "x_webencodings"], "y": ["y_distro", "y_tomliw"],
          "z": ["z_markupsafe", "z_h11", "z_retrying", "z_prettytable", "z_docstringparser",
                "z_blinker"],
          "zb": ["zb_structlog", "zb_marshmallow", "zb_moreitertools", "zb_tabulate",
                 "zb_jsonpointer", "zb_slugify", "zb_toml", "zb_validators"],
          "zc": ["zc_mistune", "zc_rfc3986", "zc_cssselect", "zc_configobj"],
          "zd": ["zd_natsort", "zd_pathvalidate", "zd_colorlog", "zd_multipart"],
          "ze": ["ze_schedule", "ze_addict", "ze_tzlocal", "ze_sqlparse"],
          "zf": ["zf_funcy", "zf_voluptuous", "zf_glom", "zf_jsonpickle"]}
LANGS = ("en", "zh", "mixed")


def load(half):
    rows = []
    with open(os.path.join(HERE, half + ".tsv"), encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            rows.append(dict(zip(head, line.rstrip("\n").split("\t"), strict=True)))
    for r in rows:
        with open(os.path.join(HERE, r["article"]), encoding="utf-8") as f:
            hits = [i for i, t in enumerate(f.read().splitlines(), 1) if r["snippet"] in t]
        if len(hits) != 1:
            sys.exit(f"{r['article']}: snippet {r['snippet']!r} is on {len(hits)} lines, not 1")
        r["line"] = hits[0]
    return rows


def run(cmd, article, source, timeout):
    c = cmd.replace("{article}", shlex.quote(article)).replace("{source}", shlex.quote(source))
    p = subprocess.run(c, shell=True, capture_output=True, text=True, timeout=timeout)
    try:
        return json.loads(p.stdout)["references"]
    except (ValueError, KeyError):
        sys.exit(f"unreadable output for {article} (exit {p.returncode}): {p.stderr.strip()[:300]}")


def prose_lines(path):
    """Line numbers of the article's prose: not blank, not a heading."""
    with open(path, encoding="utf-8") as f:
        return {i for i, t in enumerate(f.read().splitlines(), 1)
                if t.strip() and not t.lstrip().startswith("#")}


def flags(half, rows, a):
    """(article, line) -> its unverified references; and the filler lines: (flagged, all)."""
    source = os.path.join(a.trees, HALVES[half])
    if not os.path.isdir(source):
        sys.exit(f"no tree {source}: see README.md")
    flagged, fillers = {}, [0, 0]
    for art in sorted({r["article"] for r in rows}):
        path = os.path.join(HERE, art)
        for ref in run(a.cmd, path, source, a.timeout):
            if ref.get("status") == "unverified":
                flagged.setdefault((art, int(ref["line"])), []).append(ref)
        filler = prose_lines(path) - {r["line"] for r in rows if r["article"] == art}
        fillers[0] += sum(1 for n in filler if (art, n) in flagged)
        fillers[1] += len(filler)
    return flagged, fillers


def score(half, a):
    """Print one half's figures; return its per-language (truth, lang) totals and hits."""
    rows = load(half)
    flagged, (filler_hit, filler_n) = flags(half, rows, a)
    total, hit = collections.Counter(), collections.Counter()
    wrong = []
    for r in rows:
        f = flagged.get((r["article"], r["line"]), [])
        for key in ((r["truth"],), (r["truth"], r["kind"]), (r["truth"], r["lang"])):
            total[key] += 1
            hit[key] += bool(f)
        if (r["truth"] == "F") != bool(f):
            wrong.append((r, f))
    print(f"== {half} ({HALVES[half]}): {len(rows)} claims")
    for dim, values in (("kind", sorted({r["kind"] for r in rows})), ("lang", LANGS)):
        print(f"-- per {dim}: false caught / false   true flagged / true")
        for v in values:
            f, t = ("F", v), ("T", v)
            print(f"  {v:<12s} {hit[f]}/{total[f]}   {hit[t]}/{total[t]}")
    for r, f in wrong if a.show else ():
        why = "; ".join(str(x.get("message") or x.get("name"))[:100] for x in f)
        tag = "missed" if r["truth"] == "F" else "FALSE FLAG"
        print(f"  {tag} {r['article']}:{r['line']} [{r['kind']}] {r['snippet']} {why}")
    nf, nt = total[("F",)], total[("T",)]
    print(f"{half}: recall={hit[('F',)] / max(nf, 1):.2f} ({hit[('F',)]}/{nf}) "
          f"false_flag={hit[('T',)] / max(nt, 1):.3f} ({hit[('T',)]}/{nt}) "
          f"filler_flag={filler_hit / max(filler_n, 1):.2f} ({filler_hit}/{filler_n})")
    return total, hit


def summary(halves, total, hit):
    """Per-language recall and false-flag rate summed over the scored halves."""
    print(f"== per language over {', '.join(halves)}")
    for lang in (*LANGS, None):
        f, t = ("F", lang) if lang else ("F",), ("T", lang) if lang else ("T",)
        print(f"  {lang or 'all':<6s} recall={hit[f] / max(total[f], 1):.2f} ({hit[f]}/{total[f]}) "
              f"false_flag={hit[t] / max(total[t], 1):.3f} ({hit[t]}/{total[t]})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cmd", required=True)
    ap.add_argument("--half", action="append", choices=[*HALVES, *GROUPS],
                    help="a half, `c` to `k` or `all` (default); may be repeated")
    ap.add_argument("--trees", default=os.environ.get("CLAIMS_HELDOUT_TREES",
                                                      "/tmp/claims-heldout-trees"))
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--show", action="store_true", help="list missed and falsely flagged claims")
    a = ap.parse_args()
    halves = list(dict.fromkeys(h for name in a.half or ["all"] for h in GROUPS.get(name, [name])))
    total, hit = collections.Counter(), collections.Counter()
    for half in halves:
        t, h = score(half, a)
        total.update(t)
        hit.update(h)
    if len(halves) > 1:
        summary(halves, total, hit)


if __name__ == "__main__":
    main()
