"""The camera pipeline's thresholds for telling a hand (or anything else that hides a place a turn
depends on) from the light and the game's own things: one part of :class:`vision.config.VisionConfig`,
kept in a file of its own for its size. Lengths are mat millimetres unless a name says px."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BusyConfig:
    """The busy stage's thresholds (``vision.stages.busy`` and its helpers); read them through
    :class:`vision.config.VisionConfig`, which has every field of this class."""

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
    #: A shadow reaching a region, against the lit bare mat beside it (stages/shadow.py:
    #: tinted_shade, shadow_colour), is allowed busy_contact_tint instead.
    busy_shadow_tint: float = 0.4
    #: ...but not greener than the mat. A dyed sleeve may be: a dark teal sleeve in a window's
    #: light, 0.15 off the mat's hue at 0.66 of its brightness, was taken for the hand's
    #: shadow. A pixel whose green stands above the mean of its blue and red (against the
    #: mat's) by more than this times shadow_max_hue's limit is a thing however dark: the teal
    #: sleeve 0.18; the renderer's shadows under a lamp and its room's ambient light go the
    #: other way (green down, to -0.3), under daylight beside a lamp to -0.1. (Its lights are
    #: warm or cool white: a shadow lit by a greenish fluorescent tube alone was never seen.)
    #: 1.5 let half of an olive sleeve over a noble pass for a tinted shadow once such a
    #: shadow is no longer the thing's own colour (busy_tinted_not_own; seed 11100 frame 130,
    #: the noble missed); at 1.0 it is not, and no tune frame reads worse. None: no such test.
    busy_green_tint: float | None = 1.0
    #: The same holds for a pixel touching a place that seems the hand's shadow (stages/
    #: shadow.py): a green sleeve over the black lane's corner was taken for it. But only from
    #: this brightness (of 255) up, where hue_limit stops growing: a deep shadow beside a
    #: green sleeve, at 20-35 and blurred with it, looked as green.
    busy_green_min_level: float = 40.0
    #: Nor does a light's tint go less green than the mat (magenta, purple) by this many times
    #: the hue limit (stages/shadow.py; None: not looked at): warm and cool light keep green
    #: about midway between red and blue. A dark purple sleeve over the empty level-1 slot
    #: and one over a market card were taken for the hand's shadow (seeds 12100 frame 187,
    #: 12500 frame 100). From 2.0 to 2.5 no tune frame reads worse; at 1.5 two two-light
    #: scenes' shadows are no longer shadows, at 3.0 the slot is missed again.
    busy_magenta_tint: float | None = 2.0
    #: Nothing but a lamp's hot spot makes the mat brighter, and its edge takes 40 mm or more;
    #: a pale sleeve, which darkens towards its outline as it curves away (its outline may
    #: then be as bright as the mat), steps up within this much (mm).
    busy_bright_edge_mm: float = 20.0
    #: ...if its hue is at least this far off the mat's (a lamp's light keeps the mat's hue).
    busy_pale_hue: float = 0.03
    #: ...or if it touches a coloured thing on the free mat (of busy_min_blob_mm2, not itself
    #: bright) along this much (mm): a white sleeve round a hand's skin (2D seed 3902 frame
    #: 22: its soft edge taken for a lamp's, a hand over the whole bank went unseen). None:
    #: not looked for.
    busy_white_by_skin_mm: float | None = 5.0
    #: ...a coloured thing less than this share of it bright: a warm lamp's tint inside its own
    #: hot spot is no skin (seed 10500 frame 4: the lamp-lit strip of nobles read covered).
    busy_white_skin_bright: float = 0.5
    #: ...and not within this (mm) of the mat's edge: the table showing along it is no skin
    #: (a soft shadow over the bank made the mat's corner beside it a bright patch).
    busy_white_skin_edge_mm: float = 6.0
    #: (Looked for within this (mm) round the white patches the slack would make things.)
    busy_white_skin_look_mm: float = 30.0
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
    #: Coloured speckles up to this size (mm^2) wholly inside a bright patch are its own tint,
    #: not a thing beside it: they leave its outline heard (None: every coloured pixel mutes
    #: the outline within 2 px). A pale beige sleeve 0.09 off the mat's hue, its speckles over
    #: the limit all along its edges, lay over three lanes unseen: 202 of its 244 outline
    #: pixels were muted (seed 12500 frame 31). Any size from 2 to 40 sets it right.
    busy_speckle_mm2: float | None = 20.0
    #: ...or one at least busy_over_bare_hue off the mat's hue and this many times as bright as
    #: the bare mat within busy_over_bare_mm of it, yet no more than shadow_max_ratio of the
    #: mat's light (None: off); its outline then also gets a pale sleeve's slack. A grey sleeve
    #: of nearly the mat's colour (0.026-0.032 off its hue, 1.45-1.6 times the mat's light, a
    #: thin shadow along its edge) hid a card unseen. The mat looking bright beside a shadow
    #: the brightness model dips under is 0.011 off its hue in a 2D render; the lamp-lit strip
    #: beside a wide shadow of seed 10500 frame 4 is as tinted but twice the model's light.
    #: 1.2, not 1.25: a pale grey sleeve beside its own wide shadow, which pulled the model
    #: down under the mat by it, was 1.22 times that mat (2D 5402/33: six places missed). At
    #: 1.17 or less 13200/85's mid-grey sleeve on the mat's margin (1.17 times the bare mat
    #: there) became a thing, no longer a doubted patch through which the arm is joined across
    #: the lanes it lies over, and the black lane under it went unseen: the range every saved
    #: case allows is 1.18-1.22 (the whole-frame tune sets allow 1.1-1.22).
    busy_over_bare_mat: float | None = 1.2
    busy_over_bare_mm: float = 12.0
    busy_over_bare_hue: float = 0.02
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
    #: ...and it is no darker than that mat round it: a faint tint in a patch darker than
    #: its surroundings is a shadow's, lit by another light (seed 10900 frame 121: a deep
    #: shadow over an empty slot, 14 % darker than round it, the slot covered; 11100/175: a
    #: lamp's tint fading along the mat's edge, 6-9 % darker, the decks beside it covered).
    #: The sleeves this look found on the tune frames were 12 % and 25 % brighter (4343/31,
    #: 11500/190); a grey sleeve a sixth darker or more is a dim patch with a sharp outline.
    #: False: no such test.
    busy_faint_not_darker: bool = True
    #: A faint tint lying only within busy_stack_shadow_mm of a deck is the deck's: its stack
    #: side lit by a lamp, or its colour thrown on the mat beside it (11700/61, 11900/103: in
    #: the gap between the level-1 deck and the market, the deck covered).
    busy_faint_beyond_stacks: bool = True
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
    #: colour), else the one hue is. The first window 0.2, not 0.3: a pale pink sleeve along
    #: the mat's whole top edge, most of the free mat there, was within 0.3 of the mat's hue;
    #: the first fit bent into it, the sleeve became "the mat" and the nobles under it went
    #: unseen (seed 12700 frame 70, held out in session 38 and seen after it was read).
    busy_chroma_schedule: tuple[float, ...] = (0.2, 0.12, 0.06, 0.03, 0.03)
    busy_chroma_terms: int = 6
    busy_chroma_min_tint: float = 0.03
    #: The fit is judged by how much of the free mat lies within this of it (the largest
    #: channel's ratio, minus 1): fits started with each first window of busy_chroma_judge_starts
    #: too (then the schedule's later windows), the one leaving the most of the mat close is
    #: taken, and none unless it leaves more than the mat's one hue does. A fixed first window
    #: traded one arm for another: a large arm along the free mat is within 0.2 of the mat's
    #: hue, the fit bent into it and the arm became "the mat" (13300/199, 12100/52); started at
    #: 0.12, the scan zone beside a hand under two lights set right (11100/127, /142) but a pale
    #: sleeve along the top edge went unseen again (12700/70) and a two-light frame read four
    #: lanes more (11100/10). None: the fit started wide, kept whenever it strays.
    busy_chroma_judge: float | None = 0.02
    busy_chroma_judge_starts: tuple[float, ...] = (0.12,)
    #: The fitted hue goes no greener than the mat's one hue by more than this (the green
    #: channel's ratio above the mean of blue's and red's, as busy_green_tint): no light's tint
    #: goes green, so where the fit does, it has bent into a greenish thing. A grey-green
    #: sleeve along the mat's bottom edge, under a warm lamp beside a cool ceiling, took the fit
    #: 0.17 greener there and became "the mat" (14900/16: five places hidden, none seen). On
    #: 1,600 physically based tune frames the fit went at most 0.054 greener with no hand,
    #: 0.088 with one (14700/106, read the same held to 0.06). None: the fit as fitted.
    busy_chroma_max_green: float | None = 0.06
    #: Regions (slots, decks, lanes, scan zone) are grown by this much (mm) before the free mat
    #: around them is taken: a card's own edge and jitter stay out of it.
    busy_region_inner_mm: float = 1.5
    #: The ring of free mat around a region (mm from its outline) where a hand crossing into it
    #: shows.
    busy_ring_mm: float = 3.5
    #: A thing in the ring counts only if it also reaches further than this (mm) from the
    #: region: a card or token of the region itself never does.
    busy_reach_mm: float = 4.5
    #: The same for the scan zone (a shown card may lie askew), the decks (a tall stack
    #: leans out in the picture) and the nobles (a tile 2 mm thick, laid by hand: its side
    #: and shadow 6 mm beyond its slot covered it, 12000/130): they stick out further.
    busy_tall_reach_mm: float = 8.0
    busy_tall_regions: tuple[str, ...] = ("scan", "decks.", "nobles.")
    #: A deck's top card is seen shifted away from the point under the camera (stages/lean.py):
    #: up to 7 mm at the mat's edge, where its white border lay on the free mat beside it and
    #: a hand's shadow touching that border covered the deck (11900/80, 137). The mat it hides
    #: is the deck's, for a deck as high as its cards after the deal (level 1, 2, 3) at this
    #: thickness a card (mm; None: the footprint alone).
    busy_deck_cards: tuple[int, int, int] = (36, 26, 16)
    busy_deck_card_mm: float | None = 0.32
    #: A deck's stack stands on the mat, so its own shadow is sharp; under a low lamp or a
    #: window it falls up to this far (mm) beside the deck. A neutral dark patch lying only
    #: there is that shadow, not a sleeve, however dark (a single low lamp's, a quarter of the
    #: lit mat, is darker than shadow_min_ratio). 25: a full level-1 deck (11.5 mm) under a
    #: light 25 degrees over the table (a lamp 54 cm up, 1.1 m away, threw one 20-24 mm long
    #: and covered the deck: 11100/31; at 15 and 18 it still did).
    busy_stack_shadow_mm: float = 25.0
    #: ...and so is a coloured patch lying there alone, darker than this share of the mat's
    #: light: a deck's deep shadow lit only by another light takes that light's tint (13800
    #: frame 109: the level-2 deck's shadow in the gap above the level-1 deck, bluish at 0.59
    #: of the mat's light, read as a thing between two places and the deck covered). From 0.7
    #: to 1.0 it mends that frame and changes no other of the tune sets' 3,665; skin under a
    #: lamp is brighter. None: a coloured patch is a thing wherever it lies.
    busy_stack_tinted_shadow: float | None = 0.7
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
    #: ...and no part of it goes on over the region: its coloured part (surely, as the overview
    #: sees it), nor, when it touches the region over this much (mm^2) or more, its lit part
    #: (neither coloured nor shadow: a grey sleeve; judged closer when in doubt). None: only
    #: the coloured part. On the tune frames a grey sleeve over a noble and hands over a card's
    #: corner touched by 59-95 of lit part; grazes its closer look took for more touched by
    #: 32-39.
    busy_shadow_lit_contact_mm2: float | None = 50.0
    #: ...and its coloured part, when the overview is in doubt (it finds busy_inside_min_mm2
    #: but not busy_inside_sure_mm2), is looked at closer too: its solid part alone, without
    #: the speckles the camera's noise takes over the hue limit in a shadow (a hand's shadow
    #: over a card, seed 10800 frame 76). An arm over a card's edge in its own shadow read 95
    #: and 63 mm^2 in the overview and was taken for the shadow (seeds 11300 frame 154, 135
    #: mm^2 hidden; 11400/190, 75); seen closer, 190 and 62. False: the overview alone.
    busy_shadow_own_closer: bool = True
    #: ...and a part of it found so going on over the region (its coloured part or its lit
    #: part, surely or seen closer) covers the region: it is not asked again as one with the
    #: shadow. Asked again, the shadow's colour counts only along the skin's rim, and an arm
    #: over a noble's corner in its own shadow (seed 13700 frame 142: 139 mm^2 hidden, its
    #: skin seen closer going on over 157) read 32 and was missed. On the tune sets (3,665
    #: frames) it mended that frame and changed no other. False: asked again.
    busy_part_goes_on: bool = True
    #: A thing that touches a region mostly as shadow, with no coloured part to cast it (its
    #: caster beyond the mat, or cut off from it), is a shadow too when, looked at closer, the
    #: region's outline goes on under it (below); else a dark sleeve. False: it is judged as a
    #: thing (without a closer look it still is). On the tune frames: a hand's shadow from the
    #: mat's edge over a card, made a still with no hand busy; no hand over a place was lost.
    busy_uncast_shadow: bool = True
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
    #: the lesser is under busy_inside_split_part of the ring. A sleeve's edge lying along a
    #: noble slot's side inside it showed beside the slot as 5-10 % of the ring: at 0.1 only
    #: the skin was followed and the slot missed (seeds 12300 frame 106, 11300/145); from 0.05
    #: to 0.07 no tune frame reads worse, at 0.03 a noble grazed by 8 mm^2 read covered.
    busy_inside_split_spread: float = 12.0
    busy_inside_split_steps: int = 5
    busy_inside_split_part: float = 0.07
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
    #: every place hidden 60 or more read at least 61 (1,653 looks on the tune sets): 55.
    #: Since the rim counts only along the hand's own colour inside (session 33), on the
    #: physically based sets grazes under 20 read at most 47 and places hidden 61-66 read 48-54
    #: (1,240 frames): 50 set two frames right (seed 10900 frame 1, 11200/25) and none wrong.
    #: On the tune sets of session 51 (3,665 frames) the worst graze read 45.1 (13600/70,
    #: 16 hidden), while places hidden 60-74 in seven 2D over-hand frames read 48-50 (5402/93,
    #: bank.green 61 hidden): 48 sets those seven right and no frame wrong; 45 adds the graze.
    busy_inside_min_mm2: float = 48.0
    #: ...and in the closer look, beside what it follows inside the region, within this much
    #: (mm) of it, what is darker than busy_inside_dark_rim_ratio of its darker colour, and
    #: than busy_inside_dark_rim_beyond of what lies as far again out (a dark card beside the
    #: thing is no rim), is its own rim: a round arm or sleeve turns from the light at its
    #: edge, and the camera sees its outline there (the renderer's truth counts it). Without
    #: it an arm over a card's corner or along a lane's edge read 29-49 mm^2 for 66-75 hidden
    #: (seeds 11300 frame 82, 11400/154, 11500/91); with it 53-59. Of the grazes under 20 one
    #: went over 50 (11300/193, an arm's dark side along the nobles: nobles.2, 15 hidden, 32
    #: -> 53, in a frame out of the band already); the next, a sleeve's cast shadow along a
    #: lane, 38 -> 46 (11100/166; from 0.8 of its colour it went over). 0: no such rim.
    busy_inside_dark_rim_mm: float = 1.0
    busy_inside_dark_rim_ratio: float = 0.7
    busy_inside_dark_rim_beyond: float = 0.85
    #: What that look follows joined to the thing only through a neck narrower than this
    #: (mm), or thinner, is not the thing: a fingertip stopping short of a chip touches its
    #: rim or its shadow, and those follow round it.
    busy_inside_neck_mm: float = 3.0
    #: A thing whose colours on the ring are its own and a shadow's (a hand and the shadow it
    #: casts beside itself): the shadow's colour inside the region counts only within this
    #: much (mm) of the thing's own, as its shaded rim (the renderer's hand darkens over its
    #: last few mm); further on it is the region's mat in the shadow, a chip's rim, dark art.
    busy_inside_rim_mm: float = 3.0
    #: ...and which of its two colours is the shadow, when the closer look's own box shows
    #: neither to be (most of its bare mat lies in the thing's shadow, and so does its "lit"
    #: half), is judged against the bare mat round the whole region in the overview: a
    #: sleeve's or a finger's shadow was followed into a card's dark art or along its margin
    #: (seed 10800 frame 163, 10900/85, 4343/17). False: the closer look's box alone.
    busy_own_wider: bool = True
    #: ...or when the mat tells neither from the other (neither judged a shadow, or both),
    #: the darker of the two is its own shade when it has the brighter's hue (each channel's
    #: share of their sum within busy_own_shade_hue) at no more than busy_own_shade_ratio of
    #: its light: the thing's side turned from the light, or its shadow on a dark mat. A hand stopping short of a card with dark art had
    #: its shaded rim followed over the art (seed 11900 frame 172, 12200/124, 12700/10).
    #: None: not looked for. A shade lighter than busy_own_shade_deep of the light may be
    #: off the hue by less, down to busy_own_shade_hue_lit at busy_own_shade_ratio (in a
    #: straight line): deep in a shadow the ambient light's tint and the noise move a thing's
    #: hue (a sleeve's shadow at 0.39-0.40 of its light, 0.042 off: 10900/85, 12700/10), a
    #: side barely turned from the light keeps it. Brown skin beside a salmon sleeve, at 0.68
    #: of its light and 0.043 off, was taken for its shade (2D 6402/21: two cards under the
    #: arm missed). None: busy_own_shade_hue at every darkness.
    busy_own_shade_ratio: float | None = 0.75
    busy_own_shade_hue: float = 0.05
    busy_own_shade_deep: float = 0.5
    busy_own_shade_hue_lit: float | None = 0.025
    #: The tint a shadow touching a place may take (stages/shadow.py: what touches a place
    #: only as a shadow, and which of a thing's two colours is its shadow); None: the mask's,
    #: busy_shadow_tint. Under two lights of different warmth a deep shadow of the one is lit
    #: by the other alone and takes its whole tint: a window's or a ceiling's shadow beside a
    #: sleeve sits just past 0.4 (seed 10800 frame 127, tune seed 4343 frame 13, a place
    #: said covered that nothing hides). 0.45 set those two right, but took hands over a deck
    #: and the scan zone for shadows (seed 11300 frame 13, 80 mm^2 hidden; 11400/136, 169),
    #: and over 1,240 frames set as many wrong as right: a miss is worse than a place said
    #: covered (the referee reads a place a hand is over).
    busy_contact_tint: float | None = None
    #: ...and what of the thing is such a tinted shadow is no longer its own colour that must
    #: not go on over the place: over an empty slot or a lane in the same shadow it goes on as
    #: the mat there does (4343/13: the shadow over the whole bank covered bank.green).
    busy_tinted_not_own: bool = True
    #: ...and that rim only along the thing's own colour inside the region: skin running
    #: along the outline outside it (a finger's side beside a card) throws its shadow over
    #: the margin and the card's edge, which hides nothing (seed 10800 frame 163: 57 mm^2 of
    #: such rim, for 5 hidden). False: along its own colour wherever it is.
    busy_inside_rim_inside: bool = True
    #: A coloured sleeve and a darker colour beside it on the ring, neither its shadow as the
    #: mat beside them judges it (the sleeve's own shaded side, blurred with its cast shadow):
    #: followed into the region, that darker colour takes in the sleeve's cast shadow on the
    #: mat there, under two lights tinted and so off the mat's hue. Inside the region, what
    #: only the darker colour finds and is a shadow on the mat there (tinted_shade) is not
    #: the thing.
    busy_inside_dark_not_shade: bool = True
    #: ...unless the region's own outline already showed it a sleeve (flat where a shadow
    #: would only darken it, busy_sleeve_*): a dark brown sleeve right across a deck was
    #: taken for a tinted shadow inside it, and the deck not covered (2D hand seed 5802/18).
    busy_sleeve_not_shade: bool = True
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
    #: ...or touch one region's outline within busy_anchor_gap_mm of a blob that big (a
    #: hand's part cut off by a place's corner, 14500/85): then that much is enough too, for
    #: a place nothing bigger comes into.
    busy_crumb_by_hand: bool = True
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
    #: A hand whose things over the places join nothing beyond the mat came in on an arm the
    #: mask did not take for a thing: a bright or dim patch whose outline was too soft (a dark
    #: sleeve merged with its own soft shadow, its sharp side lying along the places it
    #: crosses), or a faintly tinted one whose tint did not end at it. Such a patch that joins
    #: those things to the mat's edge is that arm, and the places are judged again with it
    #: (anchor.py: missing_arm). False: not looked for.
    busy_arm_from_doubt: bool = True
    #: ...and when no patch on the free mat joins them, an arm over places of its own colour
    #: shows only between them: patches on both sides of a place, within busy_arm_across_mm
    #: of it, are joined across it where the place looks like them (each channel within this
    #: share of theirs; anchor.py: across_places). A grey sleeve of the mat's own grey lay over
    #: the black and gold lanes, seen only in the gaps between them (physical 13200/85); across
    #: cards whose art is nothing like a dim mat's patches, nothing is joined (2D 4502/28 when
    #: tried first). None: not looked for.
    busy_arm_across_places: float | None = 0.2
    busy_arm_across_mm: float = 3.0
    #: ...each beside its own place: one thing covering this many places or more is a hand
    #: whose arm went unseen (a pale sleeve of nearly the mat's colour), and so are things
    #: each over two places linking this many (a hand over the lanes seen only in the gaps
    #: between them, its arm in a dark sleeve taken for its own shadow, read calm: 2D 4502/28).
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
    #: ...and as much of its outer sides, towards the mat's edges: an arm reaches the corner
    #: over the edge, while a deck's shadow under a low lamp falls on its inner sides alone
    #: (seed 11400 frame 34: the level-1 deck's stack side and shadow joined the bottom-left
    #: marker that way, and the deck was covered). False: the whole border.
    busy_anchor_marker_outer: bool = True

    #: Without the mat (fewer than 3 markers) but 2 found: a missing marker in view is hidden
    #: when a quarter of its white square is darker than this fraction of the found ones' (a
    #: hand, a sleeve over part of it) or less than this fraction of its code is dark (a marker's
    #: black border and bits make about three quarters of it dark; something lies over it).
    marker_hidden_white: float = 0.75
    marker_hidden_dark: float = 0.5
    #: ...and once one is hidden so, every other missing marker in view is too (a fingertip on
    #: a marker's edge spoils its code but darkens too little of its square to tell).
    marker_hidden_beside_hand: bool = True
    #: ...and a marker counts as in view when this much of its white square lies in the frame
    #: at every shift below (less somewhere: it may simply be out of the picture; a marker
    #: placed 8 px off had 51 % in view, in truth 42 %, and was called hidden).
    marker_in_view: float = 0.5
    #: Placed from 2 markers (the camera's pose through the nominal lens), a marker may be out
    #: by this fraction of its square (searched in marker_place_steps steps each way, each
    #: finer than its 5 mm white border): hidden only if covered at every shift.
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
