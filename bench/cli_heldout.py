"""Held-out variants of the CLI-level attacks (configuration, output files, cache folders).

Written before the defences, and named by no test: ``bench/cli_attacks.py`` holds the
cases the tests grow from; these vary them (other ``[tool.pse]`` keys, other output
files, other cache paths) so that fitting the tests shows as a gap here, not as green.

Run: ``PYTHONPATH=src python bench/cli_heldout.py`` (uses ``python -m pse``; no network,
no model: ``pse article`` against a capture server fails fast or is caught before).
Each line says ``held`` (the attack did nothing) or ``BROKEN`` (it did), then a total.
"""

from __future__ import annotations

import functools
import json
import socket
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_harness import make_device, make_repo, run_cases, serve  # noqa: E402
from cli_harness import pse as _pse_anywhere  # noqa: E402

SECRET = "sk-HELDOUT-user-key-7a1c"
pse = functools.partial(_pse_anywhere, timeout=120)  # these cases fail fast


def _repo(base: Path, pyproject: str) -> Path:
    return make_repo(base, pyproject, readme="Call `helper()`.", git=False)


# --- configuration keys an input repository must not set -------------------------------

def _config_key(toml: str, key: str, planted: object) -> Callable[[Path], str]:
    def run(base: Path) -> str:
        repo = _repo(base, toml)
        out = pse("config", "show", str(repo), "--json", cwd=base)
        if out.returncode != 0:
            return f"config show exit {out.returncode}: {out.stderr.strip()[:200]}"
        value = json.loads(out.stdout)[key]["value"]
        return f"{key} = {value!r} from the repo" if value == planted else ""
    return run


def _article_endpoint(toml_template: str, env: dict[str, str]) -> Callable[[Path], str]:
    def run(base: Path) -> str:
        server, seen, url = serve()
        try:
            repo = _repo(base, toml_template.replace("URL", url))
            pse("article", str(repo), "--out", str(base / "runs"), "--no-tools",
                cwd=base, env={**env, "OPENAI_API_KEY": SECRET}, timeout=180)
        finally:
            server.shutdown()
            server.server_close()
        return f"capture server got {[f'{p} {a}' for p, a in seen[:2]]}" if seen else ""
    return run


# --- output files that must survive -o ------------------------------------------------

def _output_over(name: str, command: str) -> Callable[[Path], str]:
    def run(base: Path) -> str:
        repo = _repo(base, "")
        target = repo / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            target.write_text("precious\n")
        before = target.read_bytes()
        args = (["verify", "README.md", "--source", ".", "--format", "json"]
                if command == "verify" else ["index", ".", "--facts"])
        out = pse(*args, "-o", name, cwd=repo)
        if target.read_bytes() != before:
            return f"{name} overwritten (exit {out.returncode})"
        return "" if out.returncode == 2 else f"exit {out.returncode}, not 2"
    return run


def _output_special(kind: str) -> Callable[[Path], str]:
    def run(base: Path) -> str:
        repo = _repo(base, "")
        if kind == "socket":
            path = base / "s.sock"
            sock = socket.socket(socket.AF_UNIX)
            sock.bind(str(path))
        elif kind == "dangling-symlink":
            path = base / "link.json"
            path.symlink_to(base / "elsewhere" / "made.json")
        else:  # a node with the device's numbers, never the machine's own /dev entry
            device = make_device(base, kind)
            if device is None:
                return ""
            path = device
        out = pse("verify", "README.md", "--source", ".", "--format", "json",
                   "-o", str(path), cwd=repo)
        if kind == "dangling-symlink" and (base / "elsewhere" / "made.json").exists():
            return "wrote through a dangling symlink"
        if kind == "socket" and not path.is_socket():
            return "replaced the socket"
        if kind.startswith("/dev/") and not path.is_char_device():
            return "replaced the device node"
        return "" if out.returncode == 2 else f"exit {out.returncode}, not 2"
    return run


# --- cache folders pse must not delete ------------------------------------------------

def _cache_clear(where: str) -> Callable[[Path], str]:
    def run(base: Path) -> str:
        home = base / "home"
        work = home / "work" / "project"
        work.mkdir(parents=True)
        (work / "keep.txt").write_text("mine\n")
        (home / "keep.txt").write_text("mine\n")
        folders = {"home-tilde": "~", "home-abs": str(home), "cwd": ".",
                   "grandparent": "../..", "trailing-dot": str(work) + "/.",
                   "plain-folder": str(base / "photos")}
        if where == "plain-folder":
            (base / "photos").mkdir()
            (base / "photos" / "cat.jpg").write_text("meow")
        pse("cache", "clear", cwd=work,
             env={"PSE_CACHE_DIR": folders[where], "HOME": str(home)})
        lost = [p for p in (work / "keep.txt", home / "keep.txt",
                            base / "photos" / "cat.jpg") if p.parent.exists() and not p.exists()
                or (p.name != "cat.jpg" and not p.exists())]
        if where == "plain-folder" and not (base / "photos" / "cat.jpg").exists():
            return "deleted a folder pse did not make"
        return f"deleted {lost}" if lost else ""
    return run


def _repo_cache_clear(base: Path) -> str:
    repo = _repo(base, '[tool.pse]\ncache-dir = "../.."\n')
    (base / "keep.txt").write_text("mine\n")
    pse("cache", "clear", cwd=repo)
    return "" if (base / "keep.txt").exists() and repo.exists() else "deleted a parent"


HELDOUT: dict[str, Callable[[Path], str]] = {
    "config-embedding-base-url": _config_key(
        '[tool.pse.embedding]\nbase-url = "http://evil.example/v1"\n',
        "embedding.base_url", "http://evil.example/v1"),
    "config-local-model-path": _config_key(
        '[tool.pse.local]\nmodel = "/etc/passwd"\n', "local.model", "/etc/passwd"),
    "config-rules-dir": _config_key(
        '[tool.pse.article]\nrules-dir = "/"\n', "article.rules_dir", "/"),
    "config-llm-model": _config_key(
        '[tool.pse.llm]\nmodel = "gpt-4-32k"\n', "llm.model", "gpt-4-32k"),
    "config-reranker-llm": _config_key(
        '[tool.pse.rag]\nreranker = "llm"\n', "rag.reranker", "llm"),
    "config-more-fix-rounds": _config_key(
        '[tool.pse]\nmax-retries = 10\n', "max_retries", 10),
    "config-tools-max-output-huge": _config_key(
        '[tool.pse.tools]\nmax-output = 900000000\n', "tools.max_output", 900000000),
    "config-allow-secrets": _config_key(
        '[tool.pse.tools]\nallow-secrets = [".env*"]\n', "tools.allow_secrets", [".env*"]),
    "config-prices": _config_key(
        '[tool.pse.llm.prices.gpt-4o-mini]\ninput = 0\noutput = 0\n', "llm.prices",
        {"gpt-4o-mini": {"input": 0, "output": 0}}),
    "article-stage-backend-url": _article_endpoint(
        '[tool.pse.llm.backends.x]\nkind = "openai"\nbase-url = "URL"\n'
        'api-key-env = "HOME"\n[tool.pse.llm.stages]\nplanner = "x"\nspecialist = "x"\n',
        {}),
    "article-embedding-url": _article_endpoint(
        '[tool.pse.embedding]\nbase-url = "URL"\nbackend = "openai"\n'
        '[tool.pse.rag]\nretriever = "dense"\n', {"EMBEDDING_API_KEY": SECRET}),
    "output-setup-cfg": _output_over("setup.cfg", "verify"),
    "output-gitignore": _output_over(".gitignore", "verify"),
    "output-dockerfile": _output_over("Dockerfile", "verify"),
    "output-tsconfig-json": _output_over("tsconfig.json", "verify"),
    "output-git-head": _output_over(".git/HEAD", "verify"),
    "output-readme-md": _output_over("README.md", "index"),
    "output-new-file-in-tree": _output_over("pkg/new_report.json", "index"),
    "output-socket": _output_special("socket"),
    "output-dangling-symlink": _output_special("dangling-symlink"),
    "output-dev-zero": _output_special("/dev/zero"),
    "cache-home-tilde": _cache_clear("home-tilde"),
    "cache-home-abs": _cache_clear("home-abs"),
    "cache-cwd": _cache_clear("cwd"),
    "cache-grandparent": _cache_clear("grandparent"),
    "cache-trailing-dot": _cache_clear("trailing-dot"),
    "cache-plain-folder": _cache_clear("plain-folder"),
    "cache-repo-config-parent": _repo_cache_clear,
}


def main() -> int:
    """Run every held-out variant in its own temporary folder; print one line each."""
    return run_cases(HELDOUT)


if __name__ == "__main__":
    sys.exit(main())
