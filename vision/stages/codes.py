"""Stages 6-7: QR codes in the frame and in slot crops, and tags assigned to slots."""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.config import DEFAULT_CONFIG, VisionConfig
from vision.mat import Mat, load_mat
from vision.stages.locate import Frame, MatLocation, Rect, rectify
from vision.stages.overview import _grow
from vision.tags import Code, decode, is_noble, parse_payload, usable_decoders


# --- 6. QR codes --------------------------------------------------------------------------------

def fast_decoders(cfg: VisionConfig) -> tuple[str, ...]:
    """The decoders of ``cfg.decoders`` installed here that are among its fast ones (or the
    first installed one when none is)."""
    usable = usable_decoders(cfg.decoders)
    return tuple(d for d in usable if d in cfg.fast_decoders) or usable[:1]


def read_codes(frame: Frame, cfg: VisionConfig = DEFAULT_CONFIG,
               decoder: str | None = None) -> list[Code]:
    """Stage 6a: QR codes in the whole frame (the working copy), corners in full-frame px:
    with each fast decoder (or only ``decoder``); a code a later one reads again at the same
    place is kept once."""
    decoders = fast_decoders(cfg) if decoder is None else (decoder,)
    if not decoders:
        return []
    gray = frame.work_gray()
    codes: list[Code] = []
    for name in decoders:
        for c in decode(gray, name, whole_frame=True):
            x, y = c.centre
            if not any(o.text == c.text and abs(o.centre[0] - x) + abs(o.centre[1] - y) < 20.0
                       for o in codes):
                codes.append(c)
    if frame.work_scale == 1.0:
        return codes
    f = 1.0 / frame.work_scale
    return [Code(c.text, tuple(((x + 0.5) * f - 0.5, (y + 0.5) * f - 0.5) for x, y in c.corners),
                 c.decoder) for c in codes]


def slot_crop(frame: Frame, loc: MatLocation, rect: Rect, px_per_mm: float,
              sharpen: float = 0.0, cfg: VisionConfig = DEFAULT_CONFIG,
              smooth_mm: float = 0.0, warped: dict | None = None,
              bicubic: bool = False) -> tuple[np.ndarray, Rect]:
    """A slot (with a margin) rectified from the full frame in grey, for the QR decoders.

    `sharpen` is the amount of unsharp masking: it restores module edges softened by the
    lens and by resampling. `smooth_mm` (instead): a Gaussian of that sigma takes out a dim
    room's sensor noise, and dividing by the crop's own slow brightness evens out a lamp's
    hot spot washing over part of the code. `warped`: plain crops already made for this slot,
    by (px per mm, bilinear) (filled in here; the variants of one scale share the warp). With
    ``cfg.crop_cache`` every crop is kept on the frame instead, made once whoever asks.
    `bicubic`: warped bicubically even when smoothed (the tag matcher's, ``match_bicubic``).
    """
    r = _grow(rect, cfg.crop_margin_mm)
    if cfg.crop_cache:
        # Made once a frame: a slot's later pass (the slow decoders) and the tag matcher take
        # the crops its first pass made (the same pixels). (The cache is held here, not read
        # back from the frame: slots cropped side by side may each start it afresh.)
        cache = frame.crops
        if frame.crops_loc is not loc:
            cache = {}
            frame.crops, frame.crops_loc = cache, loc
        linear = _linear(smooth_mm, cfg) and not bicubic
        key = (r, px_per_mm, sharpen, smooth_mm, linear)
        made = cache.get(key)
        if made is None:
            plain = (r, px_per_mm, 0.0, 0.0) + (("linear",) if linear else ())
            crop = (cache[plain][0] if plain in cache
                    else _warp_crop(frame, loc, r, px_per_mm, cfg, linear))
            cache[plain] = (crop, r)
            made = cache[key] = (_finish_crop(crop, px_per_mm, sharpen, smooth_mm, cfg), r)
        return made
    linear = _linear(smooth_mm, cfg) and not bicubic
    plain = (px_per_mm, linear)
    if warped is not None and plain in warped:
        crop = warped[plain]
    else:
        crop = _warp_crop(frame, loc, r, px_per_mm, cfg, linear)
    if warped is not None:
        warped[plain] = crop
    return _finish_crop(crop, px_per_mm, sharpen, smooth_mm, cfg), r


def _linear(smooth_mm: float, cfg: VisionConfig) -> bool:
    """Whether a crop smoothed by `smooth_mm` is warped bilinearly (``crop_smooth_linear``)."""
    return smooth_mm > 0 and cfg.crop_smooth_linear


def _warp_crop(frame: Frame, loc: MatLocation, r: Rect, px_per_mm: float,
               cfg: VisionConfig = DEFAULT_CONFIG, linear: bool = False) -> np.ndarray:
    """The plain grey crop of `r` (mat mm) at `px_per_mm` (the lens's map from a coarse grid:
    ``rectify_map_step``), bicubic (`linear`: bilinear)."""
    step = cfg.rectify_map_step
    how = cv2.INTER_LINEAR if linear else cv2.INTER_CUBIC
    if frame.full_gray_costly:
        # A big still: warping the colour crop beats converting 12 Mpx to grey first.
        return cv2.cvtColor(rectify(frame.full, 1.0, loc, r, px_per_mm, how, step),
                            cv2.COLOR_BGR2GRAY)
    return rectify(frame.full_gray(), 1.0, loc, r, px_per_mm, how, step)


def _finish_crop(crop: np.ndarray, px_per_mm: float, sharpen: float, smooth_mm: float,
                 cfg: VisionConfig) -> np.ndarray:
    """A plain crop sharpened or smoothed and evened out (:func:`slot_crop`)."""
    if sharpen > 0:
        blur = cv2.GaussianBlur(crop, (0, 0), cfg.crop_sharpen_sigma_mm * px_per_mm)
        crop = cv2.addWeighted(crop, 1.0 + sharpen, blur, -sharpen, 0)
    if smooth_mm > 0:
        crop = even_out(crop, px_per_mm, smooth_mm, cfg)
    return crop


def even_out(crop: np.ndarray, px_per_mm: float, smooth_mm: float,
             cfg: VisionConfig = DEFAULT_CONFIG) -> np.ndarray:
    """A grey crop smoothed (a Gaussian of `smooth_mm`: a dim room's sensor noise) and divided
    by its own slow brightness (over ``crop_even_sigma_mm``: a hot spot washing over part of
    the code), for the QR decoders."""
    crop = cv2.GaussianBlur(crop, (0, 0), smooth_mm * px_per_mm).astype(np.float32)
    # The slow brightness is smooth: blurred at a fraction of the size (a tenth of the time of
    # a 100-pixel-wide kernel at full size; within 1 grey level of it at the 99th percentile).
    f = max(1, int(cfg.crop_even_step))
    h, w = crop.shape[:2]
    small = cv2.resize(crop, ((w + f - 1) // f, (h + f - 1) // f), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), cfg.crop_even_sigma_mm * px_per_mm / f)
    slow = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    # crop / (slow + 1) * 160, clipped to 255, in place: the same numbers as the plain
    # np.clip(crop / (slow + 1.0) * 160.0, 0, 255), whose new arrays took a sixth of this
    # function's time. Both are blurs of grey levels, never negative: no clip at 0 needed.
    slow += 1.0
    np.divide(crop, slow, out=crop)
    crop *= 160.0
    np.minimum(crop, 255.0, out=crop)
    return crop.astype(np.uint8)


def read_slot_crops(frame: Frame, loc: MatLocation, rects: dict[str, Rect],
                    cfg: VisionConfig = DEFAULT_CONFIG,
                    decoders: tuple[str, ...] | None = None) -> list[Code]:
    """Stage 6b: decode rectified crops of the given slots; corners come back in full-frame px.

    Each slot tries the crop variants of ``cfg.crop_smooth_variants`` and ``cfg.crop_variants``
    in order, each with every fast decoder (``cfg.fast_decoders``) in order, then the same
    crops again with the slow ones (only those of ``cfg.crop_slow_variants``), and
    stops at the first code our payload format accepts (a foreign code alone does not stop
    it: a card's own tag may still be found). A slot is
    read by the same tries as before, but a tag the fast decoders read in a later variant no
    longer waits for pyzbar (ten times slower) on the earlier ones; each crop is made once.
    """
    decoders = usable_decoders(cfg.decoders if decoders is None else decoders)
    passes = [tuple(d for d in decoders if d in cfg.fast_decoders),
              tuple(d for d in decoders if d not in cfg.fast_decoders)]
    # The smoothed crops first: under real light they read two thirds of the tags the whole
    # frame missed at the first try (the sharpened 4 px/mm crop a quarter).
    tries = [(f, 0.0, m) for f, m in cfg.crop_smooth_variants]
    tries += [(f, a, 0.0) for f, a in cfg.crop_variants]
    slow_tries = {(f, a, 0.0) for f, a in cfg.crop_slow_variants}
    out: list[Code] = []
    for path, rect in rects.items():
        found: list[Code] = []
        warped: dict[tuple, np.ndarray] = {}
        crops: dict[int, tuple[np.ndarray, Rect]] = {}
        read = False
        if cfg.crop_native_smooth_mm is not None and passes[0]:
            found = _read_native(frame, loc, rect, passes[0], cfg)
            read = bool(found)  # (only our tags come back from there)
        for slow, names in enumerate(passes):
            for k, (px_per_mm, sharpen, smooth) in enumerate(tries):
                if not names or read:
                    break
                if slow and (px_per_mm, sharpen, smooth) not in slow_tries:
                    continue
                if k not in crops:
                    crops[k] = slot_crop(frame, loc, rect, px_per_mm, sharpen, cfg, smooth,
                                         warped)
                crop, r = crops[k]
                for name in names:
                    for c in decode(crop, name, extra_passes=cfg.crop_zxing_extra_passes):
                        mm = [(r[0] + (x + 0.5) / px_per_mm, r[1] + (y + 0.5) / px_per_mm)
                              for x, y in c.corners]
                        px = loc.to_image(mm)
                        found.append(Code(c.text, tuple((float(a), float(b)) for a, b in px),
                                          c.decoder))
                    if any(parse_payload(c.text, cfg.tag_prefix) for c in found):
                        read = True
                        break
        # One reading per distinct text is enough.
        seen: set[str] = set()
        for c in found:
            if c.text not in seen:
                seen.add(c.text)
                out.append(c)
    return out


def native_crop(frame: Frame, loc: MatLocation, rect: Rect, smooth_mm: float,
                cfg: VisionConfig = DEFAULT_CONFIG) -> tuple[np.ndarray, tuple[int, int]] | None:
    """A slot (with a margin) as the full frame's grey pixels show it: its bounding box, not
    warped, smoothed and evened out (:func:`even_out`) at its own scale; with the box's
    top-left corner in full-frame px. None when it lies out of the picture."""
    x, y, w, h = _grow(rect, cfg.crop_margin_mm)
    px = loc.to_image([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    height, width = frame.full.shape[:2]
    x0, y0 = np.maximum(np.floor(px.min(axis=0)).astype(int), 0)
    x1, y1 = np.minimum(np.ceil(px.max(axis=0)).astype(int), (width, height))
    if x1 - x0 < 16 or y1 - y0 < 16:
        return None
    if frame.full_gray_costly:
        # A big still: only the box to grey, not its 12 Mpx (the same pixels).
        box = cv2.cvtColor(frame.full[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    else:
        box = frame.full_gray()[y0:y1, x0:x1]
    # The box is a little wider than the slot where the camera's slant widens it: px a
    # millimetre from its width is near enough for a blur.
    px_per_mm = float(px[:, 0].max() - px[:, 0].min()) / w
    return even_out(box, px_per_mm, smooth_mm, cfg), (int(x0), int(y0))


def _read_native(frame: Frame, loc: MatLocation, rect: Rect, names: tuple[str, ...],
                 cfg: VisionConfig) -> list[Code]:
    """Our tags the decoders `names` read in a slot's :func:`native_crop` (full-frame px),
    from the first decoder that reads one. Only ours: in these unwarped pixels zxing once
    read a card's art as a code saying "3" (tune seed 4242 frame 32), which made its slot
    doubtful; a foreign sticker is still looked for in the warped crops."""
    made = native_crop(frame, loc, rect, cfg.crop_native_smooth_mm, cfg)
    if made is None:
        return []
    crop, (x0, y0) = made
    for name in names:
        ours = [Code(c.text, tuple((px + x0, py + y0) for px, py in c.corners), c.decoder)
                for c in decode(crop, name, extra_passes=cfg.crop_zxing_extra_passes)
                if parse_payload(c.text, cfg.tag_prefix)]
        if ours:
            return ours
    return []


# --- 7. tags to slots ---------------------------------------------------------------------------

def slot_of(point_mm, mat: Mat, cfg: VisionConfig = DEFAULT_CONFIG) -> str | None:
    """The slot path holding a point (mm), allowing ``slot_tolerance_mm`` outside its outline."""
    x, y = float(point_mm[0]), float(point_mm[1])
    best, best_d = None, cfg.slot_tolerance_mm
    for path, (rx, ry, rw, rh) in mat.slot_rects:
        dx = max(rx - x, 0.0, x - (rx + rw))
        dy = max(ry - y, 0.0, y - (ry + rh))
        d = float(np.hypot(dx, dy))
        if d == 0.0:
            return path
        if d <= best_d:
            best, best_d = path, d
    return best


@dataclass
class TagReading:
    """What the codes say: ids per slot, every id, foreign texts, and what is doubtful."""

    slots: dict[str, str]  # path -> id (only slots with exactly one id read)
    ids: list[str]
    foreign: list[str]
    uncertain: list[str]
    placed: dict[str, tuple[str, ...]] = field(default_factory=dict)  # id -> slots it was seen in
    centres_mm: dict[str, tuple[float, float]] = field(default_factory=dict)


def assign_tags(codes: list[Code], loc: MatLocation | None, cfg: VisionConfig = DEFAULT_CONFIG,
                mat: Mat | None = None) -> TagReading:
    """Stage 7: map each code's centre to a slot; never guess.

    * a foreign payload (not ``SPL:`` + a known id) goes to ``foreign``; if it lies in a slot,
      that slot is doubtful;
    * an id seen in two slots leaves both unread and doubtful;
    * two different ids in one slot leave it unread and doubtful.
    """
    mat = mat or load_mat()
    by_slot: dict[str, set[str]] = {}
    id_slots: dict[str, set[str | None]] = {}
    foreign: list[str] = []
    doubtful: set[str] = set()
    centres: dict[str, tuple[float, float]] = {}
    located = loc is not None and loc.found
    # Every centre to mat mm at once (one by one took longer than the rest of the stage).
    all_mm = loc.to_mat([c.centre for c in codes]) if located and codes else None
    for k, code in enumerate(codes):
        ident = parse_payload(code.text, cfg.tag_prefix)
        slot = None
        if located:
            c_mm = all_mm[k]
            slot = slot_of(c_mm, mat, cfg)
            if ident:
                centres[ident] = (float(c_mm[0]), float(c_mm[1]))
        if ident is None:
            if code.text not in foreign:
                foreign.append(code.text)
            if slot:
                doubtful.add(slot)
            continue
        id_slots.setdefault(ident, set()).add(slot)
        if slot:
            by_slot.setdefault(slot, set()).add(ident)
    slots: dict[str, str] = {}
    for ident, where in id_slots.items():
        real = {s for s in where if s}
        if len(real) > 1:
            doubtful.update(real)
    for slot, ids in by_slot.items():
        if len(ids) > 1:
            doubtful.add(slot)
        elif slot not in doubtful:
            slots[slot] = next(iter(ids))
    # A noble in a card slot or a card in a noble slot is read, but flagged.
    for slot, ident in list(slots.items()):
        if slot.startswith("nobles.") != is_noble(ident):
            doubtful.add(slot)
    return TagReading(slots=slots, ids=sorted(id_slots), foreign=foreign,
                      uncertain=sorted(doubtful),
                      placed={i: tuple(sorted(s for s in w if s)) for i, w in id_slots.items()},
                      centres_mm=centres)


