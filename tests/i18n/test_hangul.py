"""Korean names typed on a two-set keyboard: keys become syllables as a Korean keyboard does."""
import pytest

from companion.i18n.hangul import compose, from_latin


@pytest.mark.parametrize("keys,text", [
    ("ㄱㅣㅁㅁㅣㄴㅈㅜㄴ", "김민준"),          # a tail moves on when a vowel follows
    ("ㅂㅏㄱㅅㅓㅇㅕㄴ", "박서연"),
    ("ㄱㅗㅏㄴ", "관"),                    # compound vowel
    ("ㅇㅡㅣㅅㅏ", "의사"),
    ("ㄱㅏㅂㅅ", "값"), ("ㄱㅏㅂㅅㅇㅣ", "값이"),   # compound tail, split before a vowel
    ("ㄷㅏㄹㄱㅇㅡㄴ", "닭은"),
    ("ㅃㅏㅇ", "빵"), ("ㄱㅏㄲㅏ", "가까"),
    ("ㄱ", "ㄱ"), ("ㅏ", "ㅏ"), ("ㄱㄱ", "ㄱㄱ"),   # lone jamo stay as they are
    ("Łukasz ㄱㅣㅁ", "Łukasz 김"),           # mixed scripts pass through
])
def test_compose(keys, text):
    assert compose(keys) == text


def test_backspace_is_dropping_the_last_key():
    keys = list("ㄱㅣㅁㅁㅣㄴ")
    shown = [compose(keys[:i]) for i in range(len(keys), 0, -1)]
    assert shown == ["김민", "김미", "김ㅁ", "김", "기", "ㄱ"]


def test_latin_key_labels():
    assert from_latin("rlaalswns") == "김민준"
    assert from_latin("qkrtjdus") == "박서연"
