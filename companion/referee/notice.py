"""What the referee tells the players about the app itself (the journal set aside and rebuilt,
games restored, a data folder that can't be written), as facts: a code and its values.

The referee says no sentence: ``companion.i18n.notices`` says a :class:`NoticeFacts` in the
screen's language (``Notice.of``), English in logs. An operating-system error is kept by its
common cause (:func:`os_cause`), never by the OS's own English text, which goes to the log.
"""
from __future__ import annotations

import errno
from dataclasses import dataclass

_CAUSES = {errno.ENOSPC: "no-space", errno.EROFS: "read-only", errno.EACCES: "permission",
           errno.EPERM: "permission", errno.ENOENT: "missing", errno.ENOTDIR: "missing"}
if hasattr(errno, "EDQUOT"):
    _CAUSES[errno.EDQUOT] = "no-space"


def os_cause(err: BaseException) -> str:
    """The common cause of an operating-system error, as a key ('other' if none of them)."""
    while err is not None and not isinstance(err, OSError):
        err = err.__cause__ or err.__context__
    return _CAUSES.get(getattr(err, "errno", None), "other")


@dataclass(frozen=True)
class NoticeFacts:
    """One notice as facts: ``code`` (``journal-set-aside``, ``games-restored``,
    ``game-restored``, ``folder-unwritable``) and ``facts``, its values as sorted
    (name, value) pairs of plain JSON values (:meth:`of` builds it from keywords)."""

    code: str
    facts: tuple = ()

    @classmethod
    def of(cls, code: str, **facts) -> "NoticeFacts":
        return cls(code, tuple(sorted(facts.items())))

    @property
    def data(self) -> dict:
        return dict(self.facts)


def gather(*parts) -> tuple:
    """Notices (each a NoticeFacts or a tuple of them) in order, none repeated."""
    out: list = []
    for part in parts:
        for item in (part if isinstance(part, tuple) else (part,)):
            if item and item not in out:
                out.append(item)
    return tuple(out)


__all__ = ["NoticeFacts", "gather", "os_cause"]
