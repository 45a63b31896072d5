"""`splendor-league`: serve, add-table, tables, revoke (and bench, the load benchmark).

Exit 0 when done, 2 with one sentence on stderr when the database can't be reached, the
address can't be used or an argument is wrong.
"""
from __future__ import annotations

import argparse
import logging
import socket
import sys

from companion.i18n.league import command_english, league_english
from league.errors import UsageError
from league.store import Store, StoreError, default_db_url, valid_table_name

DEFAULT_LISTEN = "127.0.0.1:8750"


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own words, as one sentence, exit 2
        self.print_usage(sys.stderr)
        print(f"{message[:1].upper()}{message[1:]}.", file=sys.stderr)
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="splendor-league",
                description="The league server: many tables push their games, one scoreboard.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    db_help = ("database URL: sqlite:///PATH or postgresql://USER@HOST/DB "
               "(default: league.sqlite in the data folder)")
    s = sub.add_parser("serve", help="run the server",
                       description="Serve the API and the pages. Loopback only unless told.")
    s.add_argument("--db", help=db_help)
    s.add_argument("--listen", default=DEFAULT_LISTEN, metavar="HOST:PORT",
                   help=f"address to listen on (default {DEFAULT_LISTEN}; port 0 picks a "
                        "free one and prints it)")
    s.set_defaults(func=run_serve)
    a = sub.add_parser("add-table", help="register a table and print its token once")
    a.add_argument("name", metavar="NAME", help="1-64 letters, digits, '_' or '-'")
    a.add_argument("--db", help=db_help)
    a.set_defaults(func=run_add_table)
    t = sub.add_parser("tables", help="list the registered tables")
    t.add_argument("--db", help=db_help)
    t.set_defaults(func=run_tables)
    r = sub.add_parser("revoke", help="revoke a table's token (its games stay)")
    r.add_argument("name", metavar="NAME")
    r.add_argument("--db", help=db_help)
    r.set_defaults(func=run_revoke)
    from league import bench
    bench.register(sub)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (StoreError, UsageError) as err:
        print(league_english(err), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def open_store(args) -> Store:
    store = Store(args.db or default_db_url())
    store.migrate()
    return store


def parse_listen(text: str) -> tuple:
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise UsageError("not-host-port", address=text, example=DEFAULT_LISTEN)
    return host, int(port)


def bind(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise UsageError("no-such-host", host=host)
    family, _, _, _, addr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(1024)
    except OSError as err:
        sock.close()
        raise UsageError("address-unusable", host=host, port=port, reason=err.strerror)
    sock.set_inheritable(True)
    return sock


def run_serve(args) -> int:
    import uvicorn

    from league.app import create_app
    host, port = parse_listen(args.listen)
    store = open_store(args)
    sock = bind(host, port)
    shown = sock.getsockname()
    where = f"[{shown[0]}]" if ":" in shown[0] else shown[0]
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    print(command_english("listening", url=f"http://{where}:{shown[1]}/"), flush=True)
    config = uvicorn.Config(create_app(store), log_level="warning", access_log=False,
                            timeout_keep_alive=30, limit_concurrency=2000,
                            h11_max_incomplete_event_size=64 * 1024, lifespan="off")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        store.close()
    return 0


def run_add_table(args) -> int:
    if not valid_table_name(args.name):
        raise UsageError("table-name", most=64)
    token = open_store(args).add_table(args.name)
    print(command_english("registered", name=args.name, token=token))
    return 0


def run_tables(args) -> int:
    rows = open_store(args).list_tables()
    if not rows:
        print(command_english("no-tables"))
    for r in rows:
        print(command_english("table-revoked", name=r["name"]) if r["revoked"] else r["name"])
    return 0


def run_revoke(args) -> int:
    if not open_store(args).revoke(args.name):
        raise UsageError("no-table", name=args.name)
    print(command_english("revoked", name=args.name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
