"""The touchscreen app (Kivy): setup guide, live referee, scores, history, and the demo.

``splendor-companion`` (no subcommand) calls :func:`main`. The UI is thin: screens draw the
:class:`companion.app.controller.Controller`'s state and forward touches, seat buttons and answers to
the referee. One ``.kv`` file per screen in ``companion/ui/``.

Environment: ``SPLENDOR_DATA_DIR`` (games, settings), ``SPLENDOR_KIOSK=1`` (full screen, the Pi),
``SPLENDOR_SIZE=720x1280`` (window size on a laptop), ``SPLENDOR_DEMO_EXIT=1`` (quit when the
demo game ends), ``SPLENDOR_DEMO_DELAY`` (seconds between demo steps), ``SPLENDOR_DEMO_PLAYERS``,
``SPLENDOR_DEMO_SEED``, ``SPLENDOR_DEMO_COMPUTERS=0,2`` (the computer's seats and levels),
``SPLENDOR_DEMO_RENDER=0`` (no rendered stills),
``SPLENDOR_DEMO_CAMERA_VIEW=N`` (the demo opens the camera view every N turns: a memory
benchmark), ``SPLENDOR_EXIT_AFTER_FIRST_FRAME=1`` (start-up benchmark).
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

UI_DIR = Path(__file__).parent
SCREENS = ("home", "players", "setup", "play", "gameover", "history", "settings")
DISPLAY_DPI = {(800, 480): 133.0, (480, 800): 133.0, (720, 1280): 210.0, (1280, 720): 210.0}
DEFAULT_DPI = 110.0   # a laptop window
TOUCH_MM = 9.0

_T0 = time.perf_counter()


def process_age() -> float:
    """Seconds since this process started (from /proc; falls back to since import)."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.perf_counter() - _T0


def touch_px(width: int, height: int) -> int:
    """Pixels of a 9 mm touch target on the display of that size (the official Pi displays)."""
    from companion.app.startup import MAX_DPI, MIN_DPI
    try:  # checked at start (companion.app.startup); a test may set anything
        dpi = float(os.environ.get("SPLENDOR_DPI") or DISPLAY_DPI.get((width, height), DEFAULT_DPI))
    except ValueError:
        dpi = DEFAULT_DPI
    dpi = min(max(dpi, MIN_DPI), MAX_DPI) if dpi == dpi else DEFAULT_DPI
    return max(44, round(TOUCH_MM / 25.4 * dpi))


# Kivy probes providers this app never uses and logs their absence as failures (an ERROR
# with a traceback for MTDev's library, a CRITICAL for the X11 cut buffer's xclip/xsel). On the
# Pi that reads as a broken start in journalctl: the app's input is SDL's touch and mouse, and
# it has no copy and paste. Those two records are dropped; every other record passes.
UNUSED_PROVIDERS = ("Input: MTDev is not supported", "Cutbuffer: Unable to find any valuable")


class UnusedProviders:
    """A logging filter dropping Kivy's reports about the providers the app doesn't use."""

    def filter(self, record) -> bool:
        return not str(record.msg).startswith(UNUSED_PROVIDERS)


def configure(kiosk: bool) -> None:
    """Kivy settings that must be made before the window exists."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    from kivy.config import Config
    from kivy.logger import Logger
    if not any(isinstance(f, UnusedProviders) for f in Logger.filters):
        Logger.addFilter(UnusedProviders())
    # No multitouch probing of /dev/input on a laptop (MTDev is not there): mouse and SDL touch.
    if Config.has_section("input"):
        for key, _ in list(Config.items("input")):
            if key != "mouse":
                Config.remove_option("input", key)
    Config.set("kivy", "exit_on_escape", "0")
    if kiosk:
        from companion.app import kiosk as kiosk_mod
        kiosk_mod.configure_kivy_for_kiosk(Config)
    else:
        from companion.app.startup import read_environment
        width, height = read_environment().size
        Config.set("graphics", "width", str(width))
        Config.set("graphics", "height", str(height))
        Config.set("graphics", "resizable", "1")


def build_app(demo=None, data_dir=None, panel=True, demo_options=None):
    """The Kivy App object (the window must be configured already). Tests call this.

    ``demo``: the simulated table's driver class (``workbench.demo.DemoDriver``), handed in by
    the command line for ``--demo``: the runtime never imports the workbench."""
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.lang import Builder
    from kivy.logger import Logger
    from kivy.properties import BooleanProperty, NumericProperty
    from kivy.uix.screenmanager import NoTransition, ScreenManager

    from companion.app.controller import Controller
    from companion.referee.session import data_dir as default_data_dir
    from companion.ui import screens as S  # noqa: F401 (registers the screen classes)

    def dispatch(fn, *args):
        Clock.schedule_once(lambda dt: fn(*args), 0)

    class CompanionApp(App):
        title = "Splendor Companion"
        tap = NumericProperty(48)
        fs = NumericProperty(20)
        # The type scale's floor: the smallest text a player reads during play, from a chair
        # (16 px at 800x480, issue 33); nothing read at the table is set smaller.
        fs_read = NumericProperty(16)
        landscape = BooleanProperty(True)

        def build(self):
            self.first_frame = None
            self.demo_driver = None
            self._layout(Window, Window.size)
            Window.bind(size=self._layout)
            Window.clearcolor = (0.07, 0.08, 0.10, 1)
            # The on-screen keyboard (kiosk): keys of a touch target's size, and docked just
            # under the field being typed into, the screen lifted if need be.
            from companion.ui.widgets import TableKeyboard
            Window.set_vkeyboard_class(TableKeyboard)
            Window.softinput_mode = "below_target"
            self.panel = self._open_panel() if panel else None
            if self.panel is not None:
                self.panel.when_changed = self._light_changed
            self._refresh_ev = Clock.create_trigger(self._refresh, 0)
            self.ctl = None
            self.reset(data_dir or default_data_dir())
            from companion.i18n.live import setup as setup_languages
            languages = setup_languages(data_dir or default_data_dir())  # font, `tr` for kv
            Builder.load_file(str(UI_DIR / "widgets.kv"))
            Builder.load_file(str(UI_DIR / "movepicture.kv"))   # a turn in pictures
            for name in SCREENS:
                Builder.load_file(str(UI_DIR / f"{name}.kv"))
            self.sm = ScreenManager(transition=NoTransition())
            languages.bind(lang=lambda *a: self._refresh_ev())   # Python-built texts too
            for cls in S.SCREEN_CLASSES:
                self.sm.add_widget(cls())
            Window.bind(on_flip=self._on_flip)
            from companion.app import memory
            memory.finish_frames(Window)   # offscreen: frames must not queue up unbounded
            return self.sm

        def reset(self, data_dir):
            """A fresh controller over ``data_dir`` (start-up; tests reuse the one window)."""
            if self.ctl is not None:
                self.ctl.close()
            self.ctl = Controller(data_dir, dispatch=dispatch)
            self.ctl.attach_panel(self.panel)  # the panel's one wiring: presses to the door
            self.open_camera()
            self.ctl.listen(self._refresh_ev)
            problem = getattr(self, "panel_problem", "")
            if problem:  # a wiring mistake is shown on the home screen, not only logged
                from companion.i18n.notices import combine
                self.ctl.notice = combine(self.ctl.notice, problem)
            if getattr(self, "sm", None) is not None:
                self.go("home")

        def start_demo(self, driver=None, **options):
            """Play a simulated game by itself (``--demo``) with ``driver`` (the class handed
            to :func:`build_app` by default); returns the driver."""
            driver = driver or demo
            if self.demo_driver is not None:
                self.demo_driver.stop()
            self.demo_driver = driver(self, **options)
            self.demo_driver.start()
            return self.demo_driver

        def _on_flip(self, *_):
            if self.first_frame is None:
                self.first_frame = process_age()
                Logger.info(f"Companion: first frame drawn {self.first_frame:.2f} s after start")
                Window.unbind(on_flip=self._on_flip)
                if os.environ.get("SPLENDOR_EXIT_AFTER_FIRST_FRAME"):  # start-up benchmark
                    Clock.schedule_once(lambda dt: self.stop(), 0)

        def _layout(self, win, size):
            w, h = size
            self.landscape = w >= h
            self.tap = touch_px(w, h)
            self.fs = round(self.tap * 0.42)
            self.fs_read = max(16, round(self.fs * 0.8))

        def _open_panel(self):
            try:
                from hardware.panel import open_panel
                return open_panel(dispatch=dispatch, mock=bool(os.environ.get("SPLENDOR_MOCK_GPIO")))
            except Exception as err:  # no referee is worse than no buttons: say so on screen
                from companion.i18n.devices import english as device_english
                from hardware.panel import PanelError
                Logger.warning("Companion: no seat panel: "
                               + (device_english(err) if isinstance(err, PanelError) else str(err)))
                from companion.i18n.notices import Notice
                from hardware.config import PanelConfigError
                # The config's refusal as facts (said in the player's language); a
                # library's words stay in the log.
                facts = {}
                if isinstance(err, PanelConfigError):
                    facts = {"config": err.as_data()}
                self.panel_problem = Notice("panel-off", **facts)
                return _screen_panel(dispatch)

        def open_camera(self):
            from companion.i18n.notices import Notice
            from vision.frames import CameraUnavailable as CameraError, open_camera
            old = self.ctl.camera
            if old is not None and hasattr(old, "close"):
                old.close()
            try:
                self.ctl.camera = open_camera(self.ctl.settings.camera)
                self.ctl.warm_reader()
            except CameraError as err:
                from companion.i18n.devices import english as device_english
                Logger.warning(f"Companion: camera unavailable: {device_english(err)}")
                self.ctl.camera = None
                self.ctl.message = Notice("camera-unavailable")   # said in the player's language
            except Exception:  # an unexpected fault: logged with its cause, play goes on
                Logger.exception("Companion: opening the camera failed")
                self.ctl.camera = None
                self.ctl.message = Notice("camera-unavailable")

        def _light_changed(self, light):
            bar = self.sm.get_screen("play").ids.seatbar
            bar.light_changed(light)

        def go(self, name):
            if name == "play":
                play = self.sm.get_screen("play")
                names = {b: n for n, b in zip(self.ctl.names, self.ctl.button_of)}
                play.ids.seatbar.bind_panel(self.panel if self.panel is not None
                                            and self.panel.is_virtual else None, names)
            if self.sm.current != name:
                self.sm.current = name
            else:
                self.sm.current_screen.refresh()

        def _refresh(self, *_):
            self.sm.current_screen.refresh()

        def on_start(self):
            from companion.app.watchdog import Watchdog
            self.watchdog = Watchdog()
            self.watchdog.ready("The table screen is up.")
            self.watchdog.schedule_with(Clock)
            from companion.app import memory
            Clock.schedule_interval(lambda dt: memory.give_back(), memory.EVERY_SECONDS)
            if demo is not None:
                Clock.schedule_once(lambda dt: self.start_demo(**(demo_options or {})), 0.1)
            else:
                home = self.sm.get_screen("home")
                home.refresh()

        def on_stop(self):
            if getattr(self, "watchdog", None) is not None:
                self.watchdog.stopping("The table screen is stopping.")
            if self.demo_driver is not None:
                self.demo_driver.stop()
            if self.panel is not None:
                self.panel.close()
            if self.ctl is not None:
                self.ctl.close()
            if self.ctl.camera is not None and hasattr(self.ctl.camera, "close"):
                self.ctl.camera.close()

    return CompanionApp()


def _screen_panel(dispatch):
    """The seat keys drawn on screen (gpiozero's MockFactory), when the wiring can't be used."""
    try:
        from gpiozero.pins.mock import MockFactory

        from hardware.config import PanelConfig, SeatPins
        from hardware.panel import SeatPanel
        config = PanelConfig(seats=tuple(SeatPins(button=2 + 2 * i, led=3 + 2 * i)
                                         for i in range(4)), source="the on-screen seat keys")
        return SeatPanel(config, pin_factory=MockFactory(), dispatch=dispatch)
    except Exception as err:  # noqa: BLE001 (then the game is entered by touch alone)
        from kivy.logger import Logger
        Logger.warning(f"Companion: no on-screen seat keys either: {err}")
        return None


def main(demo=None) -> int:
    """Start the app; ``demo`` (a driver class, see :func:`build_app`) plays a simulated game by
    itself. Returns the exit code."""
    from companion.app import startup
    from companion.referee.session import data_dir as default_data_dir
    try:  # every variable and the data folder checked before any window: one sentence
        env = startup.read_environment(default_data_dir=default_data_dir())
        kiosk = env.kiosk
        startup.check_display()
        configure(kiosk)
    except startup.StartupError as err:
        from companion.i18n.startup import english as startup_english
        print(startup_english(err), file=sys.stderr)
        return err.code
    app = build_app(demo=demo, data_dir=env.data_dir, demo_options=env.demo)
    if kiosk:
        from kivy.clock import Clock
        from companion.app import kiosk as kiosk_mod
        kiosk_mod.inhibit_blanking()
        kiosk_mod.install_sigterm_handler(lambda: Clock.schedule_once(lambda dt: app.stop()))
    app.run()
    if app.first_frame is not None:
        print(f"First frame drawn {app.first_frame:.2f} s after start.", file=sys.stderr)
    return 0

