"""The catalogs: complete, in step with the code, plural forms right, placeholders kept."""
import gettext
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion import i18n
from companion.i18n import Translator, extract

LOCALE = Path(i18n.__file__).resolve().parent.parent / "locale"
LANGS = ("pl", "ko")
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def po(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "companion.po"


@pytest.fixture(scope="module")
def fresh_mo(tmp_path_factory):
    """Each .po compiled now (the installed .mo could be stale), as gettext catalogs."""
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt is missing: `make install` installs Debian's gettext package.")
    out = {}
    for lang in LANGS:
        mo = tmp_path_factory.mktemp(lang) / "companion.mo"
        subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po(lang))], check=True)
        with open(mo, "rb") as f:
            out[lang] = gettext.GNUTranslations(f)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_msgfmt_finds_every_entry_translated_and_none_fuzzy(lang):
    res = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po(lang))],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    stats = res.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages\.", stats), stats


@pytest.mark.parametrize("lang", LANGS)
def test_no_entry_is_empty_or_fuzzy_in_the_po_itself(lang):
    text = po(lang).read_text(encoding="utf-8")
    assert "fuzzy" not in text
    # An empty msgstr not continued on the next line is an untranslated entry (the header's
    # msgstr "" is continued by its fields).
    empties = re.findall(r'^msgstr(?:\[\d\])? ""\n(?!")', text, flags=re.M)
    assert not empties, f"{len(empties)} untranslated entries in {lang}"


def _keys(catalog: gettext.GNUTranslations) -> set:
    keys = set()
    for k in catalog._catalog:
        msgid = k[0] if isinstance(k, tuple) else k
        if msgid:
            keys.add(tuple(msgid.split("\x04", 1)) if "\x04" in msgid else (None, msgid))
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_extraction_finds_nothing_new_and_nothing_stale(lang, fresh_mo):
    in_code = set(extract.extract())
    in_catalog = _keys(fresh_mo[lang])
    assert not in_code - in_catalog, f"not in the {lang} catalog: {sorted(in_code - in_catalog)}"
    assert not in_catalog - in_code, f"no longer in the code: {sorted(in_catalog - in_code)}"


def test_extraction_reads_python_and_kv_calls(tmp_path):
    src = tmp_path / "companion"
    src.mkdir()
    (src / "a.py").write_text('x = _("One")\ny = ngettext("{n} cat", "{n} cats", n)\n'
                              'z = tr._(name)\nw = pgettext("menu", "Open")\n')
    (src / "b.kv").write_text('Label:\n    text: tr._("Two") + tr.ngettext(\n'
                              '        "{n} dog", "{n} dogs", 3)\n')
    found = extract.extract(src)
    assert set(found) == {(None, "One"), (None, "{n} cat"), ("menu", "Open"), (None, "Two"),
                          (None, "{n} dog")}
    assert found[(None, "{n} dog")].plural == "{n} dogs"


@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_keeps_the_placeholders(lang, fresh_mo):
    catalog = fresh_mo[lang]
    for (ctx, msgid), entry in extract.extract().items():
        want = set(PLACEHOLDER.findall(msgid))
        if entry.plural:
            forms = [catalog.ngettext(msgid, entry.plural, n) for n in (1, 2, 5)]
        elif ctx is not None:
            forms = [catalog.pgettext(ctx, msgid)]
        else:
            forms = [catalog.gettext(msgid)]
        for text in forms:
            assert set(PLACEHOLDER.findall(text)) == want, (lang, msgid, text)
            assert text.count("\n") == msgid.count("\n"), (lang, msgid)


def test_polish_has_three_plural_forms():
    t = Translator("pl")
    said = {n: t.ngettext("{n} point", "{n} points", n).format(n=n)
            for n in (0, 1, 2, 4, 5, 12, 14, 21, 22, 25, 104, 112)}
    assert said == {0: "0 punktów", 1: "1 punkt", 2: "2 punkty", 4: "4 punkty", 5: "5 punktów",
                    12: "12 punktów", 14: "14 punktów", 21: "21 punktów", 22: "22 punkty",
                    25: "25 punktów", 104: "104 punkty", 112: "112 punktów"}
    tokens = [t.ngettext("{n} gold token", "{n} gold tokens", n).format(n=n) for n in (1, 2, 5)]
    assert tokens == ["1 znacznik złota", "2 znaczniki złota", "5 znaczników złota"]


def test_korean_has_one_form_and_counts_with_a_counter_word():
    t = Translator("ko")
    assert [t.ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2, 25)] == [
        "1점", "2점", "25점"]
    assert t.ngettext("{n} white token", "{n} white tokens", 3).format(n=3) == "흰색 토큰 3개"


@pytest.mark.parametrize("lang", LANGS)
def test_the_players_own_terms_are_used(lang):
    text = po(lang).read_text(encoding="utf-8")
    terms = {"pl": ("znaczniki klejnotów", "znaczniki złota", "karty rozwoju",
                    "płytki arystokratów", "rezerwacj"),
             "ko": ("보석 토큰", "황금 토큰", "개발 카드", "귀족 타일", "명성 점수", "예약")}[lang]
    for term in terms:
        assert term in text, term
    # ...and not another word for the same thing: the Polish rulebook's deck is a "stos".
    off = {"pl": ("talia", "talii", "talię"), "ko": ()}[lang]
    for word in off:
        assert f" {word} " not in f" {text.lower()} ".replace('"', " "), word


def test_system_locale_decides_the_default():
    sl = i18n.system_language
    assert sl({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert sl({"LC_ALL": "ko_KR.UTF-8", "LANG": "pl_PL.UTF-8"}) == "ko"
    assert sl({"LANGUAGE": "de:ko:en", "LANG": "pl_PL.UTF-8"}) == "ko"
    assert sl({"LANG": "C.UTF-8"}) == "en"
    assert sl({"LANG": "de_DE.UTF-8"}) == "en"
    assert sl({}) == "en"


def test_the_chosen_language_is_kept_and_wins_over_the_system(tmp_path):
    assert i18n.stored_language(tmp_path) is None
    assert i18n.initial_language(tmp_path, {"LANG": "ko_KR.UTF-8"}) == "ko"
    i18n.store_language(tmp_path, "pl")
    assert i18n.initial_language(tmp_path, {"LANG": "ko_KR.UTF-8"}) == "pl"
    (tmp_path / i18n.LANGUAGE_FILE).write_bytes(b"\xff\xfe garbage")
    assert i18n.initial_language(tmp_path, {"LANG": "ko_KR.UTF-8"}) == "ko"
    assert i18n.initial_language(tmp_path, {"SPLENDOR_LANG": "ko", "LANG": "en_GB"}) == "ko"
    with pytest.raises(ValueError):
        i18n.store_language(tmp_path, "klingon")


def test_switching_tells_the_listeners_once_per_change():
    t = Translator("en")
    heard = []
    t.bind(heard.append)
    t.set_language("pl")
    t.set_language("pl")
    t.set_language("ko_KR.UTF-8")
    assert heard == ["pl", "ko"]
    assert t.gettext("Settings") == "설정"


def test_a_missing_catalog_falls_back_to_english(tmp_path):
    t = Translator("pl", localedir=tmp_path)
    assert t.lang == "pl" and t.gettext("Settings") == "Settings"


def _own_scope(fn):
    """Nodes of a function's own scope (not of nested functions, lambdas, comprehensions)."""
    import ast
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                 ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
                                 ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))


def test_no_function_calling_underscore_also_assigns_it():
    """``for _ in ...``, ``_, x = ...`` or a parameter ``*_`` makes ``_`` local to a function,
    and its ``_("...")`` calls fail at run time in every language."""
    import ast
    root = Path(i18n.__file__).resolve().parent.parent
    bad = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            nodes = list(_own_scope(fn))
            calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                        and n.func.id == "_" for n in nodes)
            a = fn.args
            params = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
            params += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
            stores = "_" in params or any(
                isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)
                for n in nodes)
            if calls and stores:
                bad.append(f"{path.relative_to(root.parent)}:{fn.lineno} {fn.name}")
    assert not bad, bad
