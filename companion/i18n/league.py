"""The league's test in Settings, from its fact (companion.app.league.check) to a sentence;
and the league server's answer to a body it can't take (``league.check.BodyError``'s cause and
facts), in the English of its API."""
from __future__ import annotations

from companion.i18n import _, for_records
from companion.i18n.files import json_sentence


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


def body_english(err) -> str:
    """The same in the English of the league's API answers (league.md: ``{"error": sentence}``)."""
    with for_records():
        return body_words(err)
