"""The pipeline reuses its memory frame after frame (vision/heap.py): no fresh pages a frame.

Counted as page faults in a fresh interpreter, where the import order is the app's: without the
pinned heap, importing one more module at start-up made every frame fault ~8,000 fresh pages
(~32 MB, ~13 ms a frame here). A count, not a timing.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, resource, sys, cv2
from vision.pipeline import read_table
image = cv2.imread(sys.argv[1])
faults = []
for _ in range(5):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    read_table(image)
    faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
print(json.dumps(faults))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap")
def test_a_frame_after_the_first_takes_no_fresh_memory(sample_dir):
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(sample_dir / "sample-1.jpg")],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    faults = json.loads(proc.stdout.strip().splitlines()[-1])
    # The first frames warm the heap up; after them, fewer than 1,000 pages (4 MB) a frame.
    assert max(faults[2:]) < 1000, faults
