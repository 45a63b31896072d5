"""Hangul from the keys of a two-set (두벌식) keyboard, for typing Korean names on the kiosk's
on-screen keyboard (no input method there).

The keyboard keeps the keys typed (jamo) and shows :func:`compose` of them; a backspace drops
the last key, so "김" typed as ㄱ ㅣ ㅁ goes back through "기" and "ㄱ". Pure Python.

>>> compose("ㄱㅣㅁㅁㅣㄴㅈㅜㄴ")
'김민준'
>>> compose("ㄷㅏㄹㄱㅇㅡㄴ")
'닭은'
>>> compose("ㅂㅏㄱ ㅅㅓㅇㅕㄴ")
'박 서연'
"""
from __future__ import annotations

LEADS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
TAILS = ("", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ",
         "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ")
VOWEL_PAIRS = {("ㅗ", "ㅏ"): "ㅘ", ("ㅗ", "ㅐ"): "ㅙ", ("ㅗ", "ㅣ"): "ㅚ", ("ㅜ", "ㅓ"): "ㅝ",
               ("ㅜ", "ㅔ"): "ㅞ", ("ㅜ", "ㅣ"): "ㅟ", ("ㅡ", "ㅣ"): "ㅢ"}
TAIL_PAIRS = {("ㄱ", "ㅅ"): "ㄳ", ("ㄴ", "ㅈ"): "ㄵ", ("ㄴ", "ㅎ"): "ㄶ", ("ㄹ", "ㄱ"): "ㄺ",
              ("ㄹ", "ㅁ"): "ㄻ", ("ㄹ", "ㅂ"): "ㄼ", ("ㄹ", "ㅅ"): "ㄽ", ("ㄹ", "ㅌ"): "ㄾ",
              ("ㄹ", "ㅍ"): "ㄿ", ("ㄹ", "ㅎ"): "ㅀ", ("ㅂ", "ㅅ"): "ㅄ"}
TAIL_SPLIT = {v: k for k, v in TAIL_PAIRS.items()}
# The two-set keyboard's keys: the letters of a QWERTY layout (shift gives the doubled ones).
KEYS = {"q": "ㅂ", "w": "ㅈ", "e": "ㄷ", "r": "ㄱ", "t": "ㅅ", "y": "ㅛ", "u": "ㅕ", "i": "ㅑ",
        "o": "ㅐ", "p": "ㅔ", "a": "ㅁ", "s": "ㄴ", "d": "ㅇ", "f": "ㄹ", "g": "ㅎ", "h": "ㅗ",
        "j": "ㅓ", "k": "ㅏ", "l": "ㅣ", "z": "ㅋ", "x": "ㅌ", "c": "ㅊ", "v": "ㅍ", "b": "ㅠ",
        "n": "ㅜ", "m": "ㅡ", "Q": "ㅃ", "W": "ㅉ", "E": "ㄸ", "R": "ㄲ", "T": "ㅆ", "O": "ㅒ",
        "P": "ㅖ"}


def is_jamo(ch: str) -> bool:
    """Whether ``ch`` is one of the jamo the two-set keyboard types."""
    return ch in LEADS or ch in VOWELS or ch in TAILS[1:]


def _syllable(lead: str, vowel: str, tail: str = "") -> str:
    return chr(0xAC00 + (LEADS.index(lead) * 21 + VOWELS.index(vowel)) * 28 + TAILS.index(tail))


def compose(keys) -> str:
    """The text the jamo ``keys`` spell (anything else passes through as it is)."""
    out: list = []
    lead = vowel = tail = ""

    def flush():
        nonlocal lead, vowel, tail
        if lead and vowel:
            out.append(_syllable(lead, vowel, tail))
        else:
            out.append(lead + vowel + tail)
        lead = vowel = tail = ""

    for k in keys:
        if k in VOWELS:
            if lead and not vowel:
                vowel = k
            elif lead and vowel and not tail and (vowel, k) in VOWEL_PAIRS:
                vowel = VOWEL_PAIRS[vowel, k]
            elif lead and vowel and tail:
                # The tail moves to the new syllable (a doubled tail keeps its first half).
                keep, move = TAIL_SPLIT.get(tail, ("", tail))
                if move not in LEADS:
                    tail = keep + move if not keep else keep
                    flush()
                    out.append(k)
                    continue
                tail = keep
                flush()
                lead, vowel = move, k
            elif not lead and vowel and (vowel, k) in VOWEL_PAIRS:
                vowel = VOWEL_PAIRS[vowel, k]
            else:
                flush()
                vowel = k
        elif k in LEADS or k in TAILS[1:]:
            if lead and vowel and not tail and k in TAILS:
                tail = k
            elif lead and vowel and tail and (tail, k) in TAIL_PAIRS:
                tail = TAIL_PAIRS[tail, k]
            else:
                flush()
                if k in LEADS:
                    lead = k
                else:
                    out.append(k)
        else:
            flush()
            out.append(k)
    flush()
    return "".join(out)


def from_latin(keys: str) -> str:
    """The text a two-set keyboard gives for these Latin key labels ('rlaalswnsm' -> 김민준)."""
    return compose(KEYS.get(ch, ch) for ch in keys)
