"""The league's test in Settings, from its fact (companion.app.league.check) to a sentence;
the league server's answer to a body it can't take (``league.check.BodyError``'s cause and
facts) and its other refusals (:func:`answer_english`: a cause and its facts), in the English of
its API (league.md fixes the answer's shape, ``{"error": sentence}``); and its command's
refusals (``league.errors.UsageError``, ``league.store.StoreError``: duck-typed, the league is
above this floor), in the English ``splendor-league`` prints."""
from __future__ import annotations

from companion.i18n import _, in_records
from companion.i18n.files import json_sentence, with_reason


def check_words(fact: str) -> str:
    if fact == "answered":
        return _("The league answered and accepts this table's token.")
    if fact == "no-settings":
        return _("Enter the league's address, this table's name and its token first.")
    if fact == "unreachable":
        return _("The league did not answer: check its address and the network.")
    if fact == "token":
        return _("The league answered, but it does not accept this token.")
    if fact == "other-table":
        return _("The league answered, but this token belongs to another table.")
    return _("Something answered at that address, but it is not a league server.")


def body_words(err) -> str:
    """Why the league can't take a pushed body (``err.cause``, ``err.facts``)."""
    f = err.facts
    if err.cause == "not-json":
        said = json_sentence(f["json"])
        return _("The body is not JSON the league reads: {json}").format(
            json=said[:1].lower() + said[1:])
    if err.cause == "too-deep":
        return _("The body is nested more than {depth} levels deep.").format(**f)
    if err.cause == "not-a-body":
        return _('The body must be one object with exactly "revision" and "record".')
    if err.cause == "revision":
        return _('"revision" must be a whole number from 0 to {most}.').format(**f)
    if err.cause == "record":
        return _('"record" must be a non-empty list of record lines.')
    return _("The body is not what the league takes.")


body_english = in_records(
    body_words, """The same in the English of the league's API answers (league.md: ``{"error": sentence}``).""")


def answer_words(cause: str, f: dict) -> str:
    """Why the league's API refused a request (``cause``, its facts ``f``)."""
    if cause == "too-many":
        return _("Too many requests; try again in a moment.")
    if cause == "no-token":
        return _("This request needs a valid table token (Authorization: Bearer TOKEN).")
    if cause == "other-table":
        return _("This token belongs to table {owner}; it can't write the games of another "
                 "table.").format(**f)
    if cause == "game-id":
        return _("A game id is 1 to {most} letters, digits, '_' or '-'.").format(**f)
    if cause == "too-large":
        return _("The body is over {mb} MB; a game's record is far smaller.").format(**f)
    if cause == "record-refused":
        return _("Line {line} of the record was refused: {message}").format(**f)
    if cause == "no-game":
        return _("There is no game {game} from table {table}.").format(**f)
    if cause == "nothing-here":
        return _("There is nothing at this address.")
    if cause == "method":
        return _("This address does not take that method.")
    if cause == "content-length":
        return _("The Content-Length header is not a number.")
    if cause == "failed":
        return _("The league server failed on this request; the failure is logged.")
    return _("The league could not handle this request.")


answer_english = in_records(
    answer_words, """The same in the English of the league's API answers.""")


def league_words(err) -> str:
    """Why ``splendor-league`` refused (``err.cause``, ``err.facts``: a wrong word on its
    command line, or a database it can't use)."""
    cause, f = err.cause, with_reason(err.facts)
    if cause == "not-host-port":
        return _("The address {address} is not HOST:PORT (for example {example}).").format(**f)
    if cause == "no-such-host":
        return _("The address {host} can't be used: no such host on this machine.").format(**f)
    if cause == "address-unusable":
        return _("The address {host}:{port} can't be used ({reason}).").format(**f)
    if cause == "table-name":
        return _("A table name is 1 to {most} letters, digits, '_' or '-'.").format(**f)
    if cause == "no-table":
        return _("There is no table named {name}.").format(**f)
    if cause == "no-postgres":
        return _("PostgreSQL's server is not installed (Debian's postgresql package).")
    if cause == "bench-seconds":
        return _("--seconds must be more than 0 and at most {most}, and --interval from "
                 "{least_interval:g} to {most_interval:g}.").format(
                     most=f["most"], least_interval=f["interval"][0],
                     most_interval=f["interval"][1])
    if cause == "bench-phones":
        return _("--phones must be from {least} to {most}.").format(**f)
    if cause == "address":
        return _("The database address {database} can't be used ({reason}).").format(**f)
    if cause == "unreachable":
        return _("The database {database} can't be reached or used ({reason}).").format(**f)
    if cause == "table-exists":
        return _("There is already a table named {name}.").format(**f)
    return _("The league can't do that.")


league_english = in_records(
    league_words, """The same in the English ``splendor-league`` prints.""")


def command_words(fact: str, **f) -> str:
    """What ``splendor-league`` tells its user when a command did its work (``fact``, its
    facts ``f``)."""
    if fact == "listening":
        return _("The league is listening on {url}").format(**f)
    if fact == "registered":
        return _("Table {name} is registered. Its token (shown only this once; put it in the "
                 "table's settings):\n{token}").format(**f)
    if fact == "no-tables":
        return _("No table is registered yet (splendor-league add-table NAME).")
    if fact == "table-revoked":
        return _("{name}  (revoked)").format(**f)
    if fact == "revoked":
        return _("The token of table {name} is revoked; its games stay in the league.").format(**f)
    raise ValueError(f"no sentence for the league command fact {fact!r}")


command_english = in_records(
    command_words, """The same in the English ``splendor-league`` prints.""")
