"""What the commands print for bad input files, one case per cause, to compare two versions.

    python scripts/compare_file_errors.py run OUT.json [PREFIX...]   # every case (or those
                                         # named PREFIX...): exit code, stdout, stderr
    python scripts/compare_file_errors.py diff A.json B.json

An older version is run from an exported tree (``git archive REV | tar -x -C DIR``), with
``cd DIR && PYTHONPATH=DIR python .../compare_file_errors.py run BEFORE.json``.

The bad inputs are made afresh under a fixed folder (``/tmp/splendor-file-errors``) so the
paths in the sentences are the same in every run. Commands run as the user runs them
(``python -m companion.cli.main ...``); the league's 400s, the journal, the settings and the
session writer are called in one child process each that prints what a person reads (the
response body, the log line).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

# The bad files themselves; this script's folder is on the path when it runs as a script.
from error_files import (HEADER, HEADERS, PANELS, ROOT, SETUP, make_images, make_mats, make_misc,
                         make_records, make_sessions)


CHILD = r'''
import json, logging, os, sys
logging.basicConfig(stream=sys.stdout, format="%(levelname)s %(message)s", level=logging.WARNING)
case, arg = sys.argv[1], sys.stdin.buffer.read().decode("utf-8", "surrogateescape")


def said(err):   # the sentence a person reads: from companion.i18n once it says these
    try:
        from companion.i18n.files import english
    except ImportError:
        return err.message
    return english(err)


if case == "league-body":
    from league.check import BodyError, parse_body
    try:
        parse_body(arg.encode("utf-8", "surrogateescape"))
        print("accepted")
    except BodyError as err:
        try:   # the sentence from its facts, once companion.i18n says it
            from companion.i18n.league import body_english
        except ImportError:
            body_english = lambda e: e.message
        print(400, body_english(err))
elif case == "league-record":
    from league.check import check_record
    summary, refused = check_record(json.loads(arg))
    print(refused and (refused.line, refused.rule, refused.message))
elif case == "journal":
    from companion.referee.recovery import open_journal
    try:
        j, notes = open_journal(arg)
        print([n.code for n in notes])
    except Exception as err:
        print(type(err).__name__, err)
elif case == "journal-export":
    from companion.referee.journal import Journal, JournalError
    j = Journal(os.path.join(arg, "j.sqlite"))
    try:
        j.export(99, os.path.join(arg, "out.jsonl"))
    except JournalError as err:
        print(said(err))
elif case == "settings":
    from companion.app.settings import Settings
    print(Settings.load(arg).notices)
elif case == "writer":
    from companion.referee.session import SessionWriter
    SessionWriter(arg)
elif case == "share-export":
    from companion.referee.journal import Journal
    from companion.share.bgstats import ShareError, export_history
    import tempfile
    j = Journal(os.path.join(tempfile.mkdtemp(), "j.sqlite"))
    try:
        export_history(j, arg)
    except ShareError as err:
        try:   # the sentence from its facts, once companion.i18n says it
            from companion.i18n.sharing import say as share_said
        except ImportError:
            share_said = lambda e: e.message
        print(err.code, share_said(err))
elif case == "league-store":   # a table registered twice
    from league.store import Store, StoreError
    store = Store("sqlite:///" + os.path.join(arg, "l.sqlite"))
    store.migrate()
    store.add_table("club-1")
    try:
        store.add_table("club-1")
    except StoreError as err:
        try:
            from companion.i18n.league import league_english
        except ImportError:
            league_english = lambda e: e.message
        print(league_english(err))
elif case == "league-commands":   # splendor-league's human output: tables, add-table, revoke
    import contextlib
    import io

    from league.cli import main as league_main
    db = "sqlite:///" + os.path.join(arg, "l.sqlite")
    for argv in (["tables"], ["add-table", "club-1"], ["add-table", "club-2"],
                 ["revoke", "club-1"], ["tables"]):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = league_main([*argv, "--db", db])
        lines = out.getvalue().splitlines()
        if argv[0] == "add-table":   # the token is new each time: its shape only
            lines[-1] = f"<token of {len(lines[-1])} characters>"
        print(code, *lines, sep="\n")
elif case == "league-api":   # every answer of the API that is not a success
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from league.app import Limits, create_app
    from league.limits import Rate
    from league.store import Store
    store = Store("sqlite:///" + os.path.join(arg, "l.sqlite"))
    store.migrate()
    token, other = store.add_table("club-1"), store.add_table("club-2")
    t = 0.0
    app = create_app(store, Limits(push=Rate(per_second=1, burst=2),
                                   address=Rate(per_second=1, burst=3)), clock=lambda: t)
    c = TestClient(app, raise_server_exceptions=False)
    own = {"Authorization": "Bearer " + token}
    body = json.dumps({"revision": 1, "record": [
        '{"format": "splendor-record", "version": 1, "players": ["A", "B"]}',
        '{"type": "setup", "first": 0, "nobles": ["N03", "N07", "N01"], "market": '
        '[["1W01", "1U04", "1R02", "1K07"], ["2G01", "2W05", "2R03", "2K02"], '
        '["3U02", "3W01", "3G04", "3R03"]]}',
        '{"type": "take", "player": 0, "gems": {"red": 5}}']})
    def show(r):
        print(r.status_code, r.headers.get("retry-after"), r.headers.get("www-authenticate"),
              r.text)
    answers = [
        ("put", "/api/v1/tables/club-1/games/g1", {}, "{}"),
        ("put", "/api/v1/tables/club-2/games/g1", own, "{}"),
        ("put", "/api/v1/tables/club-1/games/bad%20id", own, "{}"),
        ("put", "/api/v1/tables/club-1/games/g1", own, "x" * (6 * 1024 * 1024)),
        ("put", "/api/v1/tables/club-1/games/g1", own, body),
        ("put", "/api/v1/tables/club-1/games/g1", {**own, "Content-Length": "ten"}, "{}"),
    ]
    for method, path, headers, data in answers:
        t += 100
        show(c.request(method, path, headers=headers, content=data))
    for method, path in (("get", "/api/v1/tables/club-1/games/nothing"),
                         ("get", "/api/v1/nowhere"), ("delete", "/api/v1/tables")):
        t += 100
        show(c.request(method, path))
    t += 100
    for _ in range(4):   # the address's burst of 3, then 429
        show(c.get("/api/v1/tables/club-1/games/nothing"))
    t += 100
    for _ in range(3):   # the table's burst of 2, then 429
        show(c.put("/api/v1/tables/club-1/games/g2", headers=own, content="{}"))
    t += 100   # a database gone under the server: 500 (its traceback, logged, is not shown)
    logging.getLogger("league").disabled = True
    store.engine.dispose()
    os.remove(os.path.join(arg, "l.sqlite"))
    show(c.get("/api/v1/tables"))
elif case == "mirror":
    from companion.referee.session import read_record_mirror, read_computer_moves
    try:   # the warnings as a person reads them, once companion.i18n says them
        from companion.i18n.files import english_note
    except ImportError:
        english_note = str
    print([english_note(w) for w in read_record_mirror(arg)[1]],
          [english_note(w) for w in read_computer_moves(arg)[1]])
'''


def cases(base: Path) -> list:
    """(name, argv for the CLI or ('child', case, arg))."""
    out = []
    records = make_records(base)
    for name, path in records.items():
        out.append((f"replay/{name}", ["replay", str(path)]))
        out.append((f"replay-json/{name}", ["replay", str(path), "--json"]))
    for name in ("missing", "folder", "device", "not-utf8", "empty", "h-duplicate-key",
                 "h-version-2", "h-one-player", "h-short-take", "too-large"):
        out.append((f"coach/{name}", ["coach", str(records[name]), "--iterations", "1"]))
        out.append((f"ai-move/{name}", ["ai-move", str(records[name]), "--iterations", "1"]))
        out.append((f"share/{name}", ["share", str(records[name])]))
    for name, path in make_sessions(base).items():
        out.append((f"rejudge/{name}", ["rejudge", str(path)]))
        out.append((f"rejudge-json/{name}", ["rejudge", str(path), "--json"]))
    for name, path in make_images(base).items():
        out.append((f"read-table/{name}", ["read-table", str(path)]))
    misc = make_misc(base)
    for name in ("folder", "latin1", "bad-toml", "big", "missing"):
        out.append((f"test-panel/{name}", ["test-panel", "--mock", "--config", str(misc[name])]))
    for name in ("folder", "bad-json", "big", "missing"):
        out.append((f"print-mat/{name}", ["print-mat", "--mat", str(misc[name]),
                                          str(base / "mat.pdf")]))
    out.append(("print-mat/out-device", ["print-mat", "/dev/null"]))
    out.append(("print-mat/out-folder", ["print-mat", str(misc["folder"])]))
    out.append(("print-tags/out-device", ["print-tags", "--ids", "1W01", "--", "/dev/null"]))
    for name, text in PANELS.items():
        p = base / "misc" / f"panel-{name}.toml"
        p.write_text(text, encoding="utf-8")
        out.append((f"test-panel/{name}", ["test-panel", "--mock", "--config", str(p)]))
    for name, path in make_mats(base).items():
        out.append((f"print-mat/{name}", ["print-mat", "--mat", str(path),
                                          str(base / "mat.pdf")]))
    out.append(("print-mat/no-out-folder", ["print-mat", str(base / "nowhere" / "mat.pdf")]))
    out.append(("print-mat/out-is-folder-tiles", ["print-mat", "--tiles", str(misc["folder"])]))
    out.append(("print-tags/unknown-id", ["print-tags", "--ids", "9Z99", "--",
                                          str(base / "tags.pdf")]))
    out.append(("print-tags/unknown-ids", ["print-tags", "--ids", "9Z99", "N99", "1W01", "--",
                                           str(base / "tags.pdf")]))
    out.append(("print-tags/no-out-folder", ["print-tags", "--ids", "1W01", "--",
                                             str(base / "nowhere" / "tags.pdf")]))
    # share: a record that breaks a rule, one never set up, one in progress
    r = base / "share"
    r.mkdir()
    for name, lines in (("broken", [HEADER, SETUP, '{"type": "take", "gems": {"red": 5}}']),
                        ("not-set-up", [HEADER]), ("in-progress", [HEADER, SETUP])):
        (r / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        out.append((f"share/{name}", ["share", str(r / f"{name}.jsonl")]))
    out.append(("share-export/folder-is-a-file", ("child", "share-export",
                                                  str(misc["bad-json"]))))
    for body in ('{"revision": 1,,}', '{"revision": 1, "revision": 2}', "[" * 40 + "]" * 40,
                 '{"revision": 1' + "0" * 30 + "}", '{"a": "\\ud800"}', "NaN", "\udcff",
                 '{"revision": 1}', '{"revision": -1, "record": [1]}',
                 '{"revision": true, "record": [1]}', '{"revision": 1, "record": []}',
                 '{"revision": 1, "record": [[[[[[[[[1]]]]]]]]]}'):
        out.append((f"league-body/{body[:40]}", ("child", "league-body", body)))
    for name, header in HEADERS.items():
        out.append((f"league-record/{name}", ("child", "league-record",
                                              json.dumps([header, SETUP]))))
    out.append(("league-record/empty", ("child", "league-record", "[]")))
    # read-table --camera: a camera that can't be opened here (CameraUnavailable), one that is
    # no camera at all
    for spec in ("pi", "pi:1", "usb:7", "usb:/dev/no-such-camera", "webcam", "image.jpg"):
        out.append((f"read-table-camera/{spec}", ["read-table", "--camera", spec]))
    # test-panel on real pins of a machine without GPIO (NoGpioError)
    out.append(("test-panel-gpio/none", ["test-panel", "--timeout", "1"]))
    # test-panel with a timeout of none, and stopped at its first question (stdin is empty)
    out.append(("test-panel-gpio/timeout-0", ["test-panel", "--mock", "--timeout", "0"]))
    out.append(("test-panel-gpio/stopped", ["test-panel", "--mock", "--timeout", "5"]))
    # the app refusing to start (StartupError): a wrong variable, a data folder, no screen
    app = {"SDL_VIDEODRIVER": "offscreen", "SPLENDOR_DEMO_EXIT": "1", "SPLENDOR_MOCK_GPIO": "1"}
    for name, value in (("SPLENDOR_SIZE", "abc"), ("SPLENDOR_SIZE", "99999999x1"),
                        ("SPLENDOR_DPI", "inf"), ("SPLENDOR_DEMO_DELAY", "nan"),
                        ("SPLENDOR_DEMO_PLAYERS", "9"), ("SPLENDOR_DEMO_SEED", "x"),
                        ("SPLENDOR_DEMO_COMPUTERS", "0,5"), ("SPLENDOR_DEMO_CAMERA_VIEW", "-1"),
                        ("SPLENDOR_KIOSK", "maybe"), ("SPLENDOR_MOCK_GPIO", "x" * 50)):
        out.append((f"app-start/{name}={value[:10]}", {"env": {**app, name: value},
                                                        "argv": ["--demo"]}))
    for name, folder in (("data-dir-is-file", misc["bad-json"]),
                         ("data-dir-cant-make", misc["bad-json"] / "data")):
        out.append((f"app-start/{name}", {"env": {**app, "SPLENDOR_DATA_DIR": str(folder)},
                                          "argv": ["--demo"]}))
    no_sdl = {"SDL_VIDEODRIVER": None, "WAYLAND_DISPLAY": None, "DISPLAY": None}
    for name, env in (("no-x", {"DISPLAY": ":77"}),
                      ("no-wayland", {"WAYLAND_DISPLAY": "wayland-77"}),
                      ("no-screen", {})):
        out.append((f"app-start/{name}", {"env": {**no_sdl, "SPLENDOR_KIOSK": "1", **env},
                                          "argv": []}))
    # splendor-league: wrong words on its command line (UsageError), a database it can't use
    # (StoreError), and every answer of its API that is not a success
    league_env = {"SPLENDOR_LEAGUE_DATA_DIR": str(base / "league-data")}
    db = f"sqlite:///{base / 'league.sqlite'}"
    for name, argv in (
            ("serve-not-host-port", ["serve", "--listen", "8000", "--db", db]),
            ("serve-address-unusable", ["serve", "--listen", "192.0.2.1:8000", "--db", db]),
            ("add-table-name", ["add-table", "no tables!", "--db", db]),
            ("revoke-no-table", ["revoke", "nobody", "--db", db]),
            ("db-address", ["tables", "--db", "nosuchdriver://x"]),
            ("db-unreachable", ["tables", "--db",
                                "postgresql://postgres@/x?host=/nonexistent&port=5999"]),
            ("bench-seconds", ["bench", "--seconds", "0"]),
            ("bench-phones", ["bench", "--phones", "99"])):
        out.append((f"league-cli/{name}", {"env": league_env,
                                           "argv": ["-m", "league.cli", *argv]}))
    for name in ("league-store", "league-api", "league-commands"):
        f = base / name
        f.mkdir()
        out.append((f"{name}/all", ("child", name, str(f))))
    # ai-match with a player that is none (PlayerSpecError)
    out.append(("ai-match/not-a-player", ["ai-match", "L9", "greedy"]))
    # the commands' own refusals of a wrong argument, and coach's of a record it can't coach
    good = str(records["h-short-take"])
    for name, argv in (
            ("ai-match/one-player", ["ai-match", "greedy"]),
            ("ai-match/no-games", ["ai-match", "greedy", "greedy", "--games", "0"]),
            ("ai-move/seconds", ["ai-move", good, "--seconds", "0"]),
            ("ai-move/iterations", ["ai-move", good, "--iterations", "0"]),
            ("coach/iterations", ["coach", good, "--iterations", "0"]),
            ("coach/seat", ["coach", str(base / "position" / "inside-a-turn.jsonl"),
                            "--seat", "5", "--iterations", "1"])):
        out.append((name, argv))
    # replay's and bench's human output: a finished game (one winner, and the tie-breaks if
    # random play reaches them), one in progress, one never set up, a line that breaks a rule
    from companion.engine.record import write_record
    from companion.engine.simulate import play_random_game
    d = base / "replay-said"
    d.mkdir()
    found = {}
    for seed in range(300):
        game = play_random_game(3, seed).game
        how = game.outcome.tie_break if game.outcome is not None else "unfinished"
        if (how or "one") not in found:
            found[how or "one"] = game
    for how, game in sorted(found.items()):
        write_record(game, d / f"{how}.jsonl")
        out.append((f"replay-said/{how}", ["replay", str(d / f"{how}.jsonl")]))
    for name, lines in (("in-progress", [HEADER, SETUP]), ("not-set-up", [HEADER]),
                        ("breaks-a-rule", [HEADER, SETUP, '{"type": "take", "player": 0, '
                                           '"gems": {"red": 5}}'])):
        (d / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        out.append((f"replay-said/{name}", ["replay", str(d / f"{name}.jsonl")]))
    out.append(("bench/seconds", ["bench", "--seconds", "0"]))
    out.append(("bench/seconds-nan", ["bench", "--seconds", "nan"]))
    # what print-mat and print-tags say when they wrote their PDF; share's QR code that can't be
    # written; read-table with no image to read
    w = base / "written"
    w.mkdir()
    out.append(("written/mat", ["print-mat", str(w / "mat.pdf")]))
    out.append(("written/mat-tiles", ["print-mat", "--tiles", str(w / "tiles.pdf")]))
    out.append(("written/tag", ["print-tags", "--ids", "1W01", "--", str(w / "tag.pdf")]))
    out.append(("written/tags", ["print-tags", "--ids", "1W01", "N03", "2G01", "--",
                                 str(w / "tags.pdf")]))
    out.append(("written/qr-folder", ["share", str(d / "one.jsonl"), "--qr", str(w)]))
    (w / "no-images").mkdir()
    out.append(("written/no-images", ["read-table", str(w / "no-images")]))
    # ai-move and coach on a record with no move to make (PositionError)
    p = base / "position"
    p.mkdir()
    for name, lines in (("breaks-a-rule", [HEADER, SETUP, '{"type": "take", "player": 0, '
                                           '"gems": {"red": 5}}']),
                        ("before-setup", [HEADER]),
                        ("inside-a-turn", [HEADER, SETUP, '{"type": "take", "player": 0, '
                                           '"gems": {"red": 1, "blue": 1, "green": 1}}'])):
        (p / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        # coach coaches a record cut inside a turn (exit 0, with CPU timings): ai-move only
        for command in ("ai-move",) if name == "inside-a-turn" else ("ai-move", "coach"):
            out.append((f"{command}-position/{name}", [command, str(p / f"{name}.jsonl"),
                                                       "--iterations", "1"]))

    def folder(name: str, files: dict) -> str:
        """A folder holding ``files`` (name -> text, or None for a folder of that name)."""
        f = base / name
        f.mkdir()
        for rel, text in files.items():
            if text is None:
                (f / rel).mkdir()
            elif isinstance(text, bytes):
                (f / rel).write_bytes(text)
            else:
                (f / rel).write_text(text)
        return str(f)

    for name, case, files in [
        ("journal/damaged", "journal",
         {"journal.sqlite": b"not a database at all" * 100}),
        ("journal/export-missing-game", "journal-export", {}),
        ("settings/duplicate-key", "settings", {"settings.json": '{"a": 1, "a": 2}'}),
        ("settings/folder", "settings", {"settings.json": None}),
        ("writer/damaged-events", "writer",
         {"events.jsonl": '{"type": "setup", "t": 0}\nnot json\n{"type": "press"}\n'}),
        ("mirror/damaged", "mirror", {"record.jsonl": HEADER + "\n{bad\n",
                                      "computer-moves.jsonl": '{"after": -1}\n'}),
        ("mirror/folders", "mirror", {"record.jsonl": None, "computer-moves.jsonl": None}),
    ]:
        out.append((name, ("child", case, folder(name.replace("/", "-"), files))))
    return out


def run(out_path: str, only: tuple = ()) -> None:
    """Every case, or those whose names start with one of ``only``."""
    only = tuple(only)
    if ROOT.exists():
        shutil.rmtree(ROOT)
    ROOT.mkdir()
    env = dict(os.environ, SPLENDOR_LANG="en", SPLENDOR_DATA_DIR=str(ROOT / "data"),
               PYTHONHASHSEED="0",
               OPENCV_LOG_LEVEL="ERROR")   # OpenCV's warnings carry a clock: they'd always differ
    results = {}
    for name, argv in cases(ROOT):
        if only and not name.startswith(only):
            continue
        stdin = b""
        case_env = env
        if isinstance(argv, dict):   # the app itself, under variables of its own
            case_env = {k: v for k, v in {**env, **argv["env"]}.items() if v is not None}
            argv = argv["argv"]
        if argv[:1] == ["-m"]:   # another module than companion.cli.main
            cmd = [sys.executable, *argv]
        elif isinstance(argv, tuple):   # the argument on stdin: a deep header is too long a word
            cmd = [sys.executable, "-c", CHILD, argv[1]]
            stdin = argv[2].encode("utf-8", "surrogateescape")
        else:
            cmd = [sys.executable, "-m", "companion.cli.main", *argv]
        p = subprocess.run(cmd, capture_output=True, env=case_env, timeout=300, input=stdin)
        results[name] = {"code": p.returncode,
                         "stdout": p.stdout.decode("utf-8", "replace"),
                         "stderr": p.stderr.decode("utf-8", "replace")}
        print(f"{p.returncode:3} {name}", file=sys.stderr)
    Path(out_path).write_text(json.dumps(results, indent=1) + "\n",
                              encoding="utf-8")
    print(f"{len(results)} cases written to {out_path}")


def diff(a_path: str, b_path: str) -> int:
    a = json.loads(Path(a_path).read_text(encoding="utf-8"))
    b = json.loads(Path(b_path).read_text(encoding="utf-8"))
    differ = 0
    for name in sorted(set(a) | set(b)):
        if a.get(name) != b.get(name):
            differ += 1
            print(f"--- {name}\n  before: {a.get(name)}\n  after:  {b.get(name)}")
    print(f"{len(set(a) | set(b))} cases compared (exit code, stdout, stderr), {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["run"] and len(sys.argv) >= 3:
        run(sys.argv[2], tuple(sys.argv[3:]))
    elif sys.argv[1:2] == ["diff"] and len(sys.argv) == 4:
        sys.exit(diff(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
