# Minimal main-thread script: proves Python runs and the bot worker answers.
# Contract kept by whatever main script the UI uses:
#   <html data-python="ready">  once Python on the main thread has imported joker
#   <html data-python="error">  if that failed (the traceback is shown by PyScript)
#   <html data-worker="ready">  once the bot worker answered
import sys

from pyscript import document, workers

root = document.documentElement
try:
    import joker
except Exception:
    root.setAttribute("data-python", "error")
    raise

document.getElementById("status").textContent = f"Python {sys.version.split()[0]} ready ({joker.__name__} loaded)."
root.setAttribute("data-python", "ready")

bot = await workers["bot"]  # noqa: F704 (PyScript runs top-level await)
reply = await bot.ping("main")  # noqa: F704
document.getElementById("worker").textContent = reply
root.setAttribute("data-worker", "ready")
