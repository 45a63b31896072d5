"""A physically based renderer of the table (Mitsuba 3), beside the 2D one: the same scenes and
truth as ``workbench.synthetic`` lays them out, as geometry under a room's light, photographed by a
camera with auto exposure and white balance.

    python -m workbench.physical OUT_DIR --frames N --seed S [--hands over|near] [--background]

Needs the optional extra ``render`` (``pip install -e '.[render]'``) and Debian's libllvm19.
"""
