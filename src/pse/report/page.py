"""The shell every HTML report shares: one self-contained file, safe to open anywhere.

Styles and the small script are inline, and a Content-Security-Policy allows only those
two, by hash: nothing can be fetched (``default-src 'none'``) and no script that a
document smuggled in could run, even if escaping ever failed. Everything is readable
without JavaScript (popups open on hover and focus through CSS); the script only adds
the findings filters.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape

STYLE = """
:root{--bad:#b00020;--ok:#1b5e20;--ext:#455a64;--ign:#8a8a8a;--line:#e3e3e3}
body{font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d1d1d;
background:#fafafa}
main{max-width:72rem;margin:0 auto;padding:1.5rem 2rem 4rem}
h1{font-size:1.6rem;margin:.2rem 0 .6rem}h2{margin-top:2.2rem;border-bottom:1px solid
var(--line);padding-bottom:.2rem}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f0f0f0;
padding:0 .2em;border-radius:3px}
pre{background:#f4f4f4;padding:.7rem;overflow:auto;border-radius:4px}pre code{background:none;
padding:0}
table{border-collapse:collapse;width:100%;margin:.6rem 0}td,th{border-bottom:1px solid
var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
.summary span,.counts span{margin-right:1.2rem}
.s-unverified{color:var(--bad)}.s-verified{color:var(--ok)}.s-external{color:var(--ext)}
.s-ignored{color:var(--ign)}
.passed{color:var(--ok);font-weight:600}.failed{color:var(--bad);font-weight:600}
.doc{background:#fff;border:1px solid var(--line);border-radius:6px;padding:0 1.2rem 1rem;
margin:1rem 0}
.doc-body{overflow-wrap:anywhere}
.ref{position:relative;border-bottom:2px solid currentColor;cursor:help;outline-offset:2px}
.ref.s-unverified{background:#fde7ea}.ref.s-verified{background:#e8f5e9}
.ref.s-external{background:#eceff1}.ref.s-ignored{border-bottom-style:dotted}
.ref code{color:inherit}
.sent{position:relative;border-bottom:1px dashed currentColor;color:inherit;cursor:help}
.sent.s-verified{background:#f1f8f1}.sent.s-unverified{background:#fdf0f2;
text-decoration:underline wavy var(--bad)}.sent.s-ignored{background:none}
.sent:hover>.pop,.sent:focus>.pop,.sent:focus-within>.pop{display:block}
.sent:has(.ref:hover)>.pop,.sent:has(.ref:focus)>.pop{display:none}
[data-href]{cursor:pointer}
.badge{font:12px ui-monospace,monospace;padding:0 .3em;margin-right:.3em}
.pop{display:none;position:absolute;left:0;top:1.5em;z-index:20;min-width:18rem;
max-width:44rem;width:max-content;background:#fff;color:#1d1d1d;border:1px solid #bbb;
border-radius:6px;box-shadow:0 4px 14px rgba(0,0,0,.18);padding:.5rem .7rem;
white-space:normal;font:13px/1.45 system-ui,sans-serif;text-align:left}
.ref:hover>.pop,.ref:focus>.pop,.ref:focus-within>.pop{display:block}
.pp{display:block}.pp+.pp{border-top:1px solid var(--line);margin-top:.4rem;padding-top:.4rem}
.ph,.pm,.sug,.ev,.evp{display:block}.sug{color:#6d4c00}.evp{font-weight:600;margin-top:.3rem}
.src{display:block;background:#f6f6f6;border-radius:4px;padding:.2rem 0;margin-top:.1rem;
white-space:pre;overflow:auto;font:12px/1.4 ui-monospace,monospace}
.sl{display:block;padding:0 .5rem}.sl.hit{background:#fff3c4}
.ln{display:inline-block;min-width:2.5em;color:#999;user-select:none;margin-right:.6em;
text-align:right}
.plain .pl{display:block}.front{font-size:12px;color:#666}
.img{color:#666}.url{font:12px ui-monospace,monospace}
.lang{float:right;font-size:11px;color:#888}
.orphans{font-size:13px;color:#555}
.cited{margin:.6rem 0}.cited:target .src{outline:2px solid #f0c000}
#filters{display:flex;gap:1rem;flex-wrap:wrap;align-items:center;margin:.5rem 0}
#filters[hidden]{display:none}
.findings td.st{font-weight:600}.findings tr[hidden]{display:none}
.index td.n{text-align:right}
ins{background:#e6ffed;text-decoration:none}del{background:#ffeef0}
.diff{white-space:pre-wrap;font:12px/1.45 ui-monospace,monospace}
.diff .add{background:#e6ffed;display:block}.diff .del{background:#ffeef0;display:block}
.diff .hunk{color:#6a737d;display:block}
progress{width:12rem;vertical-align:middle}
.muted{color:#777}
"""

SCRIPT = """
(function () {
  document.addEventListener('click', function (event) {
    var mark = event.target.closest && event.target.closest('[data-href]');
    if (mark && !event.target.closest('a, .pop')) {
      window.location.href = mark.dataset.href;
    }
  });
  var form = document.getElementById('filters');
  if (!form) { return; }
  var rows = Array.prototype.slice.call(document.querySelectorAll('.findings tbody tr'));
  var shown = document.getElementById('shown');
  function apply() {
    var s = form.elements.status.value, k = form.elements.kind.value,
        f = form.elements.file.value, n = 0;
    rows.forEach(function (row) {
      var ok = (!s || row.dataset.status === s) && (!k || row.dataset.kind === k) &&
               (!f || row.dataset.file === f);
      row.hidden = !ok;
      if (ok) { n += 1; }
    });
    shown.textContent = n + ' of ' + rows.length + ' shown';
  }
  form.hidden = false;
  form.addEventListener('change', apply);
  apply();
  document.addEventListener('keydown', function (event) {
    var active = document.activeElement;
    if (event.key === 'Escape' && active && (active.classList.contains('ref') ||
                                         active.classList.contains('sent'))) {
      active.blur();
    }
  });
}());
"""


def _hash(source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def render_page(title: str, body: str) -> str:
    """A complete HTML page around ``body`` (already-escaped HTML)."""
    policy = (f"default-src 'none'; style-src {_hash(STYLE)}; script-src {_hash(SCRIPT)}; "
              "img-src 'none'; base-uri 'none'; form-action 'none'")
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta name="referrer" content="no-referrer">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>\n"
            f"<body><main>\n{body}\n</main><script>{SCRIPT}</script></body></html>\n")
