"""Every threshold of the camera pipeline, in one place.

Lengths are mat millimetres unless a name says px. The defaults were tuned on the six sample
frames of ``shared/samples/table-v1`` and on frames from the synthetic renderer; the benchmark
(`splendor-companion bench-vision`) is how a change here is judged.
"""
from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class VisionConfig:
    """Thresholds and sizes for the pipeline stages (immutable; derive with :meth:`with_`)."""

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

    # --- working resolutions --------------------------------------------------------------
    #: Frames wider than this are halved for the token and whole-frame tag stages
    #: (a 4608 x 2592 still works like a 2304 x 1296 one; tag crops still use full resolution).
    work_max_width: int = 2600
    #: Worker threads that run a frame's independent stages beside the calling thread (the
    #: bank's lanes and the slots' fills beside the hands, each unread slot's crops, the
    #: whole-frame codes beside the markers); 0: every stage in the calling thread; None: one
    #: fewer than the cores the process may run on, at most 3 (a Pi's 4 cores: 3). Same
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
    #: ...that brightness worked out at 1/crop_even_step of the crop's size (it is smooth).
    crop_even_step: int = 4
    #: Each slot crop made once a frame (``stages/codes.py``): a slot's slow decoders and the
    #: tag matcher take the crops its fast decoders had (False: each makes its own; the same
    #: pixels either way).
    crop_cache: bool = True
    # --- issue 32, less CPU (read helper): crops ---
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
    # --- end issue 32, less CPU (read helper): crops ---
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
    #: ...and no brighter than the brighter strip within this much (mm) along the lane.
    lane_lit_reach_mm: float = 30.0

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
    #: A run too short for a whole token (but more than a crumb) with no more than this (mm)
    #: between it and the next is part of it: a faint black chip whose ring is broken splits
    #: where one column dips below the chord.
    token_run_join_mm: float = 1.0
    #: Pieces of runs each too short for a token, this close (mm) and together no longer than
    #: one, are one chip: a faint black chip's ring shows only its white dashes, and the dark
    #: stretch between two dashes (about 5 mm) leaves columns below the chord.
    token_piece_gap_mm: float = 5.0
    #: ...as are pieces too short for a token lying in one circle the circle counter found,
    #: however short and far apart (a faint black chip seen only by its dashes).
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

    # --- busy: what hides the places a turn depends on (vision.stages.busy) ---------------
    #: A shadow keeps the mat's hue: no channel's ratio to the mat differs from the mean ratio
    #: by more than this...
    shadow_max_hue: float = 0.10
    #: ...it darkens the mat at most to this fraction of its brightness...
    shadow_min_ratio: float = 0.30
    #: ...(or, where the mat-colour model followed a shadow, the mat beside it looks up to this
    #: much brighter than the model)...
    shadow_max_ratio: float = 1.8
    #: ...and its edge is soft: the step from the mat to a hand's shadow takes 8 mm or more (a
    #: hand is 15 mm or more above the mat), a sleeve's, a card's or a paper's less than this.
    shadow_edge_mm: float = 4.0
    #: A shadow of one light lit by another of another tint takes the other's tint, the more
    #: the darker it is: it may be off the mat's hue by shadow_max_hue plus this times how much
    #: darker than the mat it is (1 - its brightness ratio). Skin and cloth are far more off it.
    #: The same allowance tells a shadow reaching a region, against the lit bare mat beside it
    #: (stages/shadow.py: tinted_shade, shadow_colour).
    busy_shadow_tint: float = 0.4
    #: ...but not greener than the mat. A dyed sleeve may be: a dark teal sleeve in a window's
    #: light, 0.15 off the mat's hue at 0.66 of its brightness, was taken for the hand's
    #: shadow. A pixel whose green stands above the mean of its blue and red (against the
    #: mat's) by more than this times shadow_max_hue's limit is a thing however dark: the teal
    #: sleeve 0.18; the renderer's shadows under a lamp and its room's ambient light go the
    #: other way (green down, to -0.3), under daylight beside a lamp to -0.1. (Its lights are
    #: warm or cool white: a shadow lit by a greenish fluorescent tube alone was never seen.)
    #: None: no such test.
    busy_green_tint: float | None = 1.5
    #: The same holds for a pixel touching a place that seems the hand's shadow (stages/
    #: shadow.py): a green sleeve over the black lane's corner was taken for it. But only from
    #: this brightness (of 255) up, where hue_limit stops growing: a deep shadow beside a
    #: green sleeve, at 20-35 and blurred with it, looked as green.
    busy_green_min_level: float = 40.0
    #: Nothing but a lamp's hot spot makes the mat brighter, and its edge takes 40 mm or more;
    #: a pale sleeve, which darkens towards its outline as it curves away (its outline may
    #: then be as bright as the mat), steps up within this much (mm).
    busy_bright_edge_mm: float = 20.0
    #: ...if its hue is at least this far off the mat's (a lamp's light keeps the mat's hue).
    busy_pale_hue: float = 0.03
    #: A neutral patch (brighter or darker than the mat, its hue) is a thing, not light or
    #: shadow, when at least this fraction of its outline towards the mat is that steep.
    busy_sharp_outline: float = 0.5
    #: ...or when this much of its outline (mm), and this fraction of it, is that steep: a
    #: sleeve and its own soft shadow merge into one patch whose outline is half soft.
    busy_sharp_run_mm: float = 30.0
    busy_sharp_part: float = 0.25
    #: Outline within this (mm) of a patch of the other sign says nothing either: where a
    #: sleeve casts its shadow, the shadow's edge is the sleeve's (sharp), not the shadow's.
    busy_other_side_mm: float = 8.0
    #: ...except a bright patch's this far off the mat's hue (its mean, as busy_pale_hue): a
    #: pale sleeve's outline beside its own shadow is its own (a lilac sleeve whose every edge
    #: lay by its shadow went unseen, and the hand over the lanes with it). A lamp's hot spot
    #: keeps the mat's hue.
    busy_pale_beside_shadow: float = 0.03
    #: Nor does the outline around a printed mark (a lane's dot, a label) narrower than this
    #: (mm) and no larger than this (mm^2) that the patch surrounds or notches: a shadow
    #: falling across it takes the mark's sharp edge into its outline. (The gap between two
    #: fingers is as narrow but far longer.)
    busy_print_mark_mm: float = 7.0
    busy_print_mark_mm2: float = 50.0
    #: A thing of nearly the mat's own colour (a grey or grey-green sleeve, neither much
    #: brighter nor darker): its hue (smoothed over busy_faint_smooth_mm: the camera's noise in
    #: it is as large) is off the mat's by at least this fraction of what a shadow may stray
    #: (the mat in light or shadow stays within a third of that)...
    busy_faint_hue_ratio: float = 0.3
    busy_faint_smooth_mm: float = 1.0
    #: ...worked out at this scale (px/mm): a sleeve is large.
    busy_faint_px_per_mm: float = 0.5
    #: ...and the free mat this far outside it (mm) is back to the mat's hue: no more than this
    #: share of it is still half as tinted (a lamp of another tint fades out over 40 mm or more).
    busy_faint_around_mm: tuple[float, float] = (3.0, 6.0)
    busy_faint_tinted_around: float = 0.25
    #: ...judged on at least this much free mat (mm^2), else it is no thing.
    busy_faint_around_min_mm2: float = 20.0
    #: A coloured thing's blurred fringe (where its hue is under this fraction of the hue
    #: within busy_fringe_mm inside it) is not part of it: its outline is where it is half there.
    busy_fringe_ratio: float = 0.35
    busy_fringe_mm: float = 2.5
    #: How the mat's brightness model is fitted: (terms of the cubic, then the window in log
    #: brightness that keeps a pixel for the next fit). A plane and a loose window first: a
    #: cubic fitted to every free pixel at once bends into a sleeve or arm shadow lying across
    #: a third of the margin, and a narrow window then keeps the sleeve as "the mat" and drops
    #: the mat beside it.
    busy_model_schedule: tuple[tuple[int, float], ...] = ((3, 0.4), (6, 0.25), (6, 0.15),
                                                          (10, 0.12), (10, 0.12))
    #: The mat's hue across the frame (mat_light.chroma_model): a quadratic of busy_chroma_terms
    #: terms refitted keeping the free mat within each of these (the largest channel's ratio to
    #: the fit, minus 1) of the last fit; used only when it strays from the mat's one hue by
    #: busy_chroma_min_tint or more over a twentieth of the free mat (two lights of different
    #: colour), else the one hue is.
    busy_chroma_schedule: tuple[float, ...] = (0.3, 0.12, 0.06, 0.03, 0.03)
    busy_chroma_terms: int = 6
    busy_chroma_min_tint: float = 0.03
    #: Regions (slots, decks, lanes, scan zone) are grown by this much (mm) before the free mat
    #: around them is taken: a card's own edge and jitter stay out of it.
    busy_region_inner_mm: float = 1.5
    #: The ring of free mat around a region (mm from its outline) where a hand crossing into it
    #: shows.
    busy_ring_mm: float = 3.5
    #: A thing in the ring counts only if it also reaches further than this (mm) from the
    #: region: a card or token of the region itself never does.
    busy_reach_mm: float = 4.5
    #: The same for the scan zone (a shown card may lie askew) and the decks (a tall stack
    #: leans out in the picture): they stick out further.
    busy_tall_reach_mm: float = 8.0
    #: A deck's stack stands on the mat, so its own shadow is sharp; under a low lamp or a
    #: window it falls up to this far (mm) beside the deck. A neutral dark patch lying only
    #: there is that shadow, not a sleeve, however dark (a single low lamp's, a quarter of the
    #: lit mat, is darker than shadow_min_ratio).
    busy_stack_shadow_mm: float = 15.0
    #: Area (mm^2) of the thing inside the ring that covers the region (a fingertip crossing
    #: the outline is ~40).
    busy_min_contact_mm2: float = 25.0
    #: ...and is no coloured hand's shadow: when this share of it or more keeps the mat's hue
    #: and is darker than the bare mat around, while busy_shadow_caster or more of the thing
    #: near the region, or busy_shadow_far_caster of the whole thing (a low lamp throws an
    #: arm's shadow far from it) or of it with the things within busy_anchor_gap_mm of it (a
    #: deep shadow cut off from the arm by a few mm), is off the mat's hue (the hand casting
    #: it), it is that hand's shadow reaching the region (stages/shadow.py, shadow_contact).
    #: Far: 0.55-0.77 for the shadows on the tune frames, but 0.25 for an arm lying beside
    #: the mat's edge (only its part over the mat is seen: its deep shadow fills the margin);
    #: a grey sleeve across a row whose ends touch a coloured token or print, 0.11.
    busy_shadow_contact: float = 0.5
    busy_shadow_caster: float = 0.1
    busy_shadow_far_caster: float = 0.2
    #: ...unless, looked at closer, the region's own outline does not go on under it: a shadow
    #: only darkens the mat's printed line, a card's edge, a chip's rim; a dark sleeve hides
    #: them (stages/busy_sleeve.py). Per stretch of about busy_sleeve_stretch_mm of a side
    #: (its busy_sleeve_end_mm ends, the rounded corners, left out) that the thing touches
    #: along busy_sleeve_touch of it or more, the mean profile across the outline (from
    #: busy_sleeve_inside_mm in to busy_sleeve_outside_mm out, log brightness) less itself
    #: smoothed over busy_sleeve_smooth_mm (the shadow's penumbra) keeps an RMS of at least
    #: busy_sleeve_flat, and busy_sleeve_flat_part of the outline's median where the thing does
    #: not touch it (a blurred frame's outline is fainter everywhere). On the tune frames: the
    #: printed line alone, lit, 0.016-0.035; every shadow over an outline 0.017 and up; a black
    #: or maroon sleeve 0.008-0.012. A sleeve when busy_sleeve_flat_mm or more of the outline
    #: is that flat (two stretches: one may be flat by chance).
    busy_sleeve_stretch_mm: float = 20.0
    busy_sleeve_end_mm: float = 4.0
    busy_sleeve_touch: float = 0.6
    busy_sleeve_inside_mm: float = 6.0
    busy_sleeve_outside_mm: float = 2.5
    busy_sleeve_smooth_mm: float = 1.5
    busy_sleeve_flat: float = 0.014
    busy_sleeve_flat_part: float = 0.6
    busy_sleeve_flat_mm: float = 25.0
    #: How the hand is seen going into a region: its width on the free mat layer by layer out
    #: to this far (mm) from the region's outline...
    busy_profile_mm: float = 7.0
    #: ...and it is seen going on into the region when on the innermost layers it is at least
    #: this wide (mm) and this fraction of its widest: a fingertip ending at the outline (or a
    #: few mm in) narrows towards its rounded end; a hand going on into the region does not.
    #: Only then may the overview's look inside settle it; otherwise the closer look decides
    #: (a hand over a slot's corner from the gap beside it narrows there too).
    busy_cross_min_mm: float = 6.0
    busy_cross_ratio: float = 0.85
    #: Only something this narrow (mm, on every layer) can be a fingertip ending there.
    busy_cross_narrow_mm: float = 30.0
    #: Anything wider covers the region when its innermost layers are this fraction of its
    #: widest (a hand's edge running along the outline a few mm off it leaves them empty).
    busy_cross_wide_ratio: float = 0.6
    #: A look inside the region: the thing's own colour (its pixels on the ring: mean, and
    #: spread no less than busy_inside_spread per channel) is followed from the outline into the
    #: region, pixels within busy_inside_z spreads of it and joined to the thing...
    busy_inside_z: float = 2.5
    #: ...but not, for a thing off the mat's hue by more than busy_inside_thing_hue times what
    #: light and shadow may stray from it, where the mat's hue shows plainly (within
    #: busy_inside_mat_hue of that). A grey sleeve's colour on the ring may be tinted by its
    #: shading: it is left to its colour alone.
    busy_inside_thing_hue: float = 1.5
    busy_inside_mat_hue: float = 0.5
    busy_inside_spread: float = 6.0
    #: A thing spread more than this (per channel) on the ring is taken as two colours (a
    #: sleeve and the hand, a sleeve and its shadow), found in this many 2-means steps; unless
    #: the lesser is under busy_inside_split_part of the ring.
    busy_inside_split_spread: float = 12.0
    busy_inside_split_steps: int = 5
    busy_inside_split_part: float = 0.1
    #: That look is taken from the frame at this scale (px/mm; the camera gives ~2.5-3): at
    #: the overview's 1 px/mm a fingertip's edge is one mixed pixel.
    busy_inside_px_per_mm: float = 3.0
    #: ...where the overview leaves it in doubt (it finds less than this, mm^2, or the thing is
    #: not seen going in), and only within this much (mm) of where the thing comes in. At
    #: 1 px/mm a sleeve's colour leaks into a card's print over a few hundred mm^2 (a hand
    #: grazing a card's corner by 14 mm^2 read as 174); a hand over a card hides thousands.
    busy_inside_sure_mm2: float = 700.0
    busy_inside_around_mm: float = 15.0
    #: ...and the region is covered only if that reaches this much (mm^2) of it. A fingertip
    #: that ends at or just short of the outline reaches nothing: the region beyond it is a
    #: card, a token or the mat, not skin or cloth. The renderer's truth counts 40 (a
    #: fingertip's last 4 mm), with 20-60 either way (the band). With its outline counted in
    #: part (below) and a thing of two colours taken as two, the look inside finds what is
    #: hidden with a median error under 1 mm^2 on the tuning frames, but a hand grazing a place
    #: by under 20 mm^2 read up to 59 (its shaded rim and shadow along the outline), while
    #: every place hidden 60 or more read at least 61 (1,653 looks on the tune sets).
    busy_inside_min_mm2: float = 55.0
    #: What that look follows joined to the thing only through a neck narrower than this
    #: (mm), or thinner, is not the thing: a fingertip stopping short of a chip touches its
    #: rim or its shadow, and those follow round it.
    busy_inside_neck_mm: float = 3.0
    #: A thing whose colours on the ring are its own and a shadow's (a hand and the shadow it
    #: casts beside itself): the shadow's colour inside the region counts only within this
    #: much (mm) of the thing's own, as its shaded rim (the renderer's hand darkens over its
    #: last few mm); further on it is the region's mat in the shadow, a chip's rim, dark art.
    busy_inside_rim_mm: float = 3.0
    #: The thing's outline in that look: its last pixel and this many beyond it count in part
    #: (how far each is from what lies beyond, taken as far again out, towards the thing's
    #: colour), where the two differ by at least busy_edge_contrast (BGR distance).
    busy_edge_px: int = 2
    busy_edge_contrast: float = 30.0
    #: Opening of the hand mask (mm): card edges, token rims and thin slivers vanish.
    busy_open_mm: float = 3.0
    #: Hand-like blobs smaller than this (mm^2) are crumbs, not a hand: the lanes' printed
    #: colour dots, a deck's edge, a token's rim past its lane's end (a hand reaching in from
    #: the table is far bigger on the free mat, even in an 8 mm gap between lanes).
    busy_min_blob_mm2: float = 120.0
    #: ...unless they cross a gap between two regions, touching both outlines (a finger
    #: between two lanes on its way into one): then this much (mm^2) is enough.
    busy_min_bridge_mm2: float = 20.0
    #: A first look at this scale (px/mm; 0: none) calls the frame calm when no hand-like
    #: thing lies within busy_screen_margin_mm of a place's ring from beyond the place's reach
    #: (vision/stages/busy_screen.py): a hand reaching a place is tens of mm across, and half
    #: the frames have none near any. Things under busy_screen_min_mm2 there count only when
    #: near two places (a finger bridging a gap, busy_min_bridge_mm2): at this scale a lane's
    #: printed dot, under busy_min_blob_mm2, measures 60-70 mm^2.
    busy_screen_px_per_mm: float = 0.5
    busy_screen_min_mm2: float = 100.0
    busy_screen_margin_mm: float = 1.0
    #: The full look searches only the box round what the first look saw, this far out: the
    #: outline's mat beside a thing, its shadow's soft edge (the light is fitted on all the mat).
    busy_screen_window_mm: float = 20.0
    #: A decoded QR code's square, grown this much about its centre, is a sticker, not a hand.
    busy_code_grow: float = 1.45
    #: Hand-like things no bigger than this (mm) may be a sticker rather than a hand: they
    #: get a closer look by the QR decoders before the frame is called busy.
    busy_sticker_mm: float = 60.0
    #: A hand comes from the mat's edge (vision/stages/anchor.py): what covers a place must
    #: join, through things on the free mat (closer than busy_anchor_gap_mm count as one) and
    #: places already covered, the mat's outer busy_anchor_edge_mm (the overview leaves the mat's
    #: last millimetres out of the free mat: an arm crossing the edge shows from 8 mm in), a
    #: marker's square or the
    #: frame's edge. A deck's stack, a curled card's edge, chips' shadows stay islands.
    busy_anchor_gap_mm: float = 6.0
    busy_anchor_edge_mm: float = 10.0
    #: ...each beside its own place: one thing covering this many places or more is a hand
    #: whose arm went unseen (a pale sleeve of nearly the mat's colour).
    busy_anchor_island_places: int = 3
    #: Where a hand comes in, a place whose thing is not joined to it still counts covered
    #: when that thing lies within this (mm) of it or between two places (a sleeve's faint
    #: part breaks the chain), not when it lies further off beside its own place alone: a
    #: deck's stack side 200 mm from a hand over the market is the deck's own (band seed 5757
    #: frame 7, seed 9900 frame 124).
    busy_anchor_island_far_mm: float = 60.0
    #: A marker's square joins the outside only within this (mm) of its paper: the free mat
    #: stops 1 mm from it. Grown by busy_anchor_edge_mm, a level-1 deck's stack side 10 mm
    #: above the bottom-left marker joined the outside (physical seed 4242 frame 17).
    busy_anchor_marker_mm: float = 3.0
    #: ... and only when something lies over its white border: more than this share of the
    #: border darker than this fraction of its brightest tenth.
    busy_anchor_marker_dark: float = 0.6
    busy_anchor_marker_share: float = 0.05

    #: Without the mat (fewer than 3 markers) but 2 found: a missing marker in view is hidden
    #: when a quarter of its white square is darker than this fraction of the found ones' (a
    #: hand, a sleeve over part of it) or less than this fraction of its code is dark (a marker's
    #: black border and bits make about three quarters of it dark; something lies over it).
    marker_hidden_white: float = 0.75
    marker_hidden_dark: float = 0.5
    #: ...and a marker counts as in view when this much of its white square lies in the frame
    #: (as placed from the 2 found; less: it may simply be out of the picture).
    marker_in_view: float = 0.5
    #: Placed from 2 markers and the tags, a marker may be out by this fraction of its square
    #: (searched in marker_place_steps steps each way, each finer than its 5 mm white border):
    #: hidden only if covered at every shift.
    marker_place_slack: float = 0.35
    marker_place_steps: int = 7

    #: Stills of one game (vision/stills.py). The light is learnt again when the markers' white
    #: squares against the mat change by more than this fraction (a lamp switched on).
    light_change: float = 0.15
    #: A card seen before is known again, its tag burnt out by glare, when its slot's look
    #: (recall_grid cells, against the mat) agrees cell by cell within recall_cell_diff over
    #: recall_min_agree of the cells not under glare (a cell brighter by recall_glare than
    #: before), and at least recall_min_seen of the cells are not.
    recall_grid: tuple[int, int] = (6, 8)
    #: A lane pixel within this fraction (each channel) of its tokens' body as learnt at setup
    #: is a token's (unless that body is too like the mat to tell: twice this).
    light_token_tolerance: float = 0.2
    recall_cell_diff: float = 0.12
    recall_min_agree: float = 0.75
    recall_glare: float = 0.1
    recall_min_seen: float = 0.5

    # --- busy: speed tricks (vision/stages/busy_speed.py), each the plain way's answer -----
    #: The light models' coarse grid and its surface terms made once per overview size.
    busy_cached_grid: bool = True
    #: Row maxima of N x 3 arrays as two column comparisons, not numpy's row reduction.
    busy_column_max: bool = True
    #: Row sums of ... x 3 arrays (the look inside a place) added column by column.
    busy_column_sum: bool = True
    #: The kept blobs' mask as the opened mask less the few blobs dropped, not a lookup of
    #: every pixel's label; with none kept, no place is looked at (nothing touches one).
    busy_mask_by_drop: bool = True
    busy_skip_calm: bool = True

    def with_(self, **changes) -> "VisionConfig":
        """A copy with some thresholds changed."""
        return replace(self, **changes)


DEFAULT_CONFIG = VisionConfig()
