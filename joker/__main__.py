"""Command line: ``python -m joker bench`` | ``python -m joker arena ...``."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["arena"]:
        from .arena import main as arena_main  # the bots' duplicate-match arena
        return arena_main(argv[1:]) or 0
    parser = argparse.ArgumentParser(prog="python -m joker")
    sub = parser.add_subparsers(dest="cmd", required=True)
    bench = sub.add_parser("bench", help="engine throughput: full games/s and 9-card playouts/s")
    bench.add_argument("--seconds", type=float, default=3.0)
    sub.add_parser("arena", help="bot matches (see python -m joker arena --help)")
    tr = sub.add_parser("transcript", help="print a seeded random game, or --write the golden files")
    tr.add_argument("--write", metavar="FOLDER")
    tr.add_argument("--preset", default="standard")
    tr.add_argument("--mode", default="nines")
    tr.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.cmd == "bench":
        from .bench import main as bench_main
        bench_main(args.seconds)
    elif args.cmd == "transcript":
        from .transcript import transcript, write
        if args.write:
            write(args.write)
        else:
            print(transcript(args.preset, args.mode, args.seed), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
