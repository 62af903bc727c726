"""Decision time of a level at its default budget: python -m joker.bots.bench_time LEVEL N"""
import sys, time, random
sys.path.insert(0, "/work/main")
from joker.game import Game
from joker.rules import PRESETS
from joker.bots import make_bot
lv = sys.argv[1]; N = int(sys.argv[2])
rng = random.Random(5)
med = make_bot("medium", seed=1)
times = []
gs = 0
while len(times) < N:
    g = Game(list(PRESETS.values())[gs % 3], "full", seed=100 + gs); gs += 1
    bot = make_bot(lv, seed=gs)
    while g.phase != "over" and len(times) < N:
        v = g.view(g.to_act)
        if g.to_act == 0 and rng.random() < 0.25:
            t = time.perf_counter(); a = bot.act(v); times.append(time.perf_counter() - t)
        else:
            a = med.act(v)
        g.apply(a)
times.sort()
print(f"{lv}: {len(times)} decisions (all phases, forced ones included), mean {1000*sum(times)/len(times):.2f} ms, "
      f"p95 {1000*times[int(0.95*len(times))]:.2f} ms, max {1000*times[-1]:.2f} ms")
