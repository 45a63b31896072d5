"""The referee: from a seat's button press to a verdict, journalled so nothing is ever lost.

Plain Python (no Kivy): the app, the tests and ``splendor-companion rejudge`` run this code.

- :mod:`.referee` - :class:`Referee`: start, confirm the setup, press, answer, entry, undo,
  resume; every accepted turn committed to the journal before anyone is told.
- :mod:`.door` - :class:`RefereeDoor`: the one thread-safe way in for the app (a queue and one
  worker thread; immutable snapshots out).
- :mod:`.judge` (with :mod:`.seen`, :mod:`.attempts`, :mod:`.words`, :mod:`.verdict`) - the
  pure part: what the camera sees against every legal turn.
- :mod:`.recovery` - the journal opened and reconciled with the session records.
- :mod:`.rejudge` - a recorded session judged again (``spec/session.md``).

>>> import tempfile
>>> from companion.engine import SimulatedTable, TakeGems, EndTurn
>>> table = SimulatedTable(players=2, seed=3)
>>> ref = Referee.start(["Ana", "Ben"], first=table.setup.first, data_dir=tempfile.mkdtemp())
>>> ref.confirm_setup(table.setup)
>>> truth = table.new_game(); p = truth.active
>>> truth.push(TakeGems(p, (1, 1, 1, 0, 0, 0))); truth.push(EndTurn(p))
>>> ref.press(p, observation=expected_observation(truth)).kind
'accepted'
>>> ref.game.snapshot() == truth.snapshot()
True
>>> ref.close()
"""
from companion.referee.judge import answer_question, judge
from companion.referee.recovery import DataFolderError, open_journal
from companion.referee.referee import Referee, SetupError, default_reader
from companion.referee.rejudge import rejudge
from companion.referee.seen import ObservationError, Seen, expected_observation, read_seen
from companion.referee.verdict import Verdict

__all__ = ["Referee", "Verdict", "rejudge", "SetupError", "DataFolderError", "open_journal",
           "default_reader", "judge", "answer_question", "expected_observation",
           "read_seen", "Seen", "ObservationError"]
