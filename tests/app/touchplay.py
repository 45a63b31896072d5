"""Playing the app by touches only: what a player's finger does for each kind of move."""
from companion.engine import CARDS, COLOURS, SimulatedTable
from companion.engine.actions import (BuyCard, PassTurn, ReserveBlind, ReserveCard, ReturnGems,
                                      TakeGems)
from tests.app.conftest import find, pump, tap_target, texts, type_into, wait_until
from tests.app.tablestates import find_state, start_in_app

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def hold(widget, seconds=0.09):
    """A finger held on a widget (a seat button press lasts longer than its 50 ms debounce)."""
    from kivy.base import EventLoop
    from kivy.tests.common import UnitTestTouch
    from tests.app.conftest import settle
    settle()
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    pump(seconds, frames=1)
    touch.touch_up()
    EventLoop.idle()


def start_game_by_touch(app, players=2, seed=4, seats=None, computers=None, hands_free=False):
    """Home -> Players -> Setup guide (every card entered by touch) -> Play. Returns the table.
    ``computers``: seat button -> level of the seats the computer plays (tapped to that level);
    ``hands_free``: the game's hands-free box is ticked by touch."""
    table = SimulatedTable(players=players, seed=seed, names=tuple(NAMES[:players]))
    seats = seats or list(range(players))
    tap_target("new")
    if app.sm.current != "players" and _all("confirm-new"):
        tap_target("confirm-new")    # a game is unfinished: the players confirm a new one
    assert app.sm.current == "players"
    for i, seat in enumerate(seats):
        type_into(f"name:{seat}", NAMES[i])      # the on-screen keyboard's part
    for seat, level in (computers or {}).items():
        for _ in range(level):
            tap_target(f"computer:{seat}")
    tap_target(f"first:{seats[table.setup.first]}")
    if hands_free:
        tap_target("hands-free")
    tap_target("start")
    assert app.sm.current == "setup", texts()
    tap_target("next")                           # tokens put back: confirmed by touch
    for level in (3, 2, 1):
        for i in range(4):
            card = table.setup.market[level - 1][i]
            tap_target(f"slot:{level}:{i}")
            type_into("query" if False else _query(), card)
            tap_target(f"pick:{card}")
    tap_target("next")
    for i, noble in enumerate(table.setup.nobles):
        tap_target(f"slot:noble:{i}")
        type_into(_query(), noble)
        tap_target(f"pick:{noble}")
    tap_target("next")
    tap_target("next")                           # "Start the game": the players confirm
    wait_until(lambda: app.sm.current == "play", what="the Play screen")
    return table


def _query():
    """The search field of the open popup (named for the tests)."""
    from kivy.core.window import Window
    from companion.ui.widgets import SearchPopup
    popups = [w for w in Window.children if isinstance(w, SearchPopup)]
    assert popups, "no search popup is open"
    popups[-1].ids.query.target = "query"
    return "query"


def three_gems_picked(app):
    """A 3-player game's first turn on the Play screen, its player's three gems touched: the
    prompt shows Take. Returns the table."""
    table, _lines = find_state(3, "start")
    start_in_app(app.ctl, table)
    app.go("play")
    pump(frames=2)
    for colour in COLOURS[:3]:
        tap_target(f"gem:{colour}")
    return table


def choose(game, rng):
    """A random legal main action, buying more often than not so games end sooner."""
    options = list(game.legal_main_actions())
    buys = [a for a in options if type(a) is BuyCard]
    if buys and rng.random() < 0.85:
        return rng.choice(buys)
    takes = [a for a in options if type(a) is TakeGems]
    if takes and rng.random() < 0.9:
        return rng.choice(takes)
    return rng.choice(options)


def enter_main(app, action, table):
    """Touch in one main action; returns the action as the table really did it."""
    kind = type(action)
    if kind is TakeGems:
        for i, n in enumerate(action.gems):
            for _ in range(n):
                tap_target(f"gem:{COLOURS[i]}")
        tap_target("take")
    elif kind is ReserveCard:
        tap_target(f"card:{action.card}")
        tap_target("reserve")
    elif kind is ReserveBlind:
        tap_target(f"deck:{action.level}")
        tap_target("reserve-deck")
        action = table.blind_reserve(action, scan=False)
    elif kind is BuyCard:
        on_market = [w for w in _all(f"card:{action.card}")]
        if on_market:
            tap_target(f"card:{action.card}")
            tap_target("buy")
        else:
            tap_target("reserved")
            tap_target(f"buy:{action.card}")
    elif kind is PassTurn:
        tap_target("pass")
    return action


def _all(target):
    from tests.app.conftest import find_all
    return find_all(target)


def finish_turn(app, table, rng, use_seat_button=True):
    """Reveals, returns and a noble by touch, then the seat's button. Returns the lines."""
    ctl = app.ctl
    e = ctl.entry
    while True:
        step = e.step()
        if step[0] == "reveal":
            _, level, slot = step
            card = table.draw(level)
            tap_target("reveal")
            type_into(_query(), card)
            tap_target(f"pick:{card}")
        elif step[0] == "return":
            options = [a for a in e.game.legal_end_steps()
                       if type(a) is ReturnGems and sum(a.gems) == step[1]]
            gems = rng.choice(options).gems
            for i, n in enumerate(gems):
                for _ in range(n):
                    tap_target(f"return:{COLOURS[i]}")
            tap_target("return")
        elif step[0] == "noble":
            tap_target(f"noble:{rng.choice(step[1])}")
        else:
            break
        assert not ctl.verdict or ctl.verdict.kind != "rejected", ctl.message
    lines = list(e.lines) + [e.end_line()]
    turn = ctl.game.turn
    if use_seat_button:
        hold(find(f"seat:{ctl.button_of[ctl.game.active]}"))
    else:
        tap_target("end")
    try:
        wait_until(lambda: ctl.game.turn > turn, what="the turn to be accepted")
    except AssertionError as err:
        raise AssertionError(f"{err} The screen says: {ctl.message!r}; lines {lines}; "
                             f"seat buttons {ctl.button_of}") from None
    return lines


def greedy(game, rng):
    """The buy worth most points, else a take of 3 colours: a shorter game (about 50 turns for
    two players instead of 70), for the games played in other languages."""
    options = list(game.legal_main_actions())
    buys = [a for a in options if type(a) is BuyCard]
    if buys:
        best = max(CARDS[a.card].points for a in buys)
        return rng.choice([a for a in buys if CARDS[a.card].points == best])
    takes = [a for a in options if type(a) is TakeGems and sum(a.gems) == 3] or \
        [a for a in options if type(a) is TakeGems]
    return rng.choice(takes or options)


def play_turn(app, table, rng, use_seat_button=True, pick=choose):
    ctl = app.ctl
    action = pick(ctl.entry.game, rng)
    enter_main(app, action, table)
    assert ctl.verdict is not None and ctl.verdict.kind == "entered", ctl.message
    return finish_turn(app, table, rng, use_seat_button)
