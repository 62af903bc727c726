"""Profile: rollouts/s of the kernel vs the engine random playout, and per decision of Hard/Insane.

    python -m joker.bots.bench_profile
"""
import sys, time, random
sys.path.insert(0, "/work/main")
from joker.bots.kernel import rollout, to_kernel
from joker.playout import random_playout
from joker.game import Shuffler, Game
from joker.cards import DECK
from joker.bots import make_bot
sh = Shuffler(1); deals=[]
for _ in range(256):
    d = sh.shuffled(DECK); h=[0]*4
    for i,c in enumerate(d): h[i&3] |= 1<<c
    deals.append(h)
rng = random.Random(1)
bids = [[rng.randrange(4) for _ in range(4)] for _ in range(256)]
t=time.perf_counter(); n=0
while time.perf_counter()-t < 3:
    for i in range(500):
        kh,_,tm = to_kernel(deals[i&255], [], i%5-1)
        rollout(kh, i&3, [], [0,0,0,0], tm, bool(i&8), bids[i&255])
    n+=500
dt=time.perf_counter()-t; print(f"kernel: {n/dt:,.0f} bid-seeking 9-card rollouts/s")
gb = random.Random(1).getrandbits
t=time.perf_counter(); n=0
while time.perf_counter()-t < 3:
    for i in range(500):
        random_playout(deals[i&255], i%5-1, i&3, (), (0,0,0,0), bool(i&8), gb)
    n+=500
dt=time.perf_counter()-t; print(f"engine random_playout: {n/dt:,.0f} random 9-card playouts/s")
# per decision
for lv in ("hard", "insane"):
    bot = make_bot(lv, seed=1)
    med = make_bot("medium", seed=1)
    rows=[]
    for gs in range(3):
        g = Game(mode="nines", seed=gs)
        while g.phase!="over" and len(g.deals) < 2:
            s=g.to_act; v=g.view(s)
            if s == 0 and len(v["legal"])>1 and v["phase"] in ("bid","play"):
                st=dict(bot.stats); t0=time.perf_counter(); a=bot.act(v); dt=time.perf_counter()-t0
                rows.append((v["phase"], v["hand_counts"][0], bot.stats["rollouts"]-st["rollouts"], bot.stats["worlds"]-st["worlds"], dt))
                g.apply(a)
            else: g.apply(med.act(v))
    import collections
    agg=collections.defaultdict(list)
    for ph,hc,ro,w,dt in rows: agg[(ph, hc)].append((ro,w,dt))
    for k in sorted(agg):
        xs=agg[k]; ro=sum(x[0] for x in xs); w=sum(x[1] for x in xs); dt=sum(x[2] for x in xs)
        print(f"{lv} {k[0]:4} cards in hand {k[1]}: {len(xs)} decisions, {ro/len(xs):.0f} rollouts and {w/len(xs):.0f} worlds per decision, {ro/dt:,.0f} rollouts/s, {1000*dt/len(xs):.0f} ms")
