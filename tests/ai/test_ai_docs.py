"""The computer player's docstring examples run (they are part of its documentation)."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["companion.ai", "companion.ai.heuristics", "companion.ai.world", "companion.ai.search",
           "companion.ai.view", "companion.ai.player", "companion.ai.baselines",
           "companion.ai.match", "companion.ai.coach", "companion.ai.prior",
           "workbench.train_value"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
