# A search worker (started by js/search.js): bot moves and the coach's analysis, off the page's
# thread and off the engine's worker, so a search never delays applying a person's action.
# Every name of joker.worker.EXPORTS becomes a function the page calls (PyScript's __export__).
from joker import worker

globals().update(worker.EXPORTS)
__export__ = list(worker.EXPORTS)
