# Minimal bot worker: a function the main thread awaits. Runs in a web worker.
import sys

import joker


def ping(sender):
    return f"Worker (Python {sys.version.split()[0]}, {joker.__name__}) answers {sender}."


__export__ = ["ping"]
