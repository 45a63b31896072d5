"""`splendor-companion rejudge SESSION_DIR [--json]` (session.md)."""
from __future__ import annotations

import argparse
import json
import sys


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "rejudge", help="judge a recorded table session again",
        description="Replay a session folder (stills, presses, answers, entries) through the "
                    "same referee code the app uses. Exit 0 when it could be judged, 2 when "
                    "the folder can't be read.")
    p.add_argument("session", metavar="SESSION_DIR", help="the session folder")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run_rejudge)


def _line(v: dict) -> str:
    if "setup" in v:
        return f"Setup (event {v['setup']}): {v['verdict']}. {v.get('message', '')}".rstrip()
    head = f"Press {v['press']} (seat {v['seat']}): {v['verdict']}"
    if v["verdict"] == "rejected":
        head += f" [{v['rule']}]"
    elif v["verdict"] == "question":
        head += f" [{v['question']}: {', '.join(str(c) for c in v['candidates'])}]"
    if v.get("asked"):
        head += f" after a {v['asked']} question"
    return f"{head}. {v.get('message', '')}".rstrip()


def run_rejudge(args: argparse.Namespace) -> int:
    from companion.i18n.commands import english as say
    from companion.i18n.files import english, english_note
    from companion.i18n.verdicts import english_verdict
    from companion.referee import rejudge
    from companion.referee.session import SessionError
    try:
        result = rejudge(args.session, say=english_verdict)
    except SessionError as err:
        print(english(err), file=sys.stderr)
        return 2
    for warning in result.pop("warnings"):
        print(english_note(warning), file=sys.stderr)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    for v in result["verdicts"]:
        print(_line(v))
    turns = sum(1 for line in result["record"] if line.get("type") == "end_turn")
    if result["finished"]:
        print(say("rejudged-over", turns=turns, winners=result["winners"]))
    else:
        print(say("rejudged-in-progress", turns=turns))
    return 0
