"""Drives headless Chromium over the DevTools protocol against web/dist/ (see web/test.sh).

Checks the page starts with no console error, exception or Rust panic; prints the time from
navigation to eframe's first painted frame (window.laagerFirstFrame, set by src/app/web.rs);
checks the canvas is not blank; screenshots the DBA demo at 1280x800 and at phone size
390x844 (touch) into web/screenshots/; opens the Micro Colonial demo from the File menu.

Plays one close combat on the DBA demo at 1280x800 with the mouse and keyboard
(the bases where window.laagerCanvas() says they are; the desk's buttons at coordinates
read off the page at that size): selects uMcijo front, shift-clicks 24th 4, types the dice 5,1, resolves and applies; downloads the game (the page's
window.laagerDownloadGame(), File > Download game's path, into a temporary folder through
Browser.setDownloadBehavior) and opens the .laager file with the native `laager records`
(LAAGER_BIN), which must show 24th 4 at 0 and removed; reloads the page and checks the
game was kept; undoes, and opens the desk's Charts tab; uploads a photo of the table (it
is the table's photo) and a file that is not a game
(DOM.setFileInputFiles on the page's file input) and checks the page refuses it, and
drops one on the table (Input.dispatchDragEvent), refused the same way. Drags a
base across the table, noting each frame's time and the app's own time over it (fails
when the app took more than 50 ms over a frame). Then, with a touch screen
(Input.dispatchTouchEvent), taps uMcijo front, long-presses 24th 4 (it must become the target
and not move) and pinches to zoom in.

The game's state is checked as text, the record sheet the page answers with
(window.laagerRecords(), CSV), its status bar's newest message (window.laagerMessage())
and the canvas's selection, zoom and bases on the page (window.laagerCanvas()):
eframe exposes no accessibility tree in the browser. The canvas's answer also holds the
selection's measure (firer, target, range) and the desk's tab and result, so no check
compares pixels.

Standard library plus websocket-client (pinned in web/test.sh).
"""

import base64
import csv
import http.server
import io
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
# The longest the app may take over one frame while a base is dragged (issue 22).
DRAG_FRAME_LIMIT_MS = float(os.environ.get("LAAGER_DRAG_FRAME_LIMIT_MS", "50"))


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


def click(page, x, y, modifiers=0):
    page.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, modifiers=modifiers)
    page.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", clickCount=1, modifiers=modifiers)
    page.call("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y, button="left", clickCount=1, modifiers=modifiers)
    time.sleep(0.4)


def select_pair(page, firer, target):
    """Clicks the firer's base and shift-clicks the target's, where the page says their
    centres are (window.laagerCanvas())."""
    bases = canvas_state(page).get("bases", {})
    if firer not in bases or target not in bases:
        return
    click(page, *bases[firer])
    shift = 8
    page.call("Input.dispatchKeyEvent", type="rawKeyDown", key="Shift", code="ShiftLeft", windowsVirtualKeyCode=16, modifiers=shift)
    time.sleep(0.2)
    click(page, *bases[target], modifiers=shift)
    page.call("Input.dispatchKeyEvent", type="keyUp", key="Shift", code="ShiftLeft", windowsVirtualKeyCode=16)
    time.sleep(0.3)


def records(page):
    """The game's record sheet as the page tells it (window.laagerRecords(), CSV), by unit."""
    text = page.evaluate("window.laagerRecords ? window.laagerRecords() : ''") or ""
    return {row["unit"]: row for row in csv.DictReader(io.StringIO(text))}


def unit_record(page, unit):
    """(present, removed) of a unit in the page's record sheet, or None."""
    row = records(page).get(unit)
    if row is None:
        return None
    present = next(v for k, v in row.items() if k.endswith("present"))
    return present, row["removed"]


def wait_for(what, test, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.1)
    return None


def download_game(page, downloads):
    """Downloads the game through the page (File > Download game's path); the file's path."""
    before = set(os.listdir(downloads))
    page.evaluate("window.laagerDownloadGame()")

    def landed():
        new = [n for n in set(os.listdir(downloads)) - before if n.endswith(".laager")]
        return os.path.join(downloads, new[0]) if new else None

    return wait_for("download", landed, timeout=15.0)


def download_records_csv(page, downloads):
    """The record sheet as CSV through the page (the records bar's Download records CSV):
    failures."""
    before = set(os.listdir(downloads))
    page.evaluate("window.laagerDownloadRecordsCsv()")

    def landed():
        new = [n for n in set(os.listdir(downloads)) - before if n.endswith(".csv")]
        return os.path.join(downloads, new[0]) if new else None

    path = wait_for("csv download", landed, timeout=15.0)
    if path is None:
        return ["csv download: no .csv file was downloaded"]
    with open(path, newline="", encoding="utf-8") as f:
        rows = {row["unit"]: row for row in csv.DictReader(f)}
    row = rows.get("24th 4", {})
    present, removed = row.get("bases_present"), row.get("removed")
    print(f"web/test.py: csv download: {os.path.basename(path)}: 24th 4 present {present}, removed {removed}")
    if (present, removed) != ("0", "true"):
        return [f"csv download: the record sheet does not show 24th 4 at 0 and removed: {rows.get('24th 4')}"]
    return []


def check_downloaded(path):
    """`laager records FILE` (the native build) on a downloaded game: failures."""
    laager = os.environ.get("LAAGER_BIN")
    if not laager or not os.path.exists(laager):
        return [f"download: no native laager to open it with (LAAGER_BIN={laager!r})"]
    done = subprocess.run([laager, "records", "--csv", path], capture_output=True, text=True)
    if done.returncode != 0:
        return [f"download: laager records {path} failed: {done.stderr.strip()}"]
    rows = {row["unit"]: row for row in csv.DictReader(io.StringIO(done.stdout))}
    row = rows.get("24th 4", {})
    present, removed = row.get("bases_present"), row.get("removed")
    print(f"web/test.py: download: laager records --csv {os.path.basename(path)}: 24th 4 present {present}, removed {removed}")
    if (present, removed) != ("0", "true"):
        return [f"download: laager records does not show 24th 4 at 0 and removed:\n{done.stdout}"]
    return []


def play_close_combat(page, url, downloads):
    """uMcijo front against 24th 4 on the DBA demo at 1280x800, dice typed 5,1; failures."""
    failures = []
    page.screenshot(os.path.join(SHOTS, "play_0_start.png"))
    select_pair(page, "uMcijo front", "24th 4")
    page.screenshot(os.path.join(SHOTS, "play_1_selected.png"))
    measure = canvas_state(page).get("measure") or {}
    if (measure.get("firer"), measure.get("target")) != ("uMcijo front", "24th 4") or not isinstance(measure.get("range_mm"), (int, float)):
        failures.append(f"play: selecting a firer and a target did not measure them: {measure}")
    else:
        print(f"web/test.py: play: measured uMcijo front to 24th 4: {measure['range_mm']:.1f} mm")
    click(page, 997, 695)  # Type faces, at the foot of the desk
    click(page, 1180, 695)  # the dice faces field beside it
    page.call("Input.insertText", text="5,1")
    time.sleep(0.4)
    page.screenshot(os.path.join(SHOTS, "play_2_typed.png"))
    click(page, 942, 736)  # Resolve, below them
    time.sleep(0.5)
    page.screenshot(os.path.join(SHOTS, "play_3_resolved.png"))
    result = canvas_state(page).get("desk", {}).get("result") or {}
    if result.get("procedure") != "combat" or not result.get("outcome"):
        failures.append(f"play: Resolve did not put a combat's answer on the desk: {result}")
    if unit_record(page, "24th 4") != ("1", "false"):
        failures.append(f"play: before Apply, 24th 4's record is {unit_record(page, '24th 4')}")
    click(page, 972, 279)  # Apply to the game, on the result card under the measure
    time.sleep(0.5)
    page.screenshot(os.path.join(SHOTS, "play_4_applied.png"))
    # The record of 24th 4: present 1 -> 0, removed.
    if wait_for("apply", lambda: unit_record(page, "24th 4") == ("0", "true"), 5) is None:
        failures.append(f"play: Apply did not remove 24th 4 (its record: {unit_record(page, '24th 4')})")
    path = download_game(page, downloads)
    if path is None:
        failures.append("download: no .laager file was downloaded")
    else:
        failures += check_downloaded(path)
    failures += download_records_csv(page, downloads)
    # The game is kept in the browser: a reload puts it back.
    first_ms, waited = open_page(page, url, 1280, 800, False)
    if first_ms is None:
        failures.append(f"reload: no first frame after {waited:.1f} s")
        return failures
    time.sleep(1.0)
    kept = wait_for("kept game", lambda: unit_record(page, "24th 4") == ("0", "true"), 5)
    print(f"web/test.py: reload: 24th 4's record {unit_record(page, '24th 4')} (the game kept in local storage)")
    if kept is None:
        failures.append(f"reload: the game was not kept: 24th 4's record is {unit_record(page, '24th 4')}")
    page.screenshot(os.path.join(SHOTS, "play_4_reloaded.png"))
    click(page, 433, 763)  # Undo, in the bar below the table
    if wait_for("undo", lambda: unit_record(page, "24th 4") == ("1", "false"), 5) is None:
        failures.append(f"play: Undo after the reload did not give 24th 4 back (its record: {unit_record(page, '24th 4')})")
    select_pair(page, "uMcijo front", "24th 4")  # again, as before the reload
    time.sleep(0.2)
    page.screenshot(os.path.join(SHOTS, "play_5_undone.png"))
    click(page, 1005, 139)  # the desk's Charts tab, under the selection's measure
    time.sleep(0.5)
    page.screenshot(os.path.join(SHOTS, "play_6_charts.png"))
    tab = canvas_state(page).get("desk", {}).get("tab")
    if tab != "charts":
        failures.append(f"play: the Charts tab did not open (the desk shows {tab!r})")
    print("web/test.py: play: selected, typed 5,1, resolved, applied, downloaded, reloaded, undone, Charts tab (web/screenshots/play_*.png)")
    return failures


def canvas_state(page):
    """The page's canvas as text (window.laagerCanvas()): selected, points_per_mm, bases,
    measure (firer, target, range_mm) and desk (tab, result)."""
    return json.loads(page.evaluate("window.laagerCanvas()") or "{}")


def touch(page, kind, points):
    page.call(
        "Input.dispatchTouchEvent",
        type=kind,
        touchPoints=[{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)],
    )


def play_by_touch(page, url):
    """At 1280x800 with a touch screen: taps a Zulu base, long-presses a British one (the
    target), pinches to zoom; checked by the page's text. Failures."""
    failures = []
    first_ms, waited = open_page(page, url, 1280, 800, False, touch_screen=True)
    if first_ms is None:
        return [f"touch: no first frame after {waited:.1f} s"]
    time.sleep(1.0)
    # The first touch turns touch mode on (taller controls): the table moves on the page,
    # so each base is found where the page says it is now.
    touch(page, "touchStart", [(640, 400)])
    touch(page, "touchEnd", [])
    time.sleep(0.6)
    bases = canvas_state(page)["bases"]
    zulu, british = bases["uMcijo front"], bases["24th 4"]
    touch(page, "touchStart", [zulu])
    touch(page, "touchEnd", [])
    time.sleep(0.5)
    selected = canvas_state(page)["selected"]
    if selected != ["uMcijo front"]:
        failures.append(f"touch: a tap on uMcijo front selected {selected}")
    touch(page, "touchStart", [british])
    for _ in range(12):  # held still for 1.2 s, longer than egui's click (0.8 s)
        time.sleep(0.1)
        touch(page, "touchMove", [british])
    touch(page, "touchEnd", [])
    time.sleep(0.5)
    state = canvas_state(page)
    long_pressed = state["selected"] == ["uMcijo front", "24th 4"]
    if not long_pressed:
        failures.append(f"touch: a long press on 24th 4 left the selection {state['selected']}, not uMcijo front and 24th 4")
    moved = state["bases"]["24th 4"]
    if abs(moved[0] - british[0]) > 0.5 or abs(moved[1] - british[1]) > 0.5:
        failures.append(f"touch: the long press moved 24th 4 from {british} to {moved}")
    before = state["points_per_mm"]
    centre = (640, 300)
    touch(page, "touchStart", [(centre[0] - 40, centre[1]), (centre[0] + 40, centre[1])])
    for step in range(1, 11):
        time.sleep(0.03)
        spread = 40 + 10 * step
        touch(page, "touchMove", [(centre[0] - spread, centre[1]), (centre[0] + spread, centre[1])])
    touch(page, "touchEnd", [])
    time.sleep(0.5)
    after = canvas_state(page)["points_per_mm"]
    print(f"web/test.py: touch: tap selected uMcijo front, long press {'made 24th 4 the target' if long_pressed else 'DID NOT make 24th 4 the target'}, pinch zoomed {before:.3f} -> {after:.3f} px/mm")
    if not after > before * 1.2:
        failures.append(f"touch: pinching out did not zoom in ({before} -> {after} px/mm)")
    page.screenshot(os.path.join(SHOTS, "touch_pinched.png"))
    return failures


FRAME_TIMES_JS = """
(() => {
  window.laagerFrames = [];
  const tick = (t) => { window.laagerFrames.push(t); if (window.laagerFramesOn) requestAnimationFrame(tick); };
  window.laagerFramesOn = true;
  requestAnimationFrame(tick);
})()
"""


def drag_frame_times(page):
    """Drags a base across the DBA demo's table (at the page's size) with the mouse while the page
    notes each animation frame's time and the app how long it took over each frame
    (window.laagerUiTimes()); prints both. Fails when the app took longer than
    DRAG_FRAME_LIMIT_MS over a frame: the rest of a frame is painting, which SwiftShader
    does in software here, on a real GPU a small part of it (the WebGL context's
    antialias and depth are printed: the app makes it without either). Failures."""
    bases = canvas_state(page)["bases"]
    x, y = bases["uVe front"]
    page.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
    time.sleep(0.3)
    page.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", clickCount=1)
    time.sleep(0.2)
    page.evaluate("window.laagerUiTimes()")  # from here on
    page.evaluate(FRAME_TIMES_JS)
    steps = 60
    for i in range(1, steps + 1):
        page.call("Input.dispatchMouseEvent", type="mouseMoved", x=x - 2 * i, y=y + i, button="left", buttons=1)
        time.sleep(1 / 60)
    page.evaluate("window.laagerFramesOn = false")
    ui_times = page.evaluate("window.laagerUiTimes()") or []
    page.call("Input.dispatchMouseEvent", type="mouseReleased", x=x - 2 * steps, y=y + steps, button="left", clickCount=1)
    time.sleep(0.5)
    times = page.evaluate("window.laagerFrames") or []
    gaps = [b - a for a, b in zip(times, times[1:])]
    moved = canvas_state(page)["bases"]["uVe front"]
    if not gaps or not ui_times:
        return ["drag: no frame drawn while dragging"]
    # The canvas's context as the app made it (src/app/web.rs make_gl_context).
    gl = page.evaluate(
        "(() => { const c = document.querySelector('canvas').getContext('webgl2');"
        " return c ? JSON.stringify(c.getContextAttributes()) : '{}'; })()"
    )
    gl = json.loads(gl or "{}")
    width, height = page.evaluate("innerWidth"), page.evaluate("innerHeight")
    print(
        f"web/test.py: drag: {width}x{height}, WebGL antialias {gl.get('antialias')}, depth {gl.get('depth')}: "
        f"uVe front dragged over {steps} moves: {len(ui_times)} frames; "
        f"the app's own work per frame mean {sum(ui_times) / len(ui_times):.1f} ms, longest {max(ui_times):.1f} ms; "
        f"whole frames (requestAnimationFrame) mean {sum(gaps) / len(gaps):.1f} ms, longest {max(gaps):.1f} ms"
    )
    failures = []
    if abs(moved[0] - x) < 20:
        failures.append(f"drag: uVe front did not move ({(x, y)} -> {moved})")
    if max(ui_times) > DRAG_FRAME_LIMIT_MS:
        failures.append(f"drag: the app took {max(ui_times):.1f} ms over one frame while dragging (limit {DRAG_FRAME_LIMIT_MS} ms)")
    return failures


def upload_bad_file(page, downloads):
    """Uploads a file that is not a game: the page says so in its status bar; failures."""
    bad = os.path.join(downloads, "not-a-game.laager")
    with open(bad, "w") as f:
        f.write("this is not a game\n")
    root = page.call("DOM.getDocument")["root"]["nodeId"]
    node = page.call("DOM.querySelector", nodeId=root, selector="#laager_upload")["nodeId"]
    before = records(page)
    page.call("DOM.setFileInputFiles", nodeId=node, files=[bad])
    said = wait_for("upload", lambda: "not a Laager file" in (page.evaluate("window.laagerMessage()") or ""), 10)
    message = page.evaluate("window.laagerMessage()")
    print(f"web/test.py: upload of a bad file: the page says: {message}")
    failures = []
    if said is None:
        failures.append(f"upload: a bad file was not refused in the page (message: {message!r})")
    if records(page) != before:
        failures.append("upload: a bad file changed the game")
    return failures


def png_bytes(width, height, rgb):
    """A PNG of one colour (standard library only)."""
    import struct

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def upload_photo(page, downloads):
    """Uploads a photo of the table (a 6x4 PNG) through the page's file input: it is the
    table's photo, and the game is as it was; failures."""
    path = os.path.join(downloads, "table-photo.png")
    with open(path, "wb") as f:
        f.write(png_bytes(6, 4, (120, 160, 90)))
    root = page.call("DOM.getDocument")["root"]["nodeId"]
    node = page.call("DOM.querySelector", nodeId=root, selector="#laager_upload")["nodeId"]
    before = records(page)
    page.call("DOM.setFileInputFiles", nodeId=node, files=[path])
    loaded = wait_for("photo", lambda: canvas_state(page).get("photo") == [6, 4], 10)
    print(f"web/test.py: upload of a photo: the table's photo is {canvas_state(page).get('photo')} px")
    failures = []
    if loaded is None:
        failures.append(f"upload: the photo uploaded is not the table's photo ({canvas_state(page).get('photo')}; message {page.evaluate('window.laagerMessage()')!r})")
    if records(page) != before:
        failures.append("upload: a photo uploaded changed the game")
    return failures


def drop_bad_file(page, downloads):
    """Drops a file that is not a game on the table (Input.dispatchDragEvent): the page
    refuses it by its name, as it refuses the upload; failures."""
    bad = os.path.join(downloads, "dropped-not-a-game.laager")
    with open(bad, "w") as f:
        f.write("this is not a game either\n")
    before = records(page)
    data = {"items": [], "files": [bad], "dragOperationsMask": 1}
    for kind in ("dragEnter", "dragOver", "drop"):
        page.call("Input.dispatchDragEvent", type=kind, x=400, y=300, data=data)
        time.sleep(0.1)
    said = wait_for("drop", lambda: "dropped-not-a-game.laager: not a Laager file" in (page.evaluate("window.laagerMessage()") or ""), 10)
    message = page.evaluate("window.laagerMessage()")
    print(f"web/test.py: drop of a bad file on the table: the page says: {message}")
    failures = []
    if said is None:
        failures.append(f"drop: a bad file dropped on the page was not refused (message: {message!r})")
    if records(page) != before:
        failures.append("drop: a bad file dropped changed the game")
    return failures


def open_micro_colonial(page):
    """File > Open demo: Micro Colonial on a fresh page at 1280x800; failures."""
    page.screenshot(os.path.join(SHOTS, "mc_0_dba.png"))
    click(page, 19, 12)  # File
    click(page, 160, 310)  # Open demo: Micro Colonial: Isandhlwana skirmish
    time.sleep(0.8)
    page.screenshot(os.path.join(SHOTS, "mc_demo_desktop_1280x800.png"))
    bases = canvas_state(page).get("bases", {})
    print(f"web/test.py: Micro Colonial demo opened from the File menu: {len(bases)} bases (web/screenshots/mc_demo_desktop_1280x800.png)")
    if "1/24 A" not in bases or "uMcijo front" in bases:
        return [f"mc: File > Open demo: Micro Colonial did not put its table up: bases {sorted(bases)}"]
    return []


def open_page(page, url, width, height, mobile, touch_screen=None):
    touch_screen = mobile if touch_screen is None else touch_screen
    page.call(
        "Emulation.setDeviceMetricsOverride",
        width=width,
        height=height,
        deviceScaleFactor=1,
        mobile=mobile,
    )
    page.call("Emulation.setTouchEmulationEnabled", enabled=touch_screen, maxTouchPoints=5 if touch_screen else 1)
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
        downloads = os.path.join(profile, "downloads")
        os.makedirs(downloads)
        try:
            page.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=downloads)
        except RuntimeError:
            page.call("Page.setDownloadBehavior", behavior="allow", downloadPath=downloads)
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
            if mobile and first_ms is not None:
                # The same drag at phone size: the product's own screen, and a fifth of
                # the pixels SwiftShader paints at 1280x800.
                failures += [f"phone: {f}" for f in drag_frame_times(page)]
            if not mobile and first_ms is not None:
                failures += play_close_combat(page, url, downloads)
                failures += upload_bad_file(page, downloads)
                failures += upload_photo(page, downloads)
                failures += drop_bad_file(page, downloads)
                failures += drag_frame_times(page)
                failures += [f"play: {p}" for p in page.problems()]
                page.events.clear()
                failures += play_by_touch(page, url)
                failures += [f"touch: {p}" for p in page.problems()]
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
