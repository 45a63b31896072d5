"""The systemd notifications, read back from a real AF_UNIX datagram socket."""
from __future__ import annotations

import os
import socket
import uuid

import pytest

from companion.app.watchdog import Watchdog


@pytest.fixture
def notify_socket(tmp_path):
    """A socket bound where systemd's would be; yields (its path, the socket)."""
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(30)  # a safety net: every datagram is sent before it is read
    yield path, sock
    sock.close()


def received(sock) -> list[str]:
    return sock.recv(4096).decode("utf-8").split("\n")


def nothing_waiting(sock) -> bool:
    # A datagram on a local socket is queued when send returns: no need to wait for one.
    sock.setblocking(False)
    try:
        sock.recv(4096)
    except BlockingIOError:
        return True
    finally:
        sock.settimeout(30)
    return False


class FakeClock:
    """Records what a Kivy-like clock is asked to schedule."""

    def __init__(self):
        self.calls = []

    def schedule_interval(self, callback, seconds):
        self.calls.append((callback, seconds))
        return ("event", len(self.calls))


def test_ready_status_ping_stopping_arrive_as_sd_notify_datagrams(notify_socket):
    path, sock = notify_socket
    dog = Watchdog({"NOTIFY_SOCKET": path})
    assert dog.enabled
    assert dog.ready()
    assert received(sock) == ["READY=1"]
    assert dog.status("Waiting for 3 players")
    assert received(sock) == ["STATUS=Waiting for 3 players"]
    assert dog.ping()
    assert received(sock) == ["WATCHDOG=1"]
    assert dog.stopping("Saving the game")
    assert received(sock) == ["STOPPING=1", "STATUS=Saving the game"]


def test_ready_with_status_is_one_datagram(notify_socket):
    path, sock = notify_socket
    Watchdog({"NOTIFY_SOCKET": path}).ready("Table ready")
    assert received(sock) == ["READY=1", "STATUS=Table ready"]
    assert nothing_waiting(sock)


def test_status_with_a_newline_cannot_inject_another_key(notify_socket):
    path, sock = notify_socket
    Watchdog({"NOTIFY_SOCKET": path}).status("bad\nREADY=1")
    assert received(sock) == ["STATUS=bad READY=1"]


def test_abstract_namespace_socket():
    name = f"splendor-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name.encode())
    sock.settimeout(30)  # a safety net: every datagram is sent before it is read
    try:
        dog = Watchdog({"NOTIFY_SOCKET": "@" + name})
        assert dog.ready()
        assert dog.ping()
        assert received(sock) == ["READY=1"]
        assert received(sock) == ["WATCHDOG=1"]
    finally:
        sock.close()


def test_without_notify_socket_everything_is_a_silent_no_op(capsys, caplog):
    dog = Watchdog({})
    assert not dog.enabled
    assert dog.ready() is False
    assert dog.status("x") is False
    assert dog.ping() is False
    assert dog.stopping() is False
    clock = FakeClock()
    assert dog.schedule_with(clock) is None
    assert clock.calls == []
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""
    assert caplog.records == []


def test_a_vanished_socket_is_reported_once_and_never_raises(tmp_path, caplog):
    dog = Watchdog({"NOTIFY_SOCKET": str(tmp_path / "gone")})
    assert dog.ping() is False
    assert dog.ping() is False
    assert len([r for r in caplog.records if "service manager" in r.getMessage()]) == 1


def test_interval_is_half_of_watchdog_usec():
    assert Watchdog({"WATCHDOG_USEC": "30000000"}).interval == 15.0
    assert Watchdog({"WATCHDOG_USEC": "500000"}).interval == 0.25
    assert Watchdog({}).interval is None
    assert Watchdog({"WATCHDOG_USEC": "0"}).interval is None
    assert Watchdog({"WATCHDOG_USEC": "soon"}).interval is None


def test_watchdog_pid_is_honoured():
    me = os.getpid()
    env = {"WATCHDOG_USEC": "20000000"}
    assert Watchdog({**env, "WATCHDOG_PID": str(me)}).interval == 10.0
    # Inherited from a parent that systemd watches: not ours to feed.
    assert Watchdog({**env, "WATCHDOG_PID": str(me + 1)}).interval is None
    assert Watchdog({**env, "WATCHDOG_PID": "1234"}, pid=1234).interval == 10.0
    assert Watchdog({**env, "WATCHDOG_PID": "nope"}).interval is None


def test_schedule_with_puts_ping_on_the_clock_at_the_interval(notify_socket):
    path, sock = notify_socket
    dog = Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "8000000",
                    "WATCHDOG_PID": str(os.getpid())})
    clock = FakeClock()
    assert dog.schedule_with(clock) == ("event", 1)
    [(callback, seconds)] = clock.calls
    assert seconds == 4.0
    callback(4.01)  # the clock passes dt
    assert received(sock) == ["WATCHDOG=1"]


def test_schedule_with_does_nothing_when_no_watchdog_is_asked_for(notify_socket):
    path, _ = notify_socket
    clock = FakeClock()
    assert Watchdog({"NOTIFY_SOCKET": path}).schedule_with(clock) is None
    assert clock.calls == []
