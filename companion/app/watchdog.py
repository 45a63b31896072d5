"""Talk to systemd: readiness, status line, watchdog pings, and stopping.

The service unit (``systemd/splendor-companion.service``) is ``Type=notify``
with ``WatchdogSec=``: systemd waits for ``READY=1`` before it counts the app
as started, then restarts it if ``WATCHDOG=1`` does not arrive in time. The
pings are scheduled on the app's own clock (Kivy's ``Clock``), so they stop
when the UI's main loop freezes, and a frozen table screen gets restarted.

This is the standard ``sd_notify`` protocol: newline-separated ``KEY=value``
lines in one datagram sent to the AF_UNIX socket named by ``$NOTIFY_SOCKET``
(a path, or ``@name`` for Linux's abstract namespace). Standard library only,
no Kivy import: anything with ``schedule_interval(callback, seconds)`` is a
clock. Outside systemd (no ``$NOTIFY_SOCKET``) every call is a silent no-op.
"""
from __future__ import annotations

import logging
import os
import socket
from typing import Any, Mapping

log = logging.getLogger(__name__)


class Watchdog:
    """The app's link to systemd's service manager.

    ``environ`` defaults to ``os.environ`` and ``pid`` to ``os.getpid()``;
    both are read once, when the object is made.
    """

    def __init__(self, environ: Mapping[str, str] | None = None, pid: int | None = None):
        env = os.environ if environ is None else environ
        self.address = _socket_address(env.get("NOTIFY_SOCKET", ""))
        self.interval = _ping_interval(env, os.getpid() if pid is None else pid)
        self._warned = False

    @property
    def enabled(self) -> bool:
        """True when a service manager is listening for notifications."""
        return self.address is not None

    def notify(self, *lines: str) -> bool:
        """Send ``KEY=value`` lines in one datagram; True if it was sent.

        Never raises: a lost notification must not take the table screen
        down. The first failure is logged, later ones are not.
        """
        if self.address is None:
            return False
        message = "\n".join(lines).encode("utf-8")
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.connect(self.address)
                sock.sendall(message)
        except OSError as exc:
            if not self._warned:
                log.warning("Could not notify the service manager: %s", exc)
                self._warned = True
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        """Tell systemd that start-up is finished (``READY=1``)."""
        lines = ["READY=1"]
        if status is not None:
            lines.append(_status_line(status))
        return self.notify(*lines)

    def status(self, text: str) -> bool:
        """Show one line of state in ``systemctl status`` (``STATUS=...``)."""
        return self.notify(_status_line(text))

    def ping(self, *_clock_args: Any) -> bool:
        """Feed the watchdog (``WATCHDOG=1``).

        Takes and ignores the clock's ``dt`` argument, so it can be
        scheduled directly.
        """
        return self.notify("WATCHDOG=1")

    def stopping(self, status: str | None = None) -> bool:
        """Tell systemd an orderly stop has begun (``STOPPING=1``)."""
        lines = ["STOPPING=1"]
        if status is not None:
            lines.append(_status_line(status))
        return self.notify(*lines)

    def schedule_with(self, clock: Any) -> Any:
        """Schedule :meth:`ping` every :attr:`interval` seconds on ``clock``.

        ``clock`` is Kivy's ``Clock`` or anything with
        ``schedule_interval(callback, seconds)``. Returns what the clock
        returns (Kivy's event, to cancel it), or None when no watchdog is
        asked for, in which case nothing is scheduled.
        """
        if self.interval is None or self.address is None:
            return None
        return clock.schedule_interval(self.ping, self.interval)


def _socket_address(value: str) -> str | bytes | None:
    """The address to send to, from ``$NOTIFY_SOCKET``; None if unusable."""
    if value.startswith("@") and len(value) > 1:
        # Abstract namespace: a leading NUL byte instead of the '@'.
        return b"\0" + value[1:].encode("utf-8")
    if value.startswith("/"):
        return value
    # Empty, or a form we don't speak (e.g. vsock:...): stay silent like sd_notify.
    return None


def _ping_interval(env: Mapping[str, str], pid: int) -> float | None:
    """Seconds between pings: half of ``$WATCHDOG_USEC``, as systemd advises.

    None when no watchdog is set, when the value is not a positive integer,
    or when ``$WATCHDOG_PID`` names another process (the watchdog is then
    that process's to feed, e.g. we are a child that inherited the variables).
    """
    usec = env.get("WATCHDOG_USEC", "")
    if not usec:
        return None
    watchdog_pid = env.get("WATCHDOG_PID", "")
    if watchdog_pid:
        try:
            if int(watchdog_pid) != pid:
                return None
        except ValueError:
            return None
    try:
        usec_value = int(usec)
    except ValueError:
        return None
    if usec_value <= 0:
        return None
    return usec_value / 2 / 1_000_000


def _status_line(text: str) -> str:
    # One notification line per key: a newline would start a bogus new key.
    return "STATUS=" + " ".join(str(text).split("\n"))
