"""The referee package's docstring examples run (the door, the judge, the package's own)."""
import doctest
import importlib
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "companion" / "referee"


@pytest.mark.parametrize("module", sorted(p.stem for p in PACKAGE.glob("*.py")))
def test_docstring_examples_run(module):
    name = "companion.referee" if module == "__init__" else f"companion.referee.{module}"
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
