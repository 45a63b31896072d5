"""The app's real offscreen window for the sharing tests: tests/app's set-up (Kivy's
environment is set when that conftest is imported, before Kivy is), and the one app of this
process, reused when tests/app already built it (a process has one window)."""
import pytest

from tests.app import conftest as appconf  # noqa: F401 (sets Kivy's environment first)


@pytest.fixture(scope="module")
def share_app(tmp_path_factory):
    """Module scope: when these tests run first, their app is stopped before tests/app
    builds its own (that conftest expects the only root in the window)."""
    from kivy.app import App
    running = App.get_running_app()
    if running is not None and getattr(running, "sm", None) is not None:
        yield running       # tests/app's window, still open in this process
        return
    from kivy.base import EventLoop
    from kivy.config import Config
    appconf.app_module.configure(False)
    Config.set("graphics", "width", str(appconf.WINDOW[0]))
    Config.set("graphics", "height", str(appconf.WINDOW[1]))
    Config.set("graphics", "maxfps", "0")
    app = appconf.app_module.build_app(data_dir=tmp_path_factory.mktemp("data"))
    app._run_prepare()
    app.dispatch("on_start")
    appconf.pump(0.3)
    yield app
    app.dispatch("on_stop")
    app.stop()
    EventLoop.quit = False


@pytest.fixture
def share_ui(share_app, tmp_path):
    """The app with a fresh data dir, on the Home screen, no popup open."""
    for view in list(appconf._window().children[:-1]):
        view.dismiss()
    appconf.pump(frames=2)
    share_app.reset(tmp_path / "data")
    appconf.pump(0.1)
    return share_app
