"""Find every translatable sentence in the code: ``_()``, ``N_()``, ``ngettext()``,
``pgettext()`` in ``companion/**/*.py`` and ``tr._()``, ``tr.ngettext()``, ``tr.pgettext()`` in
the ``.kv`` files; write the template ``companion/locale/companion.pot``.

``python -m companion.i18n.extract`` then ``msgmerge --no-wrap --update --backup=none
companion/locale/pl/LC_MESSAGES/companion.po companion/locale/companion.pot`` (and ``ko``):
new sentences appear untranslated, and ``tests/i18n`` fails until they are translated.
"""
from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent          # companion/
POT = ROOT / "locale" / "companion.pot"
# name -> (positions of msgctxt, msgid, msgid_plural)
KEYWORDS = {"_": (None, 0, None), "N_": (None, 0, None), "gettext": (None, 0, None),
            "ngettext": (None, 0, 1), "pgettext": (0, 1, None), "npgettext": (0, 1, 2)}
_KV_CALL = re.compile(r"\btr\.(_|ngettext|pgettext)\(")


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    context: str | None = None
    where: list = field(default_factory=list)

    @property
    def key(self) -> tuple:
        return (self.context, self.msgid)


def _strings(call: ast.Call, name: str):
    spec = KEYWORDS.get(name)
    if spec is None:
        return None
    args = call.args

    def const(i):
        if i is None:
            return None
        if i >= len(args) or not isinstance(args[i], ast.Constant) or not isinstance(
                args[i].value, str):
            return False
        return args[i].value
    ctx, msgid, plural = (const(i) for i in spec)
    if False in (ctx, msgid, plural):
        return None        # not literal strings: a call on a variable (translated elsewhere)
    return ctx, msgid, plural


def _name(func) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and func.attr in ("_", "ngettext", "pgettext", "gettext",
                                                          "npgettext"):
        return func.attr
    return None


def from_python(path: Path, source: str | None = None):
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name is None:
                continue
            found = _strings(node, name)
            if found:
                yield found + (node.lineno,)


def _balanced(text: str, start: int) -> int:
    """Index just past the parenthesis that closes the one before ``start``."""
    depth, i, quote = 1, start, None
    while i < len(text) and depth:
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        i += 1
    return i


def from_kv(path: Path):
    text = path.read_text(encoding="utf-8")
    for m in _KV_CALL.finditer(text):
        end = _balanced(text, m.end())
        snippet = "f" + text[m.end() - 1:end]
        try:
            call = ast.parse(re.sub(r"\s*\n\s*", " ", snippet), mode="eval").body
        except SyntaxError:
            continue
        found = _strings(call, m.group(1))
        if found:
            yield found + (text.count("\n", 0, m.start()) + 1,)


def extract(root: Path = ROOT) -> dict:
    entries: dict = {}
    files = sorted(root.rglob("*.py")) + sorted(root.rglob("*.kv"))
    for path in files:
        if "locale" in path.parts:
            continue
        found = from_kv(path) if path.suffix == ".kv" else from_python(path)
        for ctx, msgid, plural, line in found:
            if not msgid:
                continue
            e = entries.setdefault((ctx, msgid), Entry(msgid, plural, ctx))
            e.plural = e.plural or plural
            e.where.append(f"{path.relative_to(root.parent)}:{line}")
    return entries


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def pot_text(entries: dict) -> str:
    out = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Content-Transfer-Encoding: 8bit\\n"', ""]
    for e in sorted(entries.values(), key=lambda e: e.where[0]):
        out.append("#: " + " ".join(e.where))
        if "{" in e.msgid:
            out.append("#, python-brace-format")
        if e.context is not None:
            out.append("msgctxt " + _quote(e.context))
        out.append("msgid " + _quote(e.msgid))
        if e.plural is not None:
            out.append("msgid_plural " + _quote(e.plural))
            out += ['msgstr[0] ""', 'msgstr[1] ""']
        else:
            out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def main(argv=None) -> int:
    entries = extract()
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_text(pot_text(entries), encoding="utf-8")
    print(f"{POT}: {len(entries)} sentences")
    return 0


if __name__ == "__main__":
    sys.exit(main())
