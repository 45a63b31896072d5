"""The league's HTTP API and pages (Starlette). league.md is the contract.

Every handler that touches the database or replays a record runs in Starlette's thread pool
(plain SQLAlchemy Core, no async driver); the event loop only reads bodies and writes answers.
Every error answer is ``{"error": sentence}`` (422 adds ``line`` and ``rule``): the handlers
name its cause and facts, ``companion.i18n.league`` says the sentence in the API's English.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from league import pages
from companion.i18n.league import answer_english, body_english
from league.check import (GAME_ID, MAX_BODY_BYTES, BodyError, check_record, parse_body)
from league.limits import Limiter, Rate, retry_after
from league.standings import standings, table_entry
from league.store import Store, valid_table_name

# A body up to this size is read to its end even when over the cap, so its sender gets the 413.
MAX_DRAIN_BYTES = 4 * MAX_BODY_BYTES

log = logging.getLogger("league")


@dataclass(frozen=True)
class Limits:
    #: a table's pushes: one per accepted turn, a catch-up after a night offline in bursts
    push: Rate = Rate(per_second=10, burst=100)
    #: everything else, per client address: page polls, API reads, refused tokens
    address: Rate = Rate(per_second=30, burst=120)


def error(status: int, cause: str, headers=None, extra=None, **facts) -> JSONResponse:
    """The answer to a request refused for ``cause`` (its ``facts`` said in the sentence;
    ``extra``: fields beside ``error``)."""
    return JSONResponse({"error": answer_english(cause, facts), **(extra or {})},
                        status_code=status, headers=headers)


def refused_body(err: BodyError) -> JSONResponse:
    return JSONResponse({"error": body_english(err)}, status_code=400)


#: Starlette's own refusals (and read_body's), by status: their causes.
_STATUS_CAUSES = {404: "nothing-here", 405: "method"}


def create_app(store: Store, limits: Limits = Limits(), clock=None) -> Starlette:
    kw = {"clock": clock} if clock else {}
    push_limiter = Limiter(limits.push, **kw)
    address_limiter = Limiter(limits.address, **kw)

    def limited(limiter, key):
        wait = limiter.take(key)
        if wait:
            return error(429, "too-many", headers={"Retry-After": retry_after(wait)})
        return None

    def client(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    async def put_game(request: Request) -> Response:
        table, game = request.path_params["table"], request.path_params["game"]
        auth = request.headers.get("authorization", "")
        scheme, _, token = auth.partition(" ")
        owner = None
        if scheme.lower() == "bearer" and token.strip() and len(token) <= 200:
            owner = await run_in_threadpool(store.table_of_token, token.strip())
        if owner is None:
            return (limited(address_limiter, client(request))
                    or error(401, "no-token", headers={"WWW-Authenticate": "Bearer"}))
        if owner != table:
            return error(403, "other-table", owner=owner)
        refusal = limited(push_limiter, owner)
        if refusal:
            return refusal
        if not GAME_ID.fullmatch(game):
            return error(400, "game-id", most=64)
        raw = await read_body(request)
        if raw is None:
            return error(413, "too-large", mb=MAX_BODY_BYTES // (1024 * 1024))
        try:
            revision, record = parse_body(raw)
        except BodyError as err:
            return refused_body(err)
        summary, refused = await run_in_threadpool(check_record, record)
        if refused:
            return error(422, "record-refused", line=refused.line, message=refused.message,
                         extra={"line": refused.line, "rule": refused.rule})
        pushed = await run_in_threadpool(store.push, table, game, revision, record, summary)
        if pushed.stored:
            log.info("stored %s/%s revision %d", table, game, revision)
        return JSONResponse({"stored": pushed.stored, "revision": pushed.revision})

    async def get_game(request: Request) -> Response:
        refusal = limited(address_limiter, client(request))
        if refusal:
            return refusal
        table, game = request.path_params["table"], request.path_params["game"]
        row = None
        if valid_table_name(table) and GAME_ID.fullmatch(game):
            row = await run_in_threadpool(store.game, table, game)
        if row is None:
            return error(404, "no-game", game=game, table=table)
        return JSONResponse({"table": table, "game": game, "revision": row["revision"],
                             "record": row["record"]})

    async def get_tables(request: Request) -> Response:
        refusal = limited(address_limiter, client(request))
        if refusal:
            return refusal
        rows = await run_in_threadpool(store.live)
        return JSONResponse({"tables": [table_entry(r) for r in rows]})

    async def get_standings(request: Request) -> Response:
        refusal = limited(address_limiter, client(request))
        if refusal:
            return refusal
        rows = await run_in_threadpool(store.finished_summaries)
        return JSONResponse({"players": standings(rows)})

    async def page(request: Request) -> Response:
        refusal = limited(address_limiter, client(request))
        return refusal or await pages.handle(request, store)

    async def read_body(request: Request):
        """The body, or None when it is over the cap. A body a little over it is read to its
        end and dropped (never kept), so that the sender, still writing, reads its 413 instead
        of a broken pipe; one over MAX_DRAIN_BYTES is cut off at once."""
        length = request.headers.get("content-length")
        if length is not None:
            if not length.isdigit() or len(length) > 12:
                raise HTTPException(400, "content-length")
            if int(length) > MAX_DRAIN_BYTES:
                return None
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_DRAIN_BYTES:
                return None
            if size <= MAX_BODY_BYTES:
                chunks.append(chunk)
        return b"".join(chunks) if size <= MAX_BODY_BYTES else None

    async def http_error(request: Request, exc: HTTPException) -> Response:
        cause = _STATUS_CAUSES.get(exc.status_code)
        if cause is None:   # read_body's cause; Starlette's own words are none of ours
            cause = "content-length" if exc.detail == "content-length" else "not-handled"
        return error(exc.status_code, cause, headers=getattr(exc, "headers", None))

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("failed: %s %s", request.method, request.url.path)
        return error(500, "failed")

    routes = [
        Route("/api/v1/tables/{table}/games/{game}", put_game, methods=["PUT"]),
        Route("/api/v1/tables/{table}/games/{game}", get_game, methods=["GET"]),
        Route("/api/v1/tables", get_tables, methods=["GET"]),
        Route("/api/v1/standings", get_standings, methods=["GET"]),
    ] + [Route(path, page, methods=["GET"]) for path in pages.PATHS]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error,
                                                       Exception: server_error})
    app.add_middleware(pages.SecurityHeaders)
    return app
