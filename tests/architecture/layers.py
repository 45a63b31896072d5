"""The house's floors: which package may import which, read from the source (no imports run).

Every import counts, the ones inside functions too: a lazy import is still an arrow. A package
may import its own modules and anything on a lower floor; packages on one floor don't import
each other. ``workbench`` and the command line sit on top and reach down into everything; the
runtime never reaches up into them.
"""
from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOPS = ("companion", "hardware", "vision", "workbench", "league")

# floor of each package (longest prefix wins); higher floors may import lower ones
FLOORS = {
    "companion.engine": 0,
    "vision": 1,
    "hardware": 1,
    "companion.referee": 2,
    "companion.ai": 2,
    "companion.i18n": 3,
    "companion.app": 4,
    "companion.share": 4,
    "companion.ui": 5,
    "workbench": 6,          # benches, renderers, trainers, the demo's simulated table
    "league": 6,             # the league server (its own program)
    "companion.cli": 7,      # thin entry points: may reach the workbench for its commands
    "companion": 8,          # companion/__init__.py and __main__.py
}


def package_of(module: str) -> str:
    best = ""
    for p in FLOORS:
        if (module == p or module.startswith(p + ".")) and len(p) > len(best):
            best = p
    return best


def modules() -> dict[str, Path]:
    found = {}
    for top in TOPS:
        base = ROOT / top
        if not base.is_dir():
            continue
        for path in base.rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            name = ".".join(rel.parts)
            if name.endswith(".__init__"):
                name = name[: -len(".__init__")]
            found[name] = path
    return found


def imports(name: str, path: Path, known: dict) -> list[tuple[str, int, bool]]:
    """(imported project module, line, inside a function?) for each import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    func_lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    func_lines.add(sub.lineno)
    is_pkg = path.name == "__init__.py"
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".")
                base = parts if is_pkg else parts[:-1]
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
        for t in targets:
            # the deepest project module the name reaches
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name and t.split(".")[0] in TOPS:
                out.append((t, node.lineno, node.lineno in func_lines))
    return out


@functools.lru_cache(maxsize=1)
def graph():
    """(imports of each module, the modules), read once a run."""
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}, known


def upward_arrows(edges) -> list[str]:
    """Every import that points to a higher floor or across one floor, as 'a -> b (line)'."""
    bad = []
    for src, targets in edges.items():
        sp = package_of(src)
        for dst, line, _lazy in targets:
            dp = package_of(dst)
            if sp == dp or dst == "companion":
                continue
            if FLOORS[dp] >= FLOORS[sp]:
                bad.append(f"{src} -> {dst} (line {line})")
    return sorted(set(bad))


def cycles(edges) -> list[list[str]]:
    """Strongly connected groups of modules (Tarjan): each is an import circle."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    succ = {s: sorted({d for d, _l, _z in t}) for s, t in edges.items()}

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ.get(v, []):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    import sys
    sys.setrecursionlimit(10000)
    for v in sorted(succ):
        if v not in index:
            visit(v)
    return out


if __name__ == "__main__":
    e, k = graph()
    print("modules", len(k))
    print("upward:", *upward_arrows(e), sep="\n  ")
    print("cycles:", *cycles(e), sep="\n  ")
    total = sum(len(t) for t in e.values())
    lazy = sum(1 for t in e.values() for _d, _l, z in t if z)
    print(f"imports {total}, inside functions {lazy} ({100*lazy/total:.0f} %)")
