# The engine worker (started by js/engine.js): the game and the glue, off the page's thread.
# Every name of joker.web.API becomes a function the page calls (PyScript's __export__).
from joker import web

globals().update(web.API)
__export__ = web.serve()
