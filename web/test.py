"""Drives headless Chromium over the DevTools protocol against web/dist/ (see web/test.sh).

Checks the page starts with no console error, exception or Rust panic; prints the time from
navigation to eframe's first painted frame (window.laagerFirstFrame, set by src/app/web.rs);
checks the canvas is not blank; screenshots the DBA demo at 1280x800 and at phone size
390x844 (touch) into web/screenshots/; opens the Micro Colonial demo from the File menu; plays one close combat on the DBA demo at
1280x800 with the mouse and keyboard (coordinates read off the demo's layout at that size):
selects uMcijo front, shift-clicks 24th 4, types the dice 5,1, resolves and applies, and
undoes, opens the desk's Charts tab; checks by screenshot that the desk's answer, the
roster's row of 24th 4 and the desk changed at each step (not what they say:
eframe exposes no accessibility tree in the browser here).

Standard library plus websocket-client (pinned in web/test.sh).
"""

import base64
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import zlib

import websocket

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "web", "dist")
SHOTS = os.path.join(ROOT, "web", "screenshots")
# The longest the page may take to draw its first frame before the test gives up.
START_TIMEOUT_S = 90


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(port):
    """python3 -m http.server on 127.0.0.1, in its own process, serving web/dist."""
    return subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", DIST],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("web/test.py: no chromium on PATH (apt-get install chromium)")


def launch_chromium(profile):
    args = [
        chromium_binary(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--disable-default-apps",
        # WebGL without a GPU: ANGLE over SwiftShader, the software renderer.
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
        "--ignore-gpu-blocklist",
        f"--user-data-dir={profile}",
        "--remote-debugging-port=0",
        "--window-size=1280,800",
        "about:blank",
    ]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    deadline = time.time() + 30
    while time.time() < deadline:
        if os.path.exists(port_file):
            lines = open(port_file).read().split()
            if lines:
                return proc, int(lines[0])
        time.sleep(0.1)
    proc.kill()
    sys.exit("web/test.py: chromium did not open its DevTools port")


class Page:
    """One page target, driven over its DevTools websocket; events are collected."""

    def __init__(self, devtools_port):
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{devtools_port}/json/list"))
        page = next(t for t in targets if t["type"] == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=120)
        self.next_id = 0
        self.events = []
        self.lock = threading.Lock()

    def call(self, method, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == my_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def problems(self):
        """Console errors, uncaught exceptions and panics seen so far, as text."""
        out = []
        for event in self.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                out.append(f"console.{params['type']}: {text}")
            elif method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                text = details.get("exception", {}).get("description") or details.get("text")
                out.append(f"exception: {text}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                out.append(f"log: {entry.get('text')} ({entry.get('url', '')})")
        return out

    def console_text(self):
        return [
            " ".join(str(a.get("value", a.get("description", ""))) for a in e["params"].get("args", []))
            for e in self.events
            if e["method"] == "Runtime.consoleAPICalled"
        ]

    def screenshot(self, path):
        data = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        with open(path, "wb") as f:
            f.write(data)
        return data


def png_pixels(data):
    """(width, height, rows of RGB(A) bytes) of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big")
            channels = {2: 3, 6: 4}[body[9]]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def distinct_colours(data, step=7):
    """How many distinct colours a sample of the screenshot's pixels has."""
    width, height, channels, rows = png_pixels(data)
    seen = set()
    for y in range(0, height, step):
        row = rows[y]
        for x in range(0, width, step):
            seen.add(row[x * channels : x * channels + 3])
    return len(seen)


def changed(before, after, box, step=3):
    """The share of sampled pixels inside box = (x0, y0, x1, y1) that differ."""
    _, _, ca, rows_a = png_pixels(before)
    _, _, cb, rows_b = png_pixels(after)
    x0, y0, x1, y1 = box
    total = differ = 0
    for y in range(y0, y1, step):
        for x in range(x0, x1, step):
            total += 1
            differ += rows_a[y][x * ca : x * ca + 3] != rows_b[y][x * cb : x * cb + 3]
    return differ / max(total, 1)


def click(page, x, y, modifiers=0):
    page.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, modifiers=modifiers)
    page.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", clickCount=1, modifiers=modifiers)
    page.call("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y, button="left", clickCount=1, modifiers=modifiers)
    time.sleep(0.4)


def scroll_desk(page):
    """Scrolls the desk (right panel) down, so its Roll, Type faces and Resolve show."""
    page.call("Input.dispatchMouseEvent", type="mouseMoved", x=1000, y=400)
    time.sleep(0.3)
    page.call("Input.dispatchMouseEvent", type="mouseWheel", x=1000, y=400, deltaX=0, deltaY=400)
    time.sleep(0.6)


def play_close_combat(page):
    """uMcijo front against 24th 4 on the DBA demo at 1280x800, dice typed 5,1; failures."""
    failures = []
    start = page.screenshot(os.path.join(SHOTS, "play_0_start.png"))
    click(page, 161, 250)  # uMcijo front, the firer
    shift = 8
    page.call("Input.dispatchKeyEvent", type="rawKeyDown", key="Shift", code="ShiftLeft", windowsVirtualKeyCode=16, modifiers=shift)
    time.sleep(0.2)
    click(page, 147, 250, modifiers=shift)  # 24th 4, the target
    page.call("Input.dispatchKeyEvent", type="keyUp", key="Shift", code="ShiftLeft", windowsVirtualKeyCode=16)
    time.sleep(0.3)
    measured = page.screenshot(os.path.join(SHOTS, "play_1_selected.png"))
    if changed(start, measured, (875, 40, 1275, 160)) < 0.02:
        failures.append("play: selecting a firer and a target did not change the measure panel")
    scroll_desk(page)
    click(page, 963, 520)  # Type faces
    click(page, 1133, 520)  # the dice faces field
    page.call("Input.insertText", text="5,1")
    time.sleep(0.4)
    typed = page.screenshot(os.path.join(SHOTS, "play_2_typed.png"))
    click(page, 909, 543)  # Resolve
    time.sleep(0.5)
    resolved = page.screenshot(os.path.join(SHOTS, "play_3_resolved.png"))
    if changed(typed, resolved, (875, 30, 1275, 170)) < 0.05:
        failures.append("play: Resolve did not put an answer on the desk")
    click(page, 946, 148)  # Apply to the game
    time.sleep(0.5)
    applied = page.screenshot(os.path.join(SHOTS, "play_4_applied.png"))
    # The roster's row of 24th 4 (present 1 / 1 -> 0 / 1, lost 1, removed).
    if changed(resolved, applied, (290, 714, 500, 735), step=2) < 0.02:
        failures.append("play: Apply did not change 24th 4's row in the roster")
    click(page, 433, 568)  # Undo, in the bar below the table
    time.sleep(0.5)
    undone = page.screenshot(os.path.join(SHOTS, "play_5_undone.png"))
    if changed(resolved, undone, (290, 714, 500, 735), step=2) > 0.005:
        failures.append("play: Undo did not give 24th 4 its row back")
    click(page, 979, 130)  # the desk's Charts tab
    time.sleep(0.5)
    charts = page.screenshot(os.path.join(SHOTS, "play_6_charts.png"))
    if changed(undone, charts, (875, 140, 1275, 540)) < 0.05:
        failures.append("play: the Charts tab did not open")
    print("web/test.py: play: selected, typed 5,1, resolved, applied, undone, Charts tab (web/screenshots/play_*.png)")
    return failures


def open_micro_colonial(page):
    """File > Open demo: Micro Colonial on a fresh page at 1280x800; failures."""
    before = page.screenshot(os.path.join(SHOTS, "mc_0_dba.png"))
    click(page, 19, 12)  # File
    click(page, 160, 186)  # Open demo: Micro Colonial: Isandhlwana skirmish
    time.sleep(0.8)
    after = page.screenshot(os.path.join(SHOTS, "mc_demo_desktop_1280x800.png"))
    print("web/test.py: Micro Colonial demo opened from the File menu (web/screenshots/mc_demo_desktop_1280x800.png)")
    if changed(before, after, (60, 40, 810, 540)) < 0.05:
        return ["mc: File > Open demo: Micro Colonial did not change the table"]
    return []


def open_page(page, url, width, height, mobile):
    page.call(
        "Emulation.setDeviceMetricsOverride",
        width=width,
        height=height,
        deviceScaleFactor=1,
        mobile=mobile,
    )
    page.call("Emulation.setTouchEmulationEnabled", enabled=mobile, maxTouchPoints=5 if mobile else 1)
    started = time.time()
    page.call("Page.navigate", url=url)
    while True:
        first = page.evaluate("window.laagerFirstFrame")
        if isinstance(first, (int, float)):
            return first, time.time() - started
        if page.problems():
            return None, time.time() - started
        if time.time() - started > START_TIMEOUT_S:
            return None, time.time() - started
        time.sleep(0.05)


def main():
    if not os.path.exists(os.path.join(DIST, "laager_bg.wasm")):
        sys.exit("web/test.py: web/dist/ has no laager_bg.wasm: run web/build.sh")
    os.makedirs(SHOTS, exist_ok=True)
    port = free_port()
    server = serve(port)
    profile = tempfile.mkdtemp(prefix="laager-chromium-")
    browser = None
    failures = []
    try:
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html").read()
                break
            except OSError:
                time.sleep(0.1)
        browser, devtools_port = launch_chromium(profile)
        page = Page(devtools_port)
        for domain in ("Runtime", "Log", "Page"):
            page.call(f"{domain}.enable")
        url = f"http://127.0.0.1:{port}/index.html"

        page.events.clear()
        first_ms, waited = open_page(page, url, 1280, 800, False)
        if first_ms is None:
            failures.append(f"first load: no first frame after {waited:.1f} s")
        else:
            print(f"web/test.py: first load (fresh profile), 1280x800: first frame {first_ms:.0f} ms after navigation")
            time.sleep(1.0)
            failures += open_micro_colonial(page)
            failures += [f"mc: {p}" for p in page.problems()]
        for name, width, height, mobile in (("desktop_1280x800", 1280, 800, False), ("phone_390x844", 390, 844, True)):
            page.events.clear()
            first_ms, waited = open_page(page, url, width, height, mobile)
            if first_ms is None:
                failures.append(f"{name}: no first frame after {waited:.1f} s")
            else:
                print(f"web/test.py: {name} (reload): first frame {first_ms:.0f} ms after navigation")
            time.sleep(1.0)  # let a frame or two settle (fonts, layout) before the picture
            shot = page.screenshot(os.path.join(SHOTS, f"dba_demo_{name}.png"))
            colours = distinct_colours(shot)
            print(f"web/test.py: {name}: screenshot web/screenshots/dba_demo_{name}.png ({colours} colours sampled)")
            if colours < 8:
                failures.append(f"{name}: the page looks blank ({colours} colours)")
            panics = [t for t in page.console_text() if "panicked at" in t]
            failures += [f"{name}: {p}" for p in page.problems() + panics]
            status = page.evaluate("document.getElementById('loading') ? document.getElementById('loading').textContent : 'started'")
            if status != "started":
                failures.append(f"{name}: the page still says: {status}")
            if not mobile and first_ms is not None:
                failures += play_close_combat(page)
                failures += [f"play: {p}" for p in page.problems()]
    finally:
        if browser:
            browser.kill()
            browser.wait()
        server.kill()
        server.wait()
        shutil.rmtree(profile, ignore_errors=True)
    if failures:
        print("web/test.py: FAILED", file=sys.stderr)
        for failure in failures:
            print(f"  {failure}", file=sys.stderr)
        sys.exit(1)
    print("web/test.py: ok")


if __name__ == "__main__":
    main()
