"""The command's refusals (exit 2), shared by its subcommands: a cause and its facts, said by
``companion.i18n.league`` (the league says no sentence of its own)."""
from companion.engine.inputs import FileFacts


class UsageError(FileFacts):
    """A wrong word on the command line. Causes: ``not-host-port`` (``address``,
    ``example``), ``no-such-host`` (``host``), ``address-unusable`` (``host``, ``port``,
    ``reason``: the operating system's words), ``table-name`` (``most``: characters),
    ``no-table`` (``name``), ``no-postgres``, ``bench-seconds`` (``most``: seconds;
    ``interval``: its least and most), ``bench-phones`` (``least``, ``most``)."""
