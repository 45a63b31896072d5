"""``rejudge``: a recorded session judged again, exactly as the app judged it live
(``spec/session.md``)."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Callable, Optional

from companion.engine import Rules
from companion.referee.referee import Referee, SetupError, default_reader
from companion.referee.verdict import Verdict
from companion.referee.session import Session, SessionError, read_session


def _load_observation(folder: Path, name, reader) -> tuple:
    """(observation or None, why not: its facts, a ``key`` and its values, which
    companion.i18n.camera says) for an image named by an event."""
    if not isinstance(name, str) or not name or "/" in name or "\\" in name:
        return None, {"key": "no-still-named"}
    path = folder / name
    if not path.exists():
        return None, {"key": "still-missing", "name": name}
    if name.endswith(".json"):
        from companion.engine.inputs import (MAX_SMALL_BYTES, InputError, JSONInputError,
                                             read_json)
        try:
            obs = read_json(path, "reading", MAX_SMALL_BYTES)
        except (InputError, JSONInputError) as err:   # the JSON reader's own words
            return None, {"key": "reading-damaged", "name": name, "detail": err.as_data()}
        if not isinstance(obs, dict):
            return None, {"key": "reading-not-an-object", "name": name}
        return obs, None
    from vision.image_file import ImageRefused, load_image_file
    try:
        image = load_image_file(path)
    except ImageRefused as exc:   # the image reader's cause and facts
        return None, {"key": "still-refused", "name": name, "detail": exc.as_data()}
    return (reader or default_reader())(image), None


def rejudge(folder, reader: Optional[Callable] = None,
            say: Optional[Callable] = None) -> dict:
    """Judge a session folder again, as the app judged it live (session.md, versions 1 and
    2: settled stills are kept as evidence for a forgotten press, an auto press is a press).

    ``say(game, verdict)``: the verdict's sentence for its ``message`` field (the command
    passes ``companion.i18n.verdicts.english_verdict``; ``game`` is the state it was judged
    on). Without it, verdicts carry only their codes and facts.

    Raises :class:`SessionError` when the folder can't be read. The result holds
    ``verdicts``, ``record``, ``finished``, ``winners`` and ``warnings`` (each a ``key`` and
    its values: ``companion.i18n.files.note`` says it).
    """
    session: Session = read_session(folder)
    try:
        rules = Rules(**session.rules)
    except (TypeError, ValueError):
        raise SessionError("house-rules")
    ref = Referee(session.players, session.first, rules, reader=reader)
    ref.forgotten_presses = session.version >= 2   # version 1 is judged as before
    verdicts: list = []
    presses = 0
    last_press = None
    warnings = list(session.warnings)
    folder = Path(folder)
    # The computer's moves, as the app judged its seats' turns against them (a press that
    # differs was rejected live, so it is here too); each applies from the event after it.
    from companion.referee.expectation import Expectation  # noqa: PLC0415
    from companion.referee.session import read_computer_moves
    moves, said = read_computer_moves(folder)
    warnings += said
    for number, ev in enumerate(session.events, start=1):
        while moves and moves[0][0] < number:
            _after, seat, start, lines = moves.pop(0)
            ref.expect = Expectation(seat, start, lines)
        kind = ev.get("type")
        if kind == "setup":
            if ref.game is not None:
                warnings.append({"key": "setup-twice", "number": number})
                continue
            obs, why = _load_observation(folder, ev.get("image"), reader)
            try:
                if obs is None:
                    raise SetupError(why)
                ref.confirm_setup(Referee.setup_from_observation(obs, session.players,
                                                                 session.first))
            except SetupError as err:
                # As in the app: the table is not confirmed, the players fix it and read again.
                # Presses until a readable setup are unreadable ("not set up yet").
                refused = Verdict("unreadable", None, data=err.data)
                verdicts.append({"setup": number,
                                 **refused.to_dict(message=_said(say, None, refused))})
        elif kind == "press":
            presses += 1
            seat = ev.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < len(session.players):
                raise SessionError("press-not-a-seat", number=number, seat=repr(seat),
                                   players=len(session.players))
            obs, why = _load_observation(folder, ev.get("image"), reader)
            before = _copy(ref.game, say)
            if obs is None and ref.game is not None:
                ref.pending_question = None
                verdict = Verdict("unreadable", seat, data=why)
            else:
                verdict = ref.judge_press(seat, obs)
            verdicts.append(verdict.to_dict(press=presses, message=_said(say, before, verdict)))
            last_press = len(verdicts) - 1
        elif kind == "still":
            # A settled still (version 2): evidence for a forgotten press, never a verdict.
            # One that can't be read is no evidence, as in the app.
            obs, why = _load_observation(folder, ev.get("image"), reader)
            if obs is None:   # said as a verdict's is (without say: its code and image)
                said = _said(say, None, Verdict("unreadable", None, data=why)) or (
                    f"{why['key']} ({why.get('name', '')})")
                warnings.append({"key": "still-no-evidence", "number": number, "said": said})
            ref.apply_still(obs)
        elif kind == "answer":
            if ref.pending_question is None:
                warnings.append({"key": "answer-not-asked", "number": number})
                continue
            before = _copy(ref.game, say)
            verdict = ref.answer(ev.get("value"))
            if last_press is not None:
                prev = verdicts[last_press]
                verdicts[last_press] = verdict.to_dict(press=prev["press"],
                                                       message=_said(say, before, verdict))
        elif kind == "entry":
            ref.apply_entry(ev.get("line"))
        elif kind == "undo":
            if ref.game is None:
                warnings.append({"key": "undo-before-setup", "number": number})
                continue
            ref.apply_undo()
        else:
            warnings.append({"key": "unknown-event", "number": number, "kind": kind})
    game = ref.game
    return {"verdicts": verdicts, "record": ref.record(),
            "finished": bool(game and game.finished),
            "winners": list(game.outcome.winners) if game and game.outcome else [],
            "warnings": warnings}


def _copy(game, say):
    """The game a verdict is judged on, kept for saying it (only when it will be said)."""
    return copy.deepcopy(game) if say is not None and game is not None else None


def _said(say, game, verdict) -> str:
    """The verdict's sentence (a press before the setup is confirmed has no game: its
    sentence, and a setup's, needs none)."""
    return say(game, verdict) if say is not None else ""
