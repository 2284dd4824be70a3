"""A small Chrome DevTools Protocol client: Debian's headless Chromium, driven offline.

Each :class:`Browser` starts its own Chromium with a fresh profile in a temporary folder,
no proxy-less network (every host resolves to nothing, a dead proxy catches the rest),
and records every request, console message and exception of the page it opens.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import websocket

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium() -> str | None:
    """The browser binary: ``PSE_TEST_CHROMIUM``, else the first on PATH."""
    configured = os.environ.get("PSE_TEST_CHROMIUM")
    if configured:
        return configured if Path(configured).is_file() else None
    return next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)


class Browser:
    """One headless Chromium with one page, recording what the page does."""

    def __init__(self, binary: str, profile: Path) -> None:
        args = [binary, "--headless=new", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-sync",
                "--disable-background-networking", "--disable-component-update",
                "--disable-default-apps", "--metrics-recording-only", "--mute-audio",
                "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
                f"--user-data-dir={profile}", "--remote-debugging-port=0",
                "--window-size=1280,900", "about:blank"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses to run as root otherwise
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.is_file() and len(port_file.read_text().split()) >= 2):
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.close()
                raise RuntimeError("chromium did not open its DevTools port")
            time.sleep(0.05)
        port, path = port_file.read_text().split()[:2]
        self.ws = websocket.create_connection(f"ws://127.0.0.1:{port}{path}", timeout=30,
                                              suppress_origin=True)
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.call(f"{domain}.enable", session=True)

    def call(self, method: str, *, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (events seen meanwhile are kept)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return dict(reply.get("result", {}))
            self.events.append(reply)

    def open(self, url: str) -> None:
        """Navigate and wait for the load event."""
        self.call("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired")

    def wait_for(self, method: str, timeout: float = 20) -> dict[str, Any]:
        """The next event named ``method``."""
        deadline = time.monotonic() + timeout
        seen = len(self.events)
        while time.monotonic() < deadline:
            for event in self.events[seen:]:
                if event.get("method") == method:
                    return event
            seen = len(self.events)
            self.events.append(json.loads(self.ws.recv()))
        raise TimeoutError(method)

    def js(self, expression: str) -> Any:
        """Evaluate ``expression`` in the page; its JSON value."""
        result = self.call("Runtime.evaluate", session=True, expression=expression,
                           returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def hover(self, selector: str) -> None:
        """Move the mouse over the centre of the first element matching ``selector``."""
        box = self.js(f"(() => {{const e = document.querySelector({json.dumps(selector)});"
                      "e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
                      "return [r.left + r.width / 2, r.top + r.height / 2];})()")
        self.call("Input.dispatchMouseEvent", session=True, type="mouseMoved",
                  x=box[0], y=box[1])

    def screenshot(self, target: Path, *, full_page: bool = False) -> Path:
        """A PNG of the viewport (or of the whole page)."""
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            size = self.call("Page.getLayoutMetrics", session=True)["cssContentSize"]
            params |= {"captureBeyondViewport": True, "clip": {
                "x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}}
        data = self.call("Page.captureScreenshot", session=True, **params)["data"]
        target.write_bytes(base64.b64decode(data))
        return target

    def requests(self) -> list[str]:
        """Every URL the page asked for, in order."""
        return [e["params"]["request"]["url"] for e in self.events
                if e.get("method") == "Network.requestWillBeSent"]

    def problems(self) -> list[str]:
        """Console errors and warnings, uncaught exceptions and browser log errors."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in {"error",
                                                                              "warning"}:
                found.append(f"console: {params.get('args')}")
            elif method == "Runtime.exceptionThrown":
                found.append(f"exception: {params.get('exceptionDetails')}")
            elif method == "Log.entryAdded" and params["entry"]["level"] in {"error",
                                                                              "warning"}:
                found.append(f"log: {params['entry'].get('text')}")
        return found

    def close(self) -> None:
        """Stop the browser (by its own process id)."""
        ws = getattr(self, "ws", None)
        if ws is not None:
            ws.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
