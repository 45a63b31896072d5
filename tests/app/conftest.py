"""One real Kivy window (SDL offscreen, Mesa) shared by every app test in this process.

Kivy reads its settings when first imported, so the environment is set here, before any test
module imports it. Tests drive the app with real touches (UnitTestTouch) and read real pixels.
"""
import atexit
import os
import shutil
import tempfile

_HOME = tempfile.mkdtemp(prefix="kivy-home-")
atexit.register(shutil.rmtree, _HOME, True)     # one per test process: don't pile up in /tmp
os.environ["SDL_VIDEODRIVER"] = os.environ.get("SPLENDOR_TEST_VIDEODRIVER", "offscreen")
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_HOME"] = _HOME
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_CLIPBOARD"] = "dummy"
os.environ["SPLENDOR_MOCK_GPIO"] = "1"       # the on-screen seat panel (gpiozero MockFactory)
os.environ.setdefault("SPLENDOR_LANG", "en")   # the words the tests read; test_app_languages switches
if "SPLENDOR_DATA_DIR" not in os.environ:
    os.environ["SPLENDOR_DATA_DIR"] = tempfile.mkdtemp(prefix="splendor-data-")
    atexit.register(shutil.rmtree, os.environ["SPLENDOR_DATA_DIR"], True)

import time  # noqa: E402

import pytest  # noqa: E402

from companion.ui import window as app_module  # noqa: E402

LANDSCAPE = (800, 480)   # the official 7" display
PORTRAIT = (720, 1280)   # Touch Display 2
# The window's size for this process: an offscreen SDL window can't be resized after it is
# drawn (the framebuffer keeps its first size), so the other layout runs in a subprocess.
WINDOW = tuple(int(x) for x in os.environ.get("SPLENDOR_TEST_SIZE", "800x480").split("x"))


@pytest.fixture(scope="session")
def kivy_app(tmp_path_factory):
    """The app, built and drawn once in this process (one window per process)."""
    app_module.configure(False)
    from kivy.base import EventLoop
    from kivy.config import Config
    Config.set("graphics", "width", str(WINDOW[0]))
    Config.set("graphics", "height", str(WINDOW[1]))
    Config.set("graphics", "maxfps", "0")      # no frame pacing: tests pump frames themselves
    app = app_module.build_app(data_dir=tmp_path_factory.mktemp("data"))
    app._run_prepare()          # builds the app and opens the window, without a blocking loop
    app.dispatch("on_start")
    pump(0.3)
    yield app
    app.dispatch("on_stop")
    app.stop()
    EventLoop.quit = False      # later window users in this process would draw nothing


@pytest.fixture
def ui(kivy_app, tmp_path):
    """The app with a fresh data dir, on the Home screen."""
    from companion.i18n.live import tr
    for view in list(_window().children[:-1]):
        view.dismiss()          # a popup left open by an earlier test
    # An earlier test may have left another language on: back to this run's (English, unless
    # test_app_languages runs the layout walk in Polish or Korean: SPLENDOR_TEST_LANG).
    tr.switch(os.environ.get("SPLENDOR_TEST_LANG") or "en")
    kivy_app.reset(tmp_path / "data")
    pump(0.1)
    return kivy_app


def _window():
    from kivy.core.window import Window
    return Window


#: A frame's time while a test waits on the clock (an animation, a thread): the window is
#: unpaced (maxfps 0) so that counted frames run at once, but a wait drawn flat out burns a
#: core in llvmpipe that the other test worker (or the app's own thread) could use.
WAIT_FRAME_S = 1 / 60


def pump(seconds: float = 0.0, frames: int = 2) -> None:
    """Run Kivy's loop (clock, layout, drawing) for some frames and at least ``seconds``."""
    from kivy.base import EventLoop
    end = time.monotonic() + seconds
    n = 0
    while n < frames or time.monotonic() < end:
        if n >= frames:
            time.sleep(min(WAIT_FRAME_S, max(0.0, end - time.monotonic())))
        EventLoop.idle()
        n += 1


def wait_until(condition, timeout: float = 10.0, what: str = "the condition") -> None:
    end = time.monotonic() + timeout
    polls = 0
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"Timed out after {timeout} s waiting for {what}.")
        if polls >= 2:          # not there after two frames: something runs on the clock
            time.sleep(WAIT_FRAME_S)
        pump(frames=1)
        polls += 1


def walk(widget):
    yield widget
    for child in widget.children:
        yield from walk(child)


def find_all(target: str) -> list:
    """Widgets whose ``target`` (a stable name for a touchable thing) is ``target``."""
    out = []
    for root in _window().children:      # the app's root and any open popup
        out += [w for w in walk(root) if getattr(w, "target", None) == target]
    return out


def find(target: str):
    found = [w for w in find_all(target) if w.opacity > 0 and not getattr(w, "disabled", False)]
    if not found:
        raise AssertionError(f"Nothing named {target!r} is on the screen.")
    return found[0]


def texts() -> str:
    """Every text shown on screen (labels and buttons), to check a screen's content."""
    out = []
    for root in _window().children:
        out += [w.text for w in walk(root) if isinstance(getattr(w, "text", None), str)]
    return "\n".join(out)


def settle() -> None:
    """Wait for popups that are closing: they still catch touches until they are gone."""
    from kivy.uix.modalview import ModalView
    wait_until(lambda: not any(isinstance(v, ModalView) and not v._is_open
                               for v in _window().children), 2.0, "a popup to close")


def tap(widget) -> None:
    """A finger down and up on the widget's centre, through the window like a real touch."""
    from kivy.base import EventLoop
    from kivy.tests.common import UnitTestTouch
    settle()
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    EventLoop.idle()
    touch.touch_up()
    pump(frames=2)


def tap_target(name: str) -> None:
    tap(find(name))


def type_into(target: str, text: str) -> None:
    w = find(target)
    w.text = text
    pump(frames=1)


def grab_pixels():
    """The window's framebuffer as an RGB numpy array, top row first."""
    import numpy as np
    from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels
    pump(frames=2)
    w, h = _window().size
    data = glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE)
    img = np.frombuffer(data, np.uint8).reshape(h, w, 4)[::-1, :, :3]
    return img


def save_png(img, path) -> None:
    import cv2
    cv2.imwrite(str(path), img[:, :, ::-1])


def run_in_portrait(tests: str, shots=None) -> str:
    """Run ``tests`` (pytest ids under the repository) in a 720 x 1280 window of their own: an
    offscreen window keeps its first size, so Touch Display 2's layout needs a second process.

    Skips when this process already draws portrait; ``shots`` is a folder for SPLENDOR_SHOTS.
    Returns pytest's output, after checking that the run passed.
    """
    import subprocess
    import sys
    from pathlib import Path
    if WINDOW == PORTRAIT:
        pytest.skip("this process already draws the portrait layout")
    env = dict(os.environ, SPLENDOR_TEST_SIZE=f"{PORTRAIT[0]}x{PORTRAIT[1]}")
    if shots is not None:
        env["SPLENDOR_SHOTS"] = str(shots)
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *tests.split()],
        cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return run.stdout
