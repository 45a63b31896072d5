"""The press filter with exact timestamps: bounce, short taps, holds."""
from __future__ import annotations

from hardware.debounce import TURN_END, UNDO_REQUEST, PressFilter


def run(edges, debounce=0.05):
    """Feed (time, pressed) edges; settle checks run debounce after the last ignored edge."""
    f = PressFilter(debounce)
    events, settle_at, level = [], None, False
    for t, pressed in edges:
        if settle_at is not None and settle_at <= t:
            events += f.settle(level, settle_at)
            settle_at = None
        if pressed == "hold":
            events += f.hold()
            continue
        level = pressed
        got, settle = f.edge(pressed, t)
        events += got
        if settle:
            settle_at = t + debounce
    if settle_at is not None:
        events += f.settle(level, settle_at)
    return events, f


def bouncy(t0, final, n=5, gap=0.002):
    """n bounces ending at `final`, starting at t0."""
    return [(t0 + i * gap, final if i % 2 == 0 else not final) for i in range(2 * n - 1)]


def test_clean_press_and_release_is_one_turn_end():
    assert run([(0.0, True), (0.2, False)])[0] == [TURN_END]


def test_bounces_at_press_and_release_count_once():
    edges = bouncy(0.0, True) + bouncy(0.3, False)
    assert len(edges) == 18
    events, f = run(edges)
    assert events == [TURN_END] and not f.down


def test_long_burst_of_bounces_counts_once():
    # 15 bounces 8 ms apart: 112 ms of chatter, but never 50 ms of quiet inside it.
    edges = bouncy(0.0, True, n=8, gap=0.008) + bouncy(0.5, False, n=8, gap=0.008)
    assert run(edges)[0] == [TURN_END]


def test_first_edge_after_quiet_is_read_at_once():
    f = PressFilter(0.05)
    assert f.edge(True, 1.0) == ([], False) and f.down
    assert f.edge(False, 1.3) == ([TURN_END], False)


def test_tap_shorter_than_debounce_is_read_when_the_contact_settles():
    assert run([(0.0, True), (0.02, False)])[0] == [TURN_END]


def test_two_presses_a_debounce_apart_are_two_turn_ends():
    edges = [(0.0, True), (0.2, False), (0.4, True), (0.6, False)]
    assert run(edges)[0] == [TURN_END, TURN_END]


def test_press_right_after_release_is_bounce_unless_it_stays_down():
    # Pressed again 10 ms after the release and kept down: a real second press, read on settle.
    events, f = run([(0.0, True), (0.2, False), (0.21, True)])
    assert events == [TURN_END] and f.down
    events, f = run([(0.0, True), (0.2, False), (0.21, True), (0.5, False)])
    assert events == [TURN_END, TURN_END]


def test_held_press_is_an_undo_request_and_its_release_is_nothing():
    events, _ = run([(0.0, True), (2.0, "hold"), (2.5, False)])
    assert events == [UNDO_REQUEST]


def test_hold_after_release_is_ignored():
    # gpiozero's hold thread can fire just as the button is released: one event, not two.
    assert run([(0.0, True), (2.0, False), (2.0, "hold")])[0] == [TURN_END]


def test_hold_fires_once_even_if_repeated():
    assert run([(0.0, True), (2.0, "hold"), (4.0, "hold"), (5.0, False)])[0] == [UNDO_REQUEST]
