"""Every name the code uses is defined, and every import is used (pyflakes over the source).

A name left behind by a removal fails only when its line runs, perhaps on a screen a test never
opens (the demo camera's still() once named a renderer that was gone). An import kept only for
its side effect (a Kivy widget registered for a .kv file) says so with ``# noqa`` on its line.
"""
from pathlib import Path

import pytest
from pyflakes.api import checkPath
from pyflakes.reporter import Reporter

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "vision", "hardware", "workbench", "league", "scripts", "tests")


class _Found(Reporter):
    def __init__(self):
        self.problems = []

    def unexpectedError(self, filename, msg):
        self.problems.append(f"{filename}: {msg}")

    def syntaxError(self, filename, msg, lineno, offset, text):
        self.problems.append(f"{filename}:{lineno}: {msg}")

    def flake(self, message):
        line = Path(message.filename).read_text(encoding="utf-8").splitlines()[message.lineno - 1]
        if "# noqa" not in line:
            self.problems.append(str(message))


@pytest.mark.parametrize("package", PACKAGES)
def test_every_name_is_defined_and_every_import_used(package):
    found = _Found()
    for path in sorted((ROOT / package).rglob("*.py")):
        checkPath(str(path), found)
    assert found.problems == []
