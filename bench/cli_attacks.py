"""CLI-level attack corpus: a hostile repository's config, destructive -o, cache clearing.

    PYTHONPATH=src python bench/cli_attacks.py

Each case builds what it needs in its own temporary folder, runs the real ``pse`` in a
subprocess (``python -m pse``) and returns ``""`` when the attack did nothing, or what it
did. ``tests/cli/test_cli_attack_corpus.py`` runs every case; ``bench/cli_heldout.py``
holds variants no test names. The cases: a repository's ``[tool.pse.llm]`` base URL and a
backend's ``api-key-env`` aimed at a capture server (no request may arrive), its
``cache-dir = ".."`` with ``pse cache clear``, ``-o`` over the tree's own files, over a
FIFO, device nodes like ``/dev/full`` and ``/dev/null`` (made in a temporary folder,
never the real ones), through a symbolic link, a cache folder pse did not
make, and concurrent cold runs sharing one cache.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_harness import make_device, make_repo, pse, run_cases, serve  # noqa: E402

USER_KEY = "sk-CORPUS-user-key-5e21"
OTHER_SECRET = "CORPUS-aws-secret-88aa"


def repo_llm_endpoint(base: Path) -> str:
    """The repository's base-url and backend api-key-env must not reach its server."""
    server, seen, url = serve()
    user, user_seen, user_url = serve()
    try:
        repo = make_repo(base, f'[tool.pse.llm]\nbase-url = "{url}"\nbackend = "evil"\n\n'
                         f'[tool.pse.llm.backends.evil]\nkind = "openai"\nbase-url = "{url}"\n'
                         'api-key-env = "SOME_SECRET"\n')
        out = pse("article", str(repo), "--out", str(base / "runs"), "--no-tools",
                  "--no-llm-review", cwd=base,
                  env={"OPENAI_API_KEY": USER_KEY, "OPENAI_BASE_URL": user_url,
                       "SOME_SECRET": OTHER_SECRET, "PSE_LLM_MAX_RETRIES": "0"})
    finally:
        for running in (server, user):
            running.shutdown()
            running.server_close()
    if seen:
        return f"the repository's server got {len(seen)} request(s): {[a for _, a in seen[:2]]}"
    if "llm.base-url" not in out.stderr or "llm.backends" not in out.stderr:
        return f"no warning naming the keys: {out.stderr[-300:]}"
    return "" if user_seen else "the run never reached the user's endpoint"


def repo_cache_dir_parent(base: Path) -> str:
    """The repository's cache-dir = '..' and pse cache clear, run inside it."""
    repo = make_repo(base, '[tool.pse]\ncache-dir = ".."\n')
    (base / "keep.txt").write_text("mine\n")
    pse("cache", "clear", cwd=repo)
    return "" if (base / "keep.txt").exists() and repo.is_dir() else "deleted the parent"


def _output_over(name: str) -> Callable[[Path], str]:
    def run(base: Path) -> str:
        repo = make_repo(base)
        target = repo / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("precious\n")
        out = pse("verify", "README.md", "--source", ".", "--format", "json", "-o", name,
                  cwd=repo)
        if target.read_text() != "precious\n":
            return f"{name} overwritten (exit {out.returncode})"
        return "" if out.returncode == 2 else f"exit {out.returncode}, not 2"
    run.__doc__ = f"-o {name} inside --source is refused and {name} is unchanged."
    return run


def _output_special(kind: str) -> Callable[[Path], str]:
    def run(base: Path) -> str:
        repo = make_repo(base)
        if kind == "fifo":
            path = base / "pipe"
            os.mkfifo(path)
        elif kind == "symlink":
            (base / "victim.txt").write_text("precious\n")
            path = base / "report.json"
            path.symlink_to(base / "victim.txt")
        else:
            path = make_device(base, kind)
            if path is None:
                return ""  # not permitted here: the FIFO and symlink cases still run
        out = pse("verify", "README.md", "--source", ".", "--format", "json",
                  "-o", str(path), cwd=repo, timeout=60)
        if kind == "fifo" and not path.is_fifo():
            return "replaced the FIFO"
        if kind == "symlink" and (base / "victim.txt").read_text() != "precious\n":
            return "wrote through the symlink"
        if kind.startswith("/dev/") and not path.is_char_device():
            return f"replaced the device node {kind}"
        return "" if out.returncode == 2 else f"exit {out.returncode}, not 2"
    run.__doc__ = f"-o {kind} is refused."
    return run


def cache_not_made_by_pse(base: Path) -> str:
    """pse cache clear refuses a folder without pse's marker."""
    folder = base / "photos"
    folder.mkdir()
    (folder / "cat.jpg").write_text("meow")
    out = pse("cache", "clear", cwd=base, env={"PSE_CACHE_DIR": str(folder)})
    if not (folder / "cat.jpg").exists():
        return "deleted a folder pse did not make"
    return "" if out.returncode == 2 else f"exit {out.returncode}, not 2"


def concurrent_cold_verify(base: Path, runs: int = 19) -> str:
    """Concurrent cold pse verify runs sharing one cache all give the serial answer."""
    repo = make_repo(base)
    serial = pse("verify", "README.md", "--source", ".", "--format", "json", cwd=repo,
                 env={"PSE_CACHE_DIR": str(base / "serial")})
    env = {"PSE_CACHE_DIR": str(base / "shared")}
    with ThreadPoolExecutor(max_workers=runs) as pool:
        results = list(pool.map(
            lambda _: pse("verify", "README.md", "--source", ".", "--format", "json",
                          cwd=repo, env=env), range(runs)))
    bad = [r for r in results if (r.returncode, r.stdout) != (serial.returncode, serial.stdout)]
    return f"{len(bad)} of {runs} differed: {bad[0].stderr[-200:]}" if bad else ""


CASES: dict[str, Callable[[Path], str]] = {
    "repo-llm-base-url-and-api-key-env": repo_llm_endpoint,
    "repo-cache-dir-parent-then-clear": repo_cache_dir_parent,
    **{f"output-over-{name.replace('/', '-')}": _output_over(name)
       for name in ("package.json", "LICENSE", "Makefile", ".git/config")},
    **{f"output-{kind.strip('/').replace('/', '-')}": _output_special(kind)
       for kind in ("fifo", "symlink", "/dev/full", "/dev/null")},
    "cache-clear-folder-not-made-by-pse": cache_not_made_by_pse,
    "concurrent-cold-verify-one-cache": concurrent_cold_verify,
}


def main() -> int:
    """Run every case in its own temporary folder; one line each, then the total."""
    return run_cases(CASES, own_xdg=True)


if __name__ == "__main__":
    sys.exit(main())
