# The engine worker (started by js/engine.js): the game and the glue, off the page's thread.
# Every name of joker.web.API (the coach's calls included, added by serve()) becomes a function
# the page calls (PyScript's __export__).
from joker import web

__export__ = web.serve()
globals().update(web.API)
