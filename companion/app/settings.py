"""What the app remembers between games: ``settings.json`` in the data folder.

The file may have been edited by hand or copied from another machine: every field is checked,
and a field of the wrong type or value is replaced by its default with a notice the home screen
shows (never a crash). A file that can't be read at all (not JSON, not an object, a FIFO, too
big) gives the defaults and a notice too.
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable

from companion.engine import MAX_PLAYERS, SHORT_TAKE_CHOICES
from companion.engine.inputs import MAX_SMALL_BYTES, InputError, JSONInputError, read_json
from companion.i18n.files import english
from companion.i18n.notices import Notice, os_cause

log = logging.getLogger(__name__)
SHORT_TAKE = SHORT_TAKE_CHOICES  # the house rule's values, as the engine names them
MAX_NAMES = 12
MAX_NAME_LENGTH = 200  # far beyond a name typed at the table
SEATS = MAX_PLAYERS  # a name remembered per seat a game can have


def _names(value, limit: int) -> list | None:
    if not isinstance(value, list) or len(value) > limit * 4:
        return None
    if not all(isinstance(n, str) and len(n) <= MAX_NAME_LENGTH and n.isprintable()
               for n in value):
        return None
    return list(value)[:limit]


def _camera(value) -> str | None:
    if isinstance(value, str) and (value in ("none", "auto") or
                                   (value.isdigit() and len(value) <= 2)):
        return value
    return None


def _league_url(value) -> str | None:
    if isinstance(value, str) and len(value) <= 300 and value.isprintable() and (
            value == "" or value.startswith(("http://", "https://"))):
        return value
    return None


def _league_table(value) -> str | None:
    if isinstance(value, str) and len(value) <= 64 and all(
            c.isascii() and (c.isalnum() or c in "_-") for c in value):
        return value
    return None


def _league_token(value) -> str | None:
    if isinstance(value, str) and len(value) <= 200 and value.isprintable() and " " not in value:
        return value
    return None


#: field -> check returning the value to keep, or None when it is wrong (the notice names the
#: setting in the Settings screen's words: companion.i18n.notices.SETTING_WORDS)
_CHECKS = {
    "names": lambda v: _names(v, MAX_NAMES),
    "hints": lambda v: v if isinstance(v, bool) else None,
    "move_hint": lambda v: v if isinstance(v, bool) else None,
    "short_take": lambda v: v if isinstance(v, str) and v in SHORT_TAKE else None,
    "camera": _camera,
    "last_seats": lambda v: _names(v, SEATS),
    "league_url": _league_url,
    "league_table": _league_table,
    "league_token": _league_token,
}


@dataclass
class Settings:
    """What the app remembers between games (``settings.json`` in the data dir)."""

    names: list = field(default_factory=list)      # names typed before, most recent first
    hints: bool = False                             # affordability hints for the active player
    move_hint: bool = False                         # the Hint button: the computer's choice
    short_take: str = "when_scarce"                 # house rule
    camera: str = "none"                            # "none", "auto", or a device index
    last_seats: list = field(default_factory=list)  # names per seat button, last game
    # The league (league.md): its address, this table's name there and its token. Without
    # all three nothing is queued or sent.
    league_url: str = ""
    league_table: str = ""
    league_token: str = ""
    # Sentences about what was wrong in the file and replaced by defaults (not saved).
    notices: list = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def load(cls, data_dir: Path) -> "Settings":
        path = Path(data_dir) / "settings.json"
        try:
            obj = read_json(path, "settings file", MAX_SMALL_BYTES)
        except FileNotFoundError:
            return cls()
        except (InputError, JSONInputError) as err:
            log.warning("settings.json: %s", english(err))
            code = getattr(err, "errno", None)
            cause = os_cause(OSError(code, "")) if code else "damaged"
            return cls(notices=[Notice("settings-unreadable", cause=cause)])
        if not isinstance(obj, dict):
            return cls(notices=[Notice("settings-not-settings")])
        s, wrong = cls(), []
        for name, check in _CHECKS.items():
            if name not in obj:
                continue
            value = check(obj[name])
            if value is None:
                wrong.append(name)
                log.warning('settings.json: "%s" is %r; the default is used', name, obj[name])
            else:
                setattr(s, name, value)
        if wrong:
            s.notices.append(Notice("settings-reset", fields=wrong))
        return s

    def save(self, data_dir: Path) -> None:
        Path(data_dir).mkdir(parents=True, exist_ok=True)
        path = Path(data_dir) / "settings.json"
        tmp = path.with_suffix(".tmp")
        data = {k: v for k, v in asdict(self).items() if k != "notices"}
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(tmp, path)

    def remember(self, names: Iterable[str]) -> None:
        for name in reversed([n for n in names if n]):
            if name in self.names:
                self.names.remove(name)
            self.names.insert(0, name)
        del self.names[MAX_NAMES:]
