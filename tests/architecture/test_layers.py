"""The house's floors hold: no import points up a floor or across one, and no import circles.

``layers.py`` reads every module's imports from its source (the ones inside functions too) and
knows each package's floor. What is listed in ``KNOWN_*`` below is the debt still being paid
off (issue 35): the lists may only shrink. A new upward arrow or circle fails here with its
file and line.
"""
from tests.architecture.layers import FLOORS, cycles, graph, package_of, upward_arrows

KNOWN_UPWARD: set = set()  # paid off: the referee hands notices up as facts
KNOWN_CYCLES: list = []  # paid off: none may come back


def test_every_module_has_a_floor():
    edges, known = graph()
    assert all(package_of(m) for m in known), [m for m in known if not package_of(m)]


def test_no_import_points_up_a_floor():
    edges, _known = graph()
    arrows = {a.rpartition(" (line")[0] for a in upward_arrows(edges)}
    new = sorted(arrows - KNOWN_UPWARD)
    assert not new, "imports that point up or across a floor:\n" + "\n".join(
        a for a in upward_arrows(edges) if a.rpartition(" (line")[0] in new)


def test_the_runtime_never_imports_the_workbench():
    edges, _known = graph()
    runtime = ("companion.engine", "companion.referee", "companion.ai", "companion.i18n",
               "companion.app", "companion.share", "companion.ui", "vision", "hardware")
    bad = [f"{src} -> {dst} (line {line})" for src, targets in edges.items()
           for dst, line, _lazy in targets
           if package_of(src) in runtime and dst.startswith("workbench")]
    assert not bad, bad


def test_no_new_import_circles():
    edges, _known = graph()
    new = [c for c in cycles(edges) if c not in KNOWN_CYCLES]
    assert not new, new


def test_the_checker_sees_an_upward_arrow():
    """The check itself can fail: an engine module importing the referee is caught."""
    edges = {"companion.engine.game": [("companion.referee.judge", 3, False)],
             "companion.referee.judge": [("companion.engine.game", 1, False)]}
    assert upward_arrows(edges) == ["companion.engine.game -> companion.referee.judge (line 3)"]
    assert cycles(edges) == [["companion.engine.game", "companion.referee.judge"]]
    assert FLOORS["companion.engine"] < FLOORS["companion.referee"] < FLOORS["companion.i18n"]
