"""Debian's headless Chromium driven over the DevTools protocol (one websocket, flat sessions).

Small on purpose: open a page, evaluate JavaScript, wait for a condition (bounded), resize,
take a screenshot.
"""
from __future__ import annotations

import base64
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from websockets.sync.client import connect

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--remote-debugging-port=0", "--remote-allow-origins=*"]


class BrowserError(AssertionError):
    pass


class Browser:
    def __init__(self, timeout: float = 30.0):
        if not os.path.exists(CHROMIUM):
            raise BrowserError("Chromium is missing: `make install` installs Debian's chromium.")
        self.profile = tempfile.mkdtemp(prefix="league-chromium-")
        self.proc = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={self.profile}",
                                      "about:blank"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + timeout
        while not (port_file.exists() and len(port_file.read_text().splitlines()) >= 2):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise BrowserError("Chromium did not open its DevTools port.")
            time.sleep(0.05)  # waiting for the file Chromium writes once it listens
        port, path = port_file.read_text().splitlines()[:2]
        self.ws = connect(f"ws://127.0.0.1:{port}{path}", max_size=64 * 1024 * 1024,
                          open_timeout=timeout).__enter__()  # closed in close()
        self.ids = itertools.count(1)
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=True)
        self.send("Runtime.enable", session=True)

    def send(self, method: str, params=None, session: bool = False, timeout: float = 30.0):
        msg_id = next(self.ids)
        msg = {"id": msg_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = self.session
        self.ws.send(json.dumps(msg))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError(f"Chromium did not answer {method}.")
            reply = json.loads(self.ws.recv(timeout=left))
            if reply.get("id") == msg_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            # anything else is an event nobody asked to keep

    def open(self, url: str) -> None:
        self.send("Page.navigate", {"url": url}, session=True)

    def eval(self, expression: str):
        result = self.send("Runtime.evaluate", {"expression": expression,
                                                "returnByValue": True}, session=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float, what: str):
        """Evaluate until the expression is truthy; fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.eval(expression)
            except BrowserError:
                value = None  # the page is between documents
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"Not within {timeout} s: {what}.")
            time.sleep(0.05)

    def size(self, width: int, height: int, mobile: bool = False) -> None:
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1,
                   "mobile": mobile}, session=True)

    def screenshot(self, path) -> Path:
        data = self.send("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        Path(path).write_bytes(base64.b64decode(data))
        return Path(path)

    def close(self) -> None:
        try:
            if getattr(self, "ws", None):
                self.ws.close()
        finally:
            if self.proc.poll() is None:
                self.proc.terminate()
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
            shutil.rmtree(self.profile, ignore_errors=True)
