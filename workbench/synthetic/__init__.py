"""The synthetic table: rendered photos of the mat with the read-table answer they should get.

Test and benchmark material only; nothing in the production path imports it (the demo and the
``synthetic`` frame source load it lazily).

    from workbench.synthetic import TableState, Conditions, render_table
    image_bgr, truth = render_table(TableState(...), Conditions(seed=1))
"""
from workbench.synthetic.scene import Conditions, TableState, random_conditions, random_table_state
from workbench.synthetic.table import render_table, write_frames

__all__ = ["TableState", "Conditions", "render_table", "random_table_state", "random_conditions",
           "write_frames"]
