"""Every threshold of the camera pipeline, in one object (:class:`VisionConfig`; the busy stage's
fields are defined in ``vision/busy_config.py``).

Lengths are mat millimetres unless a name says px. The defaults were tuned on the six sample
frames of ``shared/samples/table-v1`` and on frames from the synthetic renderer; the benchmark
(`splendor-companion bench-vision`) is how a change here is judged.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from vision.busy_config import BusyConfig


@dataclass(frozen=True)
class VisionConfig(BusyConfig):
    """Thresholds and sizes for the pipeline stages (immutable; derive with :meth:`with_`). The
    busy stage's are in :class:`vision.busy_config.BusyConfig` (its fields are this class's too)."""

    # --- locate the mat -------------------------------------------------------------------
    #: Markers are searched in a copy of the frame at most this wide (40 mm markers stay
    #: ~30 px wide at 800 px, plenty for a 4x4 code), then refined on the working copy.
    marker_search_width: int = 800
    #: The first, quick search takes only candidates whose outline is at least this share of
    #: the copy's width (OpenCV's minMarkerPerimeterRate; its default 0.03 is a 6 px marker):
    #: the mat's markers are 30-50 px wide there, and a quarter of the search went on the
    #: print's and the cards' small squares. A marker it misses is searched for again with
    #: OpenCV's default (the thorough pass). None: OpenCV's default here too.
    marker_min_perimeter_rate: float | None = 0.08
    #: Corners are refined on the working copy in a window this wide (px of the search copy).
    marker_refine_px: float = 4.0
    #: Fewer markers than this: no mat.
    min_markers: int = 3
    #: With that many found, a missing marker is looked for again (more thoroughly) only
    #: where the found ones place it, grown by this fraction of its size each way.
    marker_search_window: float = 1.0
    #: Largest accepted mean marker-corner error of the mat homography (mm); more means a
    #: marker was misread or the mat is badly bent.
    max_marker_error_mm: float = 4.0
    #: The lens (``stages/lens.py``): its nominal horizontal field of view (degrees; it only
    #: scales k1), and the barrel (negative) or pincushion k1 a fit may find. The Pi camera's
    #: ~64 degree lens and the provided samples' (-0.06 to -0.03) lie well inside.
    lens_hfov_deg: float = 64.0
    lens_k1_range: tuple[float, float] = (-0.15, 0.05)
    #: With two markers only, the lens can't be fitted (``stages/locate.py``:
    #: rough_placement): this k1 is assumed, the middle of the provided samples' lenses.
    marker_lens_k1: float = -0.045

    # --- working resolutions --------------------------------------------------------------
    #: Frames wider than this are halved for the token and whole-frame tag stages
    #: (a 4608 x 2592 still works like a 2304 x 1296 one; tag crops still use full resolution).
    work_max_width: int = 2600
    #: Worker threads that run a frame's independent stages beside the calling thread (the
    #: bank's lanes and the slots' fills beside the hands, each unread slot's crops, the
    #: whole-frame codes beside the markers and the overview); 0: every stage in the calling
    #: thread; None: one fewer than the cores the process may run on, at most 3 (a Pi's 4 cores: 3). Same
    #: result either way: it lowers the time a frame takes, not the CPU it uses (on one
    #: core threads would only add their switching).
    stage_threads: int | None = None
    #: A slot's QR crop through the lens (``stages/codes.py``, :func:`rectify`): where each of
    #: its pixels comes from is worked out every this many px and interpolated between (the
    #: map is smooth: a homography and a gentle barrel; within 0.01 px of the exact map, a
    #: third of the crop's time saved). 1: every pixel. The overview, lanes and the hands'
    #: closer look keep the exact map: a 2D frame's hand at the 40 mm^2 line flipped with it.
    rectify_map_step: int = 8
    #: Resolution of the rectified overview used for occupancy, background and hands.
    overview_px_per_mm: float = 1.0
    #: Mat this near the frame's edge (mm) counts as out of view: a camera knocked aside shows
    #: only part of the mat, and beyond the edge the rectified image only repeats its pixels.
    view_edge_mm: float = 1.0
    #: Resolution of the rectified bank lanes.
    lane_px_per_mm: float = 2.0
    #: Mat kept around a lane when it is rectified (mm along, mm across).
    lane_margin_mm: tuple[float, float] = (10.0, 3.0)
    #: Rectified slot crops handed to the QR decoders, tried in order until one reads:
    #: (px per mm, unsharp amount). 4 px/mm makes a 1.4 mm module ~5.6 px; sharpening
    #: undoes some lens blur; other scales shift where resampling rounds module edges.
    crop_variants: tuple[tuple[float, float], ...] = ((4.0, 1.0), (4.5, 0.0), (3.5, 1.0),
                                                      (5.0, 1.0))
    #: And for a code in a dim room's noise or under a lamp's hot spot (physically based
    #: frames): (px per mm, Gaussian sigma in mm), each crop divided by its own brightness
    #: blurred over crop_even_sigma_mm. These are tried first (stages/codes.py says why).
    crop_smooth_variants: tuple[tuple[float, float], ...] = ((4.0, 0.25), (5.0, 0.25))
    crop_even_sigma_mm: float = 4.0
    #: Before any warped crop, a slot is tried in the frame's own pixels around it (its box in
    #: the full frame, no warp), smoothed by this sigma (mm) and evened out as those are: a
    #: third of a warped crop's time, and on the slots the whole frame missed (326 on seed
    #: 10000's calm frames) it read 149 tags to the first warped crop's 188, 23 of them ones
    #: that crop missed. None: no such try.
    crop_native_smooth_mm: float | None = 0.25
    #: ...that brightness worked out at 1/crop_even_step of the crop's size (it is smooth).
    crop_even_step: int = 4
    #: Each slot crop made once a frame (``stages/codes.py``): a slot's slow decoders and the
    #: tag matcher take the crops its fast decoders had (False: each makes its own; the same
    #: pixels either way).
    crop_cache: bool = True
    #: The smoothed crops (crop_smooth_variants) are warped bilinearly, not bicubically: their
    #: Gaussian (a pixel's sigma and more) takes out what the cubic adds, and a bilinear warp
    #: takes about 40 % less time (map included). False: bicubic like the others.
    crop_smooth_linear: bool = True
    #: ...and the tag matcher first takes the decoders' (bilinear) crop, then where no code is
    #: clear in it its own bicubic one: a tag half burnt out by a hot spot, matched in the
    #: bicubic crop, was lost in the bilinear one (tune seed 5656 frame 80).
    match_bicubic: bool = True
    #: zxing-cpp on a slot crop also tries the inverted crop and smaller copies of it (its own
    #: defaults) when it finds nothing: our tags are dark on light and 6-7 px a module there,
    #: and on the tune and 2D frames those passes read nothing the plain one did not; without
    #: them a crop holding no code costs zxing half the time. The whole frame never had them.
    crop_zxing_extra_passes: bool = False
    #: The slow decoders (pyzbar) try only these of crop_variants (each costs pyzbar 3-7 ms):
    #: on 326 tune frames and eval-9700 pyzbar read nothing in any crop but two foreign
    #: stickers in busy frames' spots, both in the 4.5 and 5 px/mm crops, neither in the
    #: 4 px/mm one. Never the smoothed crops (one of a card costs pyzbar 5-12 ms).
    crop_slow_variants: tuple[tuple[float, float], ...] = ((4.5, 0.0),)
    #: Unsharp-mask radius (mm) for sharpened crops.
    crop_sharpen_sigma_mm: float = 0.375
    #: Extra mat around a slot in its crop, so a card a little out of its slot still fits.
    crop_margin_mm: float = 6.0

    # --- tags -----------------------------------------------------------------------------
    #: Decoders tried in this order; slot crops try each in turn until one reads. zxing-cpp's
    #: global-histogram binarizer reads most of what pyzbar read after its local average
    #: failed (a dim room's noise), at a tenth of pyzbar's time; pyzbar stays last for the
    #: rest (9 of 149 crop tags on the tune frames).
    decoders: tuple[str, ...] = ("zxing", "zxing-histogram", "pyzbar")
    #: The fast ones among ``decoders``: the whole frame and the quick look at a slot under a
    #: hand use only these (or the first decoder if none is).
    fast_decoders: tuple[str, ...] = ("zxing", "zxing-histogram")
    #: Payload prefix of our tags.
    tag_prefix: str = "SPL:"
    #: A tag no decoder read, matched against the printed codes (stages/match.py): a
    #: module's size (the spec's 30 mm code over 21 modules), the smoothed crop it is matched
    #: in (px per mm, Gaussian sigma in mm), the finder-like places kept (likeness at least
    #: match_finder_min), how far the three may be from a code's shape (legs within
    #: match_leg_tolerance of 14 modules, the angle's cosine under match_right_angle_cos),
    #: the best match_frames of those tried, each nudged by match_nudges modules and scaled
    #: by match_scales (a curled card). A code is read when its correlation with the modules
    #: is at least match_min and beats every other code's by match_margin: on the tune frames
    #: a right code scored 0.81-0.95 with the next best at most 0.40, and 1,836 places without
    #: a code at most 0.25. A grid scoring under match_hopeless as the finders place it is not
    #: nudged (it only saves time).
    tag_module_mm: float = 30.0 / 21.0
    match_px_per_mm: float = 4.0
    match_smooth_mm: float = 0.25
    match_finders: int = 8
    match_finder_min: float = 0.3
    #: Finders are searched in a crop this many times smaller first, each place then again at
    #: full size within two small pixels of it (stages/match.py find_finders; 1: the whole
    #: crop at full size); places down to match_finder_slack under match_finder_min are kept
    #: from the small search (its likeness is a little lower than at full size).
    match_finder_step: int = 2
    match_finder_slack: float = 0.1
    match_leg_tolerance: float = 0.15
    match_right_angle_cos: float = 0.15
    match_frames: int = 2
    match_nudges: tuple[float, ...] = (-0.3, 0.0, 0.3)
    match_scales: tuple[float, ...] = (0.97, 1.0, 1.03)
    match_min: float = 0.6
    match_margin: float = 0.3
    match_hopeless: float = 0.4
    #: A slot the matcher may read (a calm frame, the slot full) is matched as soon as the
    #: fast decoders have missed on its first match_after_crops crops (the first one is the
    #: matcher's own), before they try the others and before the slow one (pyzbar, ten times
    #: slower) tries them all: on the tune frames the matcher read 133 tags that way which
    #: had taken 20 ms of crops each, the same tags the decoders read later. None: the
    #: matcher only after every decoder and crop missed (the plain path).
    match_after_crops: int | None = 1
    #: ...and when the matcher finds no code clear, the fast decoders try only the first this
    #: many sharpened crops (crop_variants), never the rest nor the slow decoder: on 326 tune
    #: frames those read none of the 45 tags the matcher missed, at 28 ms a slot (pyzbar 20);
    #: the first sharpened crop reads a 1920 x 1080 frame's small codes the matcher misses.
    crops_after_match: int = 1
    #: A tag centre up to this far outside a slot still belongs to the nearest slot
    #: (slots are 7-10 mm apart, so this never reaches across to a neighbour's side).
    slot_tolerance_mm: float = 4.0

    # --- background and occupancy ----------------------------------------------------------
    #: Smoothing of the mat-colour model (mm); wider than any token, narrower than a shadow.
    background_sigma_mm: float = 14.0
    #: Grid of the mat-colour model (mm); the model is smooth, so a coarse grid is enough.
    background_cell_mm: float = 3.0
    #: Free mat off the free mat's median hue by this much (the largest channel of the ratio
    #: of chromaticities, less 1) is left out of the model from its first pass (None: not).
    #: The light's tints stay under about 0.2 on a calm mat; sleeves and skin beside the
    #: mat reach 0.4-0.8.
    background_first_hue: float | None = 0.35
    #: ...keeping this share of its weight (where no other free mat is near, the model there
    #: is what it was: never made of nothing).
    background_off_weight: float = 0.01
    #: A pixel differs from the mat when one colour channel is off by more than this ratio.
    deviation_ratio: float = 0.22
    #: Slot interiors are sampled this far inside the printed outline.
    slot_inset_mm: float = 6.0
    #: Fraction of a slot interior that must differ from the mat for "something is there".
    occupied_fraction: float = 0.35
    #: Below this fraction the slot is surely empty; in between it is reported uncertain.
    empty_fraction: float = 0.12
    #: A slot is empty, though off the mat model's colour, when this share of its interior is
    #: the mat in a shadow or a lamp's light (its hue, a shadow's range and soft edges; see
    #: the shadow_* settings). Empty slots in shade measure 100 %, cards and nobles at most 93 %.
    empty_shade_share: float = 0.98
    #: ...and no brighter than this times the bare mat where the light is strongest (the
    #: colour model beside a hand's shadow may be far darker than the lit slot).
    empty_lit_slack: float = 1.05

    #: The mat under a lane's tokens is read from the outer part of its margin (mm from the
    #: lane's edge kept clear of token rims), smoothed along the lane over this length (mm); a
    #: strip is the mat (in light or shadow) where it keeps the mat's hue and its brightness is
    #: within this range of the whole-mat model's.
    lane_edge_clear_mm: float = 1.0
    lane_edge_smooth_mm: float = 8.0
    lane_edge_ratio: tuple[float, float] = (0.35, 1.6)
    #: Inside the lane, the light on the bare mat beside the tokens is carried over to the mat
    #: under them by a blur this wide (mm along, across the lane); the blend of the strips
    #: counts as this much bare mat (where there is little nearby, the blend stands).
    lane_shade_sigma_mm: tuple[float, float] = (12.0, 1.5)
    lane_shade_prior: float = 0.1
    #: Bare mat in the lane: the mat's hue, and this bright against the blend of the strips
    #: (a black token is darker, a white one brighter).
    lane_shade_ratio: tuple[float, float] = (0.5, 1.35)
    #: ...or that bright against either strip alone, in a coloured lane (False: the blend only).
    lane_shade_either_strip: bool = True
    #: ...and no brighter than the brighter strip within this much (mm) along the lane.
    lane_lit_reach_mm: float = 30.0
    #: In a coloured lane a pixel darker than that lit mat may be off the mat's hue by
    #: shadow_max_hue plus this times how much darker (1 - its brightness ratio) and still be
    #: mat in a shadow lit by another light (0: the plain limit). 0.8 lost a dark red chip
    #: to it (seed 13300 frame 5).
    lane_shadow_tint: float = 0.4

    # --- bank tokens ----------------------------------------------------------------------
    #: A lane column belongs to a token when at least this much of it (mm) differs from the mat.
    token_min_chord_mm: float = 8.0
    #: ...and in a coloured lane at least this much of it (mm) off the mat's hue: a shadow
    #: keeps the mat's hue.
    token_min_colour_chord_mm: float = 8.0
    #: ...and in a white lane whose runs are not whole chips, at least this much of it (mm) no
    #: darker than the mat in its hue: a white chip is brighter than the mat, its shadow under a
    #: low lamp darker.
    token_min_lit_chord_mm: float = 8.0
    #: ...and in a black lane the same, but only for the shade outside the circle counter's
    #: discs grown by this (mm): a black chip is as dark as a shadow in the mat's hue, its
    #: shadow under a low lamp a crescent beside its disc (False: not looked for).
    token_black_shadow: bool = True
    token_shadow_disc_grow_mm: float = 1.0
    #: ...but there a run that was whole chips before the shade was taken out, one of them
    #: found by the circle counter, stays as it was: a black chip the circle counter missed is
    #: as dark as a shadow (14400/191: a chip's first 10 mm taken out, five chips read four).
    #: (Not whole, or no circle in it: a shade, or a dim frame's dark specks joined into
    #: chip-long runs at a lane's empty end, 14100/36.)
    token_whole_runs_stay: bool = True
    #: ...and within a run, the columns between two circles two places apart or more (a
    #: chip's shadow is a few mm long: what fills a place between two chips is a chip).
    token_missed_between_circles: bool = True
    #: In a coloured lane a pixel off the mat's hue (by more than shadow_max_hue: no shadow or
    #: lamp moves the mat's that far) is a token's even when it is as bright as the mat: a
    #: chip lit by a lamp close by reads pale, its colour's channel no brighter than the lit
    #: mat's, but it keeps its colour (issue 32, seed 9700 frames 77 and 146: the last red
    #: chip of a row beside the lamp broke into crumbs and was lost).
    token_off_hue_counts: bool = True
    #: Mat enclosed by a token's pixels and smaller than this (mm^2, about a chip's inner
    #: disc) is part of the token: a black chip's centre under a warm lamp or a lamp's sheen.
    token_hole_mm2: float = 700.0
    token_ring_gap_mm: float = 3.0
    #: In a white or black lane whose runs are not whole chips, a faint chip's ring broken
    #: wider than that still encloses its middle when closed over this (mm): a pocket of mat
    #: at least this big (mm^2, half a chip's middle; the pockets a noisy camera's specks
    #: enclose closed as wide are under 100, at 5 mm up to 330) is that middle. 0: not looked
    #: for.
    token_broken_ring_gap_mm: float = 4.0
    token_middle_min_mm2: float = 300.0
    #: When more than this share of the bare mat beside a lane crosses the token threshold
    #: pixel by pixel (a noisy camera), the run counter thresholds the deviation smoothed over
    #: this (mm, a Gaussian's sigma) instead: specks filled into blobs would read as tokens.
    token_noise_share: float = 0.03
    token_noise_blur_mm: float = 0.5
    #: Centre-to-centre spacing of touching tokens (40 mm chips plus a hair).
    token_pitch_mm: float = 40.3
    #: A run of token columns whose length is further than this from a whole number of
    #: tokens makes the lane uncertain.
    token_run_slack_mm: float = 9.0
    #: A run more than that short of the chips it is rounded up to counts no more chips than
    #: the circles the circle counter found in it, if any (the lane stays uncertain): a dark
    #: stretch joined to a chip (a window's shade at the lane's end, chips' shadows between
    #: them under a lamp) lengthens its run by part of a chip (physically based 14000: 2 lanes).
    token_short_run_by_circles: bool = True
    #: ...and in the white lane one too short for a single whole chip with no circle in it,
    #: where the circle counter found chips, counts none (the lane stays uncertain): the
    #: window's shade at the lane's end, on a mat model too dark there, read as a sixth chip
    #: (14000/176). Not in the black lane, whose faint chips may show only their dashes, nor
    #: in a coloured one, whose runs have the chips' colour (a green chip in a hand's deep
    #: shadow, 13900/49, is a chip).
    token_short_run_needs_circle: bool = True
    #: A run too short for a whole token (but more than a crumb) with no more than this (mm)
    #: between it and the next is part of it: a faint black chip whose ring is broken splits
    #: where one column dips below the chord.
    token_run_join_mm: float = 1.0
    #: Pieces of runs each too short for a token, this close (mm) and together no longer than
    #: one, are one chip: a faint black chip's ring shows only its white dashes, and the dark
    #: stretch between two dashes (about 5 mm) leaves columns below the chord.
    token_piece_gap_mm: float = 5.0
    #: ...and in the black lane, crumbs alone (each shorter than a third of a chip) this close
    #: (mm) and together no longer than one: a chip whose body reads as the mat's grey shows
    #: only some of its dashes (None: not joined). 7 mm was needed (13600/171); 8 to 12 changed
    #: nothing else on the tune frames; in the white lane 8 joined a chip's shadow crumbs
    #: into a seventh chip (13500/35).
    token_crumb_gap_mm: float | None = 10.0
    #: ...but only while the crumbs so joined cover at least this share of the run they make:
    #: a chip's dashes ring it (13600/171: 64 % of 22.5 mm), where a dim mat's noise is sparse
    #: specks (14100/36: four specks, 3 mm of 13, read as a third chip). 0: no such check.
    token_dash_cover: float = 0.4
    #: ...and span at least this share of a chip's width: its dashes lie round its rim, from
    #: one side to the other (13600/171: 22.5 mm, 0.57), where a chip's shadow edge and a
    #: speck 10 mm past it spanned 17 mm (14400/33, 0.43: four chips read five). 0: no check.
    token_dash_span: float = 0.5
    #: ...as are pieces too short for a token lying in one circle the circle counter found,
    #: however short and far apart (a faint black chip seen only by its dashes), and such a
    #: piece with the run before it when that run has passed the circle's middle (the chip's
    #: far rim broken off).
    token_pieces_in_circle: bool = True
    #: A crumb of a run (too short for a token, long enough for half of one poking in) in a
    #: coloured lane is light, not a token's rim, when this share of it keeps the mat's hue (a
    #: rim's white dashes are a third of it at most).
    token_crumb_light: float = 0.8
    #: Speed (issue 32, the same counts): a token's holes found by flooding the mat from the
    #: lane's edge (what it cannot reach is a hole) instead of labelling every piece of mat.
    token_fill_by_flood: bool = True
    #: A run cut off by the end of a lane's rectified image (its margin's far end) is judged in
    #: the lane or not by where a whole token starting at its inner end would have its centre:
    #: the edge of a shadow cast in past the lane's end is no chip (issue 32, red lanes).
    token_end_runs_whole: bool = True
    #: ...less this much (mm): a chip pushed against the lane's end, centred on it, whose run
    #: starts a little early (its rim's blur) is still in (tune 4242 frame 40: 0.6 mm past);
    #: a shadow's edge reads about 9 mm past.
    token_end_run_reach_mm: float = 5.0
    #: Circle counter: radius range (mm) and the accumulator threshold of the Hough transform.
    token_radius_mm: tuple[float, float] = (17.0, 23.0)
    token_hough_gain: float = 1.0  # deviation 1.0 -> 255 in the image the transform sees
    token_hough_param1: float = 100.0  # Canny's upper threshold
    #: Accumulator votes for a circle. At 2 px/mm it was 25 (20-30 all worked); a rim at 1
    #: px/mm has half the pixels, so half the votes. Tune sets (3048 lanes): at 17 the counts
    #: are the same, 342 right lanes turn sure, 21 unsure, and 3 wrong lanes under a hand turn
    #: sure (a hand covers them: still flagged); at 15, 7 of those; at 19-22 hundreds of right
    #: lanes unsure, and a washed-out red chip missed.
    token_hough_param2: float = 17.0
    #: The circle counter looks at the lane at this scale (px/mm; the lane's own when finer):
    #: a 40 mm chip's rim is plain at 1 px/mm, and the transform takes a quarter of the time
    #: (issue 32: -10 ms a frame; the same counts on every tune set, only flags move).
    token_hough_px_per_mm: float = 1.0
    #: A found circle is a token only if its inside differs from the mat this much on average
    #: (half the pixel threshold: the circle counter stays a different judge from the runs).
    token_fill_min: float = 0.11
    #: Circle centres must lie this close to the lane's centre line (mm).
    token_centre_band_mm: float = 9.0

    def with_(self, **changes) -> "VisionConfig":
        """A copy with some thresholds changed."""
        return replace(self, **changes)


DEFAULT_CONFIG = VisionConfig()
