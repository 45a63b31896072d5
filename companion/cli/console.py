"""What the commands print: control characters escaped, and a failed stdout ended cleanly.

Names and lines come from other people's files: an ESC sequence or a NUL in a player's name must
not reach the terminal raw, and a lone surrogate must not end in a UnicodeEncodeError. Every
subcommand's stdout and stderr go through :class:`EscapingStream`, which shows them as
``\\uXXXX`` (valid inside JSON strings too, so ``--json`` output stays JSON).

A full disk or a closed pipe on stdout (``> /dev/full``) ends the command with one sentence on
stderr and exit 1 (:func:`run_guarded`), without Python's "Exception ignored" at exit.
"""
from __future__ import annotations

import logging
import os
import sys

from companion.engine.inputs import escape
from companion.i18n.commands import english as say

STDOUT_FAILED = 1

log = logging.getLogger(__name__)


class EscapingStream:
    """A text stream that escapes control characters and lone surrogates as it writes."""

    def __init__(self, stream):
        self._stream = stream
        self.failed: OSError | None = None  # the first write error, kept for run_guarded

    def write(self, text: str) -> int:
        try:
            self._stream.write(escape(text))
        except OSError as exc:
            self.failed = self.failed or exc
            raise
        return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            self.failed = self.failed or exc
            raise

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def install() -> None:
    """Escape what the commands print from here on."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, EscapingStream):
            try:  # a terminal that is not UTF-8 shows \xNN rather than failing
                stream.reconfigure(errors="backslashreplace")
            except (AttributeError, ValueError, OSError) as err:
                # Not a text stream that can be reconfigured (a test's StringIO, a closed
                # pipe): it is still escaped below, and a write that fails is said then.
                log.debug("sys.%s keeps its error handler: %r", name, err)
            setattr(sys, name, EscapingStream(stream))


def uninstall() -> None:
    """Give the app its own streams back (Kivy colours its log with ESC sequences)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if isinstance(stream, EscapingStream):
            setattr(sys, name, stream._stream)


def _stdout_broken() -> bool:
    if getattr(sys.stdout, "failed", None) is not None:
        return True
    try:
        sys.stdout.flush()
        return False
    except (OSError, ValueError, AttributeError):   # AttributeError: no stdout at all (>&-)
        return True


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush has nowhere to fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        # No /dev/null or no stdout file: the interpreter's last flush may then fail too,
        # after the sentence and the exit code were given, which is all that can be said.
        return


def _say_stdout_failed(exc: BaseException | None) -> int:
    _silence_stdout()
    reason = getattr(exc, "strerror", None) or None   # None: the output was closed
    try:
        print(say("output-unwritable", reason=reason), file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError):
        return STDOUT_FAILED   # stderr is gone too: the exit code alone says it
    return STDOUT_FAILED


def run_guarded(func, *args) -> int:
    """Run a command; a write error on stdout becomes one sentence and exit 1."""
    try:
        try:
            code = func(*args)
        except SystemExit as exc:  # argparse's --help and usage errors
            code = exc.code
        code = code if isinstance(code, int) else (0 if code is None else 2)
    except (BrokenPipeError, OSError) as exc:
        if not _stdout_broken() and not isinstance(exc, BrokenPipeError):
            raise
        return _say_stdout_failed(exc)
    try:
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError) as exc:   # AttributeError: stdout closed (>&-)
        return _say_stdout_failed(None if isinstance(exc, AttributeError) else exc)
    return code
