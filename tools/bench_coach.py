"""Coach timings: a hint at the browser's default budget, and the review of a 9-card deal.

    python tools/bench_coach.py                 # CPython
    python tools/bench_coach.py --pyodide       # the same inside Pyodide under Node (the browser's engine)

A hint searches for a fixed time (``joker.coach.HINT_BUDGET_MS``), so what is measured is that
budget plus the overhead around it; the review searches a fixed number of sampled deals per decision
(``joker.coach.REVIEW_WORLDS``), so its time is the machine's speed.  Run under ``nice`` on a shared
machine and read the load average printed with the figures.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(hints: int, reviews: int) -> dict[str, object]:
    sys.path.insert(0, str(ROOT))
    from joker import coach
    from joker.bots import make_bot
    from joker.game import Game

    def game(seed: int) -> Game:
        g = Game(mode="nines", seed=seed)
        bots = [make_bot("medium", seed=seed * 4 + s) for s in range(4)]
        while g.phase != "over" and len(g.actions) < 160:
            g.apply(bots[g.to_act].act(g.view(g.to_act)))  # type: ignore[index]
        return g

    hint_ms = []
    seed = 0
    while len(hint_ms) < hints:
        seed += 1
        g = game(seed)
        replay = Game.from_dict({**g.to_dict(), "actions": []})
        for i, a in enumerate(g.actions):
            seat = replay.to_act
            if seat == 0 and len(replay.legal_actions()) > 1 and i % 5 == 0 and len(hint_ms) < hints:
                view = replay.view(0)
                t = time.perf_counter()
                coach.hint(view, seed=i)
                hint_ms.append((time.perf_counter() - t) * 1000)
            replay.apply(a)
    review_s = []
    per_decision = []
    for k in range(reviews):
        g = game(100 + k)
        t = time.perf_counter()
        r = coach.review_deal(g.to_dict(), 1 + k % 4, 0)
        review_s.append(time.perf_counter() - t)
        per_decision.append(review_s[-1] / max(1, len(r["decisions"])))
    hint_ms.sort()
    return {"python": sys.version.split()[0], "hint_budget_ms": coach.HINT_BUDGET_MS, "hints": len(hint_ms),
            "hint_mean_ms": round(sum(hint_ms) / len(hint_ms)),
            "hint_p95_ms": round(hint_ms[int(0.95 * (len(hint_ms) - 1))]),
            "hint_max_ms": round(hint_ms[-1]), "review_worlds": coach.REVIEW_WORLDS, "reviews": reviews,
            "review_mean_s": round(sum(review_s) / reviews, 2), "review_max_s": round(max(review_s), 2),
            "review_per_decision_ms": round(1000 * sum(per_decision) / reviews)}


NODE = r"""
import { loadPyodide } from "%(mjs)s";
import fs from "node:fs";
const files = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const py = await loadPyodide({ indexURL: "%(dir)s/" });
for (const [name, text] of Object.entries(files)) {
  py.FS.mkdirTree("/app/" + name.split("/").slice(0, -1).join("/"));
  py.FS.writeFile("/app/" + name, text);
}
process.stdout.write(py.runPython(`
import sys, json
sys.path.insert(0, "/app/tools")
import bench_coach
json.dumps(bench_coach.measure(%(hints)d, %(reviews)d))
`));
"""


def pyodide(hints: int, reviews: int) -> dict[str, object]:
    mjs = next(iter(sorted((ROOT / ".cache").glob("pyodide-*/package/pyodide.mjs"))), None)
    if mjs is None or shutil.which("node") is None:
        raise SystemExit("needs node and the pyodide package in .cache (python3 build.py fetches it)")
    files = {str(p.relative_to(ROOT)): p.read_text() for p in (ROOT / "joker").rglob("*.py")}
    files["tools/bench_coach.py"] = Path(__file__).read_text()
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "files.json").write_text(json.dumps(files))
        script = Path(tmp) / "run.mjs"
        script.write_text(NODE % {"mjs": mjs.as_uri(), "dir": mjs.parent, "hints": hints, "reviews": reviews})
        res = subprocess.run(["node", str(script), str(Path(tmp) / "files.json")], capture_output=True,
                             text=True)
    if res.returncode:
        raise SystemExit(res.stderr[-3000:])
    return json.loads(res.stdout)  # type: ignore[no-any-return]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node")
    ap.add_argument("--hints", type=int, default=10)
    ap.add_argument("--reviews", type=int, default=3)
    args = ap.parse_args()
    out = pyodide(args.hints, args.reviews) if args.pyodide else measure(args.hints, args.reviews)
    out["load_average"] = [round(x, 1) for x in os.getloadavg()]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
