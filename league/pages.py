"""The read-only pages: ``/`` (standings and live tables) and ``/tables/{table}`` (one game
as a picture), and the page data their scripts poll every 2 seconds.

Nothing a player typed ever becomes markup: the HTML holds only the catalog's words (escaped
all the same); names arrive as JSON and the scripts put them in with ``textContent``. The
Content-Security-Policy allows scripts from this server's files only (no inline script).
"""
from __future__ import annotations

import html
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from companion.engine import CARDS, NOBLES
from league import words
from league.standings import iso_time, standings
from league.store import valid_table_name

STATIC = Path(__file__).resolve().parent / "static"
ASSETS = {"league.css": "text/css", "league.js": "text/javascript",
          "table.js": "text/javascript"}
PATHS = ["/", "/live.json", "/tables/{table}", "/tables/{table}/live.json",
         "/static/{name}"]
GEMS = ("white", "blue", "green", "red", "black")

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'")


class SecurityHeaders(BaseHTTPMiddleware):
    async def dispatch(self, request, call_next):
        response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        if response.headers.get("content-type", "").startswith("text/html"):
            response.headers["Content-Security-Policy"] = CSP
        return response


def _lang(request: Request) -> str:
    return words.choose(request.query_params.get("lang"),
                        request.headers.get("accept-language"))


def _fill(template: str, language: str, **extra) -> str:
    values = {f"w_{k}": v for k, v in words.WORDS[language].items() if isinstance(v, str)}
    values.update(extra)
    out = template
    for key, value in values.items():
        out = out.replace("{{" + key + "}}", html.escape(str(value)))
    return out


def _language_links(lang: str, path: str) -> str:
    links = []
    for code, name in words.LANGUAGES.items():
        current = ' aria-current="true"' if code == lang else ""
        links.append(f'<a href="{html.escape(path)}?lang={code}"{current} lang="{code}">'
                     f'{html.escape(name)}</a>')
    return " ".join(links)


async def handle(request: Request, store) -> Response:
    path = request.url.path
    lang = _lang(request)
    if path == "/":
        text = _fill((STATIC / "index.html").read_text("utf-8"), lang, lang=lang)
        return HTMLResponse(text.replace("{{languages}}", _language_links(lang, "/")))
    if path == "/live.json":
        return JSONResponse(await run_in_threadpool(overview, store, lang),
                            headers={"Cache-Control": "no-store"})
    if path.startswith("/static/"):
        name = request.path_params["name"]
        if name not in ASSETS:
            return JSONResponse({"error": "There is nothing at this address."}, 404)
        return Response((STATIC / name).read_bytes(), media_type=ASSETS[name],
                        headers={"Cache-Control": "max-age=60"})
    table = request.path_params.get("table", "")
    if not valid_table_name(table):
        return JSONResponse({"error": "There is nothing at this address."}, 404)
    if path.endswith("/live.json"):
        return JSONResponse(await run_in_threadpool(one_table, store, table, lang),
                            headers={"Cache-Control": "no-store"})
    text = _fill((STATIC / "table.html").read_text("utf-8"), lang, lang=lang, table=table,
                 heading=words.word(lang, "table", table=table))
    return HTMLResponse(text.replace("{{languages}}", _language_links(lang, f"/tables/{table}")))


def _table_view(lang: str, row: dict) -> dict:
    s = row["summary"]
    return {
        "table": row["table"], "game": row["game"],
        "heading": words.word(lang, "table", table=row["table"]),
        "players": [{"name": n, "points": p, "active": i == s["active"],
                     "winner": i in s["winners"]}
                    for i, (n, p) in enumerate(zip(s["players"], s["points"]))],
        "turn": words.word(lang, "turn", n=s["turn"] + (0 if s["finished"] else 1)),
        "status": words.status_words(lang, s),
        "last_move": (words.word(lang, "last_move",
                                 move=words.move_words(lang, s["last_move"], s["players"]))
                      if s.get("last_move") else ""),
        "finished": s["finished"],
        "updated": iso_time(row["updated"]),
        "revision": row["revision"],
    }


def overview(store, lang: str) -> dict:
    return {"lang": lang,
            "standings": standings(store.finished_summaries()),
            "tables": [_table_view(lang, r) for r in store.live()],
            "words": {k: words.WORDS[lang][k] for k in ("no_standings", "no_tables", "offline",
                                                         "pts")}}


def one_table(store, table: str, lang: str) -> dict:
    live = [r for r in store.live() if r["table"] == table]
    w = {k: v for k, v in words.WORDS[lang].items() if isinstance(v, str)}
    if not live:
        return {"lang": lang, "table": table, "game": None, "words": w,
                "message": words.word(lang, "no_game", table=table)}
    row = live[0]
    s = row["summary"]
    view = _table_view(lang, row)
    view.update({
        "lang": lang, "words": w,
        "market": [[_card(c) for c in r] for r in s["market"]],
        "decks": s["decks"],
        "nobles": [{"id": n, "points": NOBLES[n].points, "requires": NOBLES[n].requires_dict()}
                   for n in s["nobles"]],
        "bank": s["bank"],
        "seats": [dict(seat, active=(i == s["active"]), winner=(i in s["winners"]))
                  for i, seat in enumerate(s["seats"])],
    })
    return view


def _card(card_id):
    if card_id is None:
        return None
    card = CARDS[card_id]
    return {"id": card.id, "level": card.level, "bonus": GEMS[card.bonus],
            "points": card.points, "cost": card.cost_dict()}
