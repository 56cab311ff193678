"""The package layout a newcomer relies on (issue 10, "worker/ by role"): the CLI in
``worker/cli/``, the HTTP API in ``worker/api/``, no import circle among the ``worker``
modules (counting imports inside functions too), and ``pipelines``/``knowledge`` never
importing ``worker``. Static (the modules' syntax trees), so it runs in milliseconds."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _modules(package: str) -> dict[str, Path]:
    mods = {}
    for path in (REPO / package).rglob("*.py"):
        parts = list(path.relative_to(REPO).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = path
    return mods


def _imports(path: Path) -> set[str]:
    """Every absolute import in the file (module level and inside functions), as the
    dotted names written."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_cli_and_api_are_packages():
    assert (REPO / "worker/cli/__init__.py").is_file() and (REPO / "worker/api/__init__.py").is_file()
    for flat in ("worker/cli.py", "worker/cli_ops.py", "worker/api.py"):
        assert not (REPO / flat).exists(), f"{flat} came back beside the package"


def test_no_import_circle_in_worker():
    mods = _modules("worker")
    graph = {m: {n for n in _imports(p) if n in mods and n != m} for m, p in mods.items()}
    assert _cycles(graph) == []
    assert "worker.intake" not in graph["worker.chain.tasks"] or "worker.chain.tasks" not in graph["worker.intake"]


def test_pipelines_and_knowledge_do_not_import_worker():
    offenders = [str(p.relative_to(REPO)) for pkg in ("pipelines", "knowledge") for p in _modules(pkg).values()
                 if any(n == "worker" or n.startswith("worker.") for n in _imports(p))]
    assert offenders == []


def test_entry_points_import_on_their_own():
    """Each role's entry module imports in a fresh interpreter (no partial-import errors)."""
    code = "import worker.intake, worker.chain.dispatch, worker.cli, worker.api; print(worker.cli.app.info.name or 'ok')"
    r = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
