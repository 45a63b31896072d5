"""Tags that must never be guessed: an id read in two slots, foreign payloads, unknown ids."""
from __future__ import annotations

import pytest

from vision.pipeline import assign_tags, locate_mat, prepare, read_table
from vision.tags import Code, parse_payload

from .helpers import paste_sticker, tag_centre_mm


def _doctor(sample, n, ident, payload):
    image, truth = sample(n)
    loc = locate_mat(prepare(image))
    # A sticker a little larger than the card's own, pasted over it.
    doctored = paste_sticker(image, loc, tag_centre_mm(loc, truth, ident), payload, 1.6)
    return doctored, truth


def test_an_id_seen_in_two_slots_leaves_both_unread(sample):
    # Sample 2: 1W08 in market.1.0; a second 1W08 sticker over 1W02 in market.1.1.
    image, truth = _doctor(sample, 2, "1W02", "SPL:1W08")
    result = read_table(image)
    assert truth["market"]["1"][:2] == ["1W08", "1W02"]
    assert result["market"]["1"][:2] == ["?", "?"]
    assert {"market.1.0", "market.1.1"} <= set(result["uncertain"])
    assert "1W08" in result["tags"] and "1W02" not in result["tags"]
    # The rest of the table is unaffected.
    assert result["market"]["1"][2:] == truth["market"]["1"][2:]
    assert result["market"]["2"] == truth["market"]["2"]


@pytest.mark.parametrize("payload", ["SPL:1W99", "SPL:9Z99", "http://example.com/1W02"])
def test_a_foreign_or_unknown_payload_is_reported_not_mapped(sample, payload):
    image, truth = _doctor(sample, 2, "1W02", payload)
    result = read_table(image)
    assert payload in result["foreign"]
    assert result["market"]["1"][1] == "?"
    assert "market.1.1" in result["uncertain"]
    assert "1W02" not in result["tags"] and "1W99" not in result["tags"]
    assert result["market"]["1"][0] == "1W08"


def test_a_noble_in_a_card_slot_is_flagged(sample):
    image, truth = _doctor(sample, 2, "1W02", "SPL:N01")
    result = read_table(image)
    assert result["market"]["1"][1] == "N01"
    assert "market.1.1" in result["uncertain"]


def test_payload_rules():
    assert parse_payload("SPL:2R03") == "2R03"
    assert parse_payload("SPL:N10") == "N10"
    assert parse_payload("SPL:N11") is None  # there are 10 nobles
    assert parse_payload("SPL:1W09") is None  # 8 white level-1 cards
    assert parse_payload("spl:2R03") is None
    assert parse_payload("SPL:2R03 ") is None
    assert parse_payload("") is None


def test_assign_tags_without_a_mat_keeps_ids_and_foreign():
    quad = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    codes = [Code("SPL:1W01", quad, "zxing"), Code("hello", quad, "zxing"),
             Code("SPL:1W01", quad, "pyzbar")]
    tags = assign_tags(codes, None)
    assert tags.ids == ["1W01"] and tags.foreign == ["hello"] and tags.slots == {}
