"""What one still of a game tells the next: the table's light learnt at setup, and the cards
seen so far (pure functions over a :class:`TableMemory` the caller keeps between stills).

- **The light.** The setup still shows the full bank (7, 5 or 4 tokens of each gem by the
  number of players, 5 gold: the rules fix them) and the markers' white squares. From them:
  how each token colour and the white look against the mat under this table's light
  (:class:`TableLight`). Later stills are read with it, and it is learnt again when the light
  changes a lot (a lamp switched on: the white squares against the mat move by more than
  ``light_change``).
- **Cards seen before.** A card whose tag was read keeps its look (a small thumbnail of its
  slot against the mat). When a later still can't read a tag in that slot (a lamp's hot spot
  on a sleeve burns part of the code out), the card there is the one read before only if it
  still looks the same, cell by cell, outside the glare; otherwise the slot stays ``"?"``.
  A card is never named from memory when its slot looks different: a bought card replaced by
  another of a like colour stays unread.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import COLOURS, Mat, load_mat

#: The full bank at setup by number of players (the rulebook): gems 4/5/7, gold 5.
FULL_BANK = {2: 4, 3: 5, 4: 7}


@dataclass(frozen=True)
class TableLight:
    """How things look against the mat under this table's light: the markers' white squares
    (BGR ratio to the mat) and each token colour's body (BGR ratio, and its level: the mean)."""

    white: tuple[float, float, float]
    tokens: dict = field(default_factory=dict)  # colour -> (b, g, r) ratio to the mat
    #: the bare mat's colour in the still it was learnt from (BGR): its tint tells the light's
    mat: tuple[float, float, float] = (128.0, 128.0, 128.0)

    def level(self, colour: str) -> float | None:
        t = self.tokens.get(colour)
        return None if t is None else float(np.mean(t))


@dataclass
class TableMemory:
    """Kept by the caller between the stills of one game."""

    light: TableLight | None = None
    players: int | None = None
    #: slot path -> (id, thumbnail) of the card last read there
    cards: dict = field(default_factory=dict)
    relearnt: int = 0


def _mat_level(overview, mat: Mat) -> np.ndarray:
    """The bare mat's colour (BGR), from the overview's background model."""
    return np.median(overview.background.reshape(-1, 3), axis=0).astype(np.float32) + 1.0


def white_ratio(overview, mat: Mat | None = None) -> np.ndarray:
    """The markers' white squares (the paper round each code) against the mat (BGR ratio)."""
    mat = mat or load_mat()
    s = overview.px_per_mm
    vals = []
    for i in mat.marker_corners:
        x, y, w, h = mat.marker_paper_rect(i)
        # The paper ring only (the code's black modules inside it are not white).
        patch = overview.image[int((y + 1) * s):int((y + h - 1) * s), int((x + 1) * s):int((x + w - 1) * s)]
        if patch.size == 0:
            continue
        ring = np.ones(patch.shape[:2], bool)
        k = int(round((mat.marker_border + 1) * s))
        ring[k:-k, k:-k] = False
        px = patch[ring].astype(np.float32)
        bright = px[px.mean(axis=1) >= np.percentile(px.mean(axis=1), 50)]
        vals.append(np.median(bright, axis=0))
    if not vals:
        return np.ones(3, np.float32)
    return (np.median(vals, axis=0) + 1.0) / _mat_level(overview, mat)


def learn_light(reading, counts: dict[str, int], cfg: VisionConfig = DEFAULT_CONFIG
                ) -> TableLight | None:
    """The table's light from a still (an :class:`vision.pipeline.TableReading`) whose lanes
    hold ``counts`` tokens (colour -> count): at setup the full bank (:func:`full_bank`), later
    the lanes counted for certain. A lane read with another count teaches nothing. None when
    the still doesn't show the mat."""
    if not reading.result.get("mat") or reading.overview is None:
        return None
    from vision.stages.bank import _lane
    mat = load_mat()
    tokens = {}
    for c in COLOURS:
        want = counts.get(c)
        if not want or reading.result["bank"].get(c) != want:
            continue
        image, background, _ = _lane(reading.frame, reading.location, reading.overview, c, cfg,
                                     mat)
        ratio = image.astype(np.float32) / np.maximum(background, 8.0)
        on = np.abs(ratio - 1.0).max(axis=2) > cfg.deviation_ratio
        if on.sum() < 50:
            continue
        # The body: the middle of the token pixels by brightness (not its spots or its gem).
        px = ratio[on]
        lv = px.mean(axis=1)
        lo, hi = np.percentile(lv, [20, 60])
        body = px[(lv >= lo) & (lv <= hi)]
        tokens[c] = tuple(float(v) for v in np.median(body, axis=0))
    return TableLight(white=tuple(float(v) for v in white_ratio(reading.overview, mat)),
                      tokens=tokens,
                      mat=tuple(float(v) for v in _mat_level(reading.overview, mat)))


def full_bank(players: int) -> dict[str, int]:
    """The bank at setup: 4, 5 or 7 of each gem by the number of players, and 5 gold."""
    return {c: (5 if c == "gold" else FULL_BANK[players]) for c in COLOURS}


def light_changed(light: TableLight, overview, cfg: VisionConfig = DEFAULT_CONFIG) -> bool:
    """Has the light changed a lot since it was learnt? The bare mat (neutral grey) shows the
    light's tint through the camera's white balance, the white squares against it the glare:
    either moving by more than ``light_change``."""
    mat = load_mat()
    now = _mat_level(overview, mat)
    was = np.asarray(light.mat, np.float32)
    tint = np.log(now / now.mean()) - np.log(was / was.mean())
    white = np.log(white_ratio(overview, mat) / np.asarray(light.white))
    lim = np.log(1.0 + cfg.light_change)
    return bool(np.abs(tint).max() > lim or np.abs(white).max() > lim)


def relearn_light(light: TableLight, reading, cfg: VisionConfig = DEFAULT_CONFIG) -> TableLight:
    """After a big change: learnt again from this still's lanes counted for certain; a colour
    none of them shows keeps what was learnt before."""
    counts = {c: lane.count for c, lane in reading.bank.items() if lane.certain and lane.count}
    new = learn_light(reading, counts, cfg)
    if new is None:
        return light
    return TableLight(white=new.white, tokens={**light.tokens, **new.tokens}, mat=new.mat)


# --- cards seen before --------------------------------------------------------------------------

def slot_thumbnail(overview, rect, cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """A slot's look against the bare mat: its overview pixels over the mat's colour there,
    averaged into a small grid (cfg.recall_grid cells), float32 (rows, cols, 3)."""
    s = overview.px_per_mm
    x, y, w, h = rect
    i = cfg.slot_inset_mm
    sl = (slice(int(round((y + i) * s)), int(round((y + h - i) * s))),
          slice(int(round((x + i) * s)), int(round((x + w - i) * s))))
    img = overview.image[sl].astype(np.float32)
    bg = np.maximum(overview.background[sl].astype(np.float32), 8.0)
    cols, rows = cfg.recall_grid
    if w > h:
        cols, rows = rows, cols
    return cv2.resize(img / bg, (cols, rows), interpolation=cv2.INTER_AREA)


def same_card(was: np.ndarray, now: np.ndarray, cfg: VisionConfig = DEFAULT_CONFIG) -> bool:
    """Does a slot look as it did? Cell by cell (BGR ratios to the mat, log), glare left out:
    a cell much brighter now than before is under a hot spot and says nothing."""
    if was.shape != now.shape:
        return False
    d = np.log(np.maximum(now, 1e-3)) - np.log(np.maximum(was, 1e-3))
    step = d.mean(axis=2)
    glare = step - np.median(step) > np.log(1.0 + cfg.recall_glare)
    use = ~glare
    if use.mean() < cfg.recall_min_seen:
        return False
    # The light may have changed evenly: take out the common step before comparing.
    dd = d[use] - np.median(d[use], axis=0)
    agree = np.abs(dd).max(axis=1) < np.log(1.0 + cfg.recall_cell_diff)
    return bool(agree.mean() >= cfg.recall_min_agree)


def recall_cards(result: dict, overview, memory: TableMemory, covered: set,
                 cfg: VisionConfig = DEFAULT_CONFIG, mat: Mat | None = None) -> list[str]:
    """Slots reported "?" (something there, tag unread) that hold the card read there before,
    by its look: set in ``result`` in place; returns their paths."""
    mat = mat or load_mat()
    slots = mat.slots()
    done = []
    for path, (ident, thumb) in list(memory.cards.items()):
        if path in covered or _get(result, path) != "?":
            continue
        if ident in result["tags"]:
            continue  # read elsewhere now: it was moved
        if same_card(thumb, slot_thumbnail(overview, slots[path], cfg), cfg):
            _set(result, path, ident)
            done.append(path)
    return done


def remember_cards(result: dict, overview, memory: TableMemory, recalled: list[str],
                   cfg: VisionConfig = DEFAULT_CONFIG, mat: Mat | None = None) -> None:
    """Keep the look of every card read in this still; forget slots now empty or unread."""
    mat = mat or load_mat()
    covered = set(result.get("covered", []))
    for path, rect in mat.slots().items():
        if path in covered:
            continue
        v = _get(result, path)
        if isinstance(v, str) and v != "?":
            if path in recalled:
                continue  # keep the look from when it was read
            memory.cards[path] = (v, slot_thumbnail(overview, rect, cfg))
        else:
            memory.cards.pop(path, None)


def _get(result: dict, path: str):
    head, _, rest = path.partition(".")
    if head == "nobles":
        return result["nobles"][int(rest)]
    if head == "market":
        level, i = rest.split(".")
        return result["market"][level][int(i)]
    return result.get("scan")


def _set(result: dict, path: str, value) -> None:
    head, _, rest = path.partition(".")
    if head == "nobles":
        result["nobles"][int(rest)] = value
    elif head == "market":
        level, i = rest.split(".")
        result["market"][level][int(i)] = value
    else:
        result["scan"] = value
