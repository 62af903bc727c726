"""Georgian Joker (ჯოკერი): rules engine, game state machine, fast playouts and bots.

Pure Python: imports and runs unchanged in CPython and in Pyodide.  Only the browser-glue
modules (``joker.web``, ``joker.worker``) touch ``js``/``pyscript``.
"""
__version__ = "0.1.0"
