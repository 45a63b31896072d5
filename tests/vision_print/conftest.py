"""Fixtures for the print tests: the real CLI and the packaged mat geometry."""
from __future__ import annotations

import pytest

from companion.cli.main import main


@pytest.fixture(scope="session")
def run_cli():
    """Run `splendor-companion ARGS...` in-process and return its exit code."""
    def run(*argv: str) -> int:
        return main([str(a) for a in argv])
    return run


@pytest.fixture(scope="session")
def mat_geometry():
    from vision.mat import load_mat
    return load_mat()
