"""The Play screen's room, shared out (a part of :class:`companion.ui.play.PlayScreen`): the
players' panels fold while the prompt needs their room, the prompt scrolls only where it may,
and the computer's move stands whole with its button beside it.

A mixin: ``PlayScreen`` draws and answers touches; this sizes what it drew. The decisions
(how much room, which columns) are plain Python in :func:`companion.ui.play_view.computer_room`.
"""
from __future__ import annotations

import math

from companion.ui import play_view as V
from companion.ui.common import app, ctl


class PromptRoom:
    """The sizing half of the Play screen (mixed into PlayScreen, which owns the widgets:
    ``head``, ``ask``, ``picture``, ``_scroll``, ``_column``, ``_tall``, ``_usual``, ``_done``)."""

    def _fit(self, *_):
        """The players' panels and the prompt's room (play_view.computer_room): the computer's
        move is shown whole, and in landscape every prompt but a referee's question (the
        panels fold to names and points while it is taller than the room under them: nothing
        to scroll in ordinary play). Otherwise, in portrait, the prompt takes at most 25 % of
        the height and scrolls beyond: the market keeps its rows touchable."""
        from kivy.core.window import Window  # lazy, as above
        if self._scroll is None:
            return
        grid = self.head.ids.players
        panels = list(reversed(grid.children))
        n, tap, gap = len(panels), app().tap, grid.spacing[1]
        folded = round(tap * 0.65)
        landscape = self._column is not None
        # The computer's move on screen (its picture; not under a referee's question, whose
        # pictures scroll as any other prompt's).
        shown = (bool(self.picture.parts) or landscape) and ctl().question is None and n > 0
        room = usual = 0
        pair = trio = False
        if shown:
            widest = max(p.folded_width() for p in panels)
            pair = n > 1 and widest <= (grid.width - gap) / 2
            trio = n == 3 and widest <= (grid.width - 2 * gap) / 3
            if landscape:
                room = self._column.height - self._column.spacing - self.head.spacing - \
                    self.head.ids.banner.height - n * self._tall - (n - 1) * gap
            else:
                usual = self._usual_height()
        r = V.computer_room(shown, landscape, n, self._tall, folded, gap, pair, self.ask.height,
                            room, usual, trio)
        grid.cols = r.columns
        for panel in panels:
            panel.folded = r.folded
            panel.height = folded if r.folded else self._tall
        if not landscape:
            self._scroll.height = r.prompt if r.prompt is not None else min(
                self.ask.height, Window.height * 0.25)

    def _usual_height(self):
        """The prompt's height on this turn without the computer's move: its usual hint and
        actions, no move, no message (the market has its usual rows then)."""
        ids, tap = self.ask.ids, app().tap
        box, flow, hint = ids.computer, ids.prompt, ids.hint
        words = text_height(hint, self._usual.hint) + 4 if self._usual.hint else 0
        actions = V.flow_height([tap * (4.4 if a.wide else 2.4) for a in self._usual.actions],
                                flow.width, tap, flow.spacing[1])
        return self.ask.height - (box.height - box.spacing * (len(box.children) - 1)) \
            - ids.message.height - (hint.height - words) - (flow.height - actions)

    def _place_picture(self):
        """The move's picture first in the prompt's flow while it has parts: the button that
        enters the move follows it, beside it when the row has room."""
        flow, picture = self.ask.ids.prompt, self.picture
        if picture.parts and picture.parent is None:
            flow.add_widget(picture, index=len(flow.children))
        elif not picture.parts and picture.parent is not None:
            flow.remove_widget(picture)

    def _size_done(self, *_):
        """The button that enters the computer's move stands beside the move's picture, as
        tall as it and as wide as the rest of the row (at most a wide button), when the row
        has a button's room: the picture and its button then take one row, not two (a card a
        quarter of the screen tall under 3 players' folded panels, in Polish and Korean too)."""
        b, flow, picture = self._done, self.ask.ids.prompt, self.picture
        if b is None or b.parent is None:      # (flow is a weak proxy: no identity test)
            return
        tap = app().tap
        rest = flow.width - flow.padding[0] - flow.padding[2] - picture.width - flow.spacing[0]
        if picture.parent is not None and picture.height > tap and rest >= tap * 2.2:
            b.size = (math.floor(min(rest, tap * 4.4)), max(tap, picture.height))
        else:
            b.size = (self._done_width, tap)


def text_height(label, text):
    """The height of ``text`` laid out as ``label`` lays out its own (font, wrap width)."""
    core = label._label
    probe = type(core)(**{k: v for k, v in core.options.items() if k not in ("text", "text_size")})
    probe.text = text
    probe.usersize = (label.text_size[0] or None, None)
    probe.refresh()
    return probe.texture.size[1] if probe.texture is not None else 0
