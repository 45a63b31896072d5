"""The card and noble data, the engine's docstring examples, and its standard-library-only rule."""
from __future__ import annotations

import ast
import collections
import doctest
import importlib
import pathlib
import sys

import pytest

from companion.engine import CARDS, GEMS, NOBLES

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "companion" / "engine"


def test_ninety_cards_forty_thirty_twenty():
    assert len(CARDS) == 90
    per_level = collections.Counter(c.level for c in CARDS.values())
    assert per_level == {1: 40, 2: 30, 3: 20}


def test_cards_per_colour_per_level():
    per = collections.Counter((c.level, GEMS[c.bonus]) for c in CARDS.values())
    for gem in GEMS:
        assert (per[(1, gem)], per[(2, gem)], per[(3, gem)]) == (8, 6, 4), gem


def test_ids_name_level_and_bonus():
    for cid, card in CARDS.items():
        assert cid[0] == str(card.level)
        assert "WUGRK"[card.bonus] == cid[1]


def test_rulebook_examples():
    blue4 = [c for c in CARDS.values() if GEMS[c.bonus] == "blue" and c.points == 4
             and c.cost_dict() == {"white": 6, "blue": 3, "black": 3}]
    assert len(blue4) == 1 and blue4[0].level == 3
    assert any(n.requires_dict() == {"white": 3, "blue": 3, "green": 3}
               for n in NOBLES.values())


def test_ten_nobles_worth_three():
    assert len(NOBLES) == 10 and all(n.points == 3 for n in NOBLES.values())
    assert all(sum(n.requires) in (8, 9) for n in NOBLES.values())


def test_data_matches_the_shared_reference():
    shared = ENGINE.parents[2] / "shared" / "reference"
    if not shared.exists():
        shared = pathlib.Path("/work/shared/reference")
    for name in ("cards.csv", "nobles.csv"):
        assert (ENGINE / "data" / name).read_bytes() == (shared / name).read_bytes(), name


@pytest.mark.parametrize("module", sorted(p.stem for p in ENGINE.glob("*.py")))
def test_docstring_examples_run(module):
    mod = importlib.import_module(f"companion.engine.{module}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_engine_imports_only_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: inside the engine
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in allowed and not name.startswith("companion.engine"):
                    offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_import_check_catches_a_foreign_import(tmp_path):
    # The check above must be able to fail: the same walk flags numpy.
    tree = ast.parse("import numpy\nfrom kivy.app import App\nimport json\n")
    tops = [n.names[0].name if isinstance(n, ast.Import) else n.module for n in ast.walk(tree)
            if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert [t for t in tops if t.split(".")[0] not in sys.stdlib_module_names] == \
        ["numpy", "kivy.app"]
