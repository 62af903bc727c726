"""Build-time patches to @pyscript/core's dist/, applied as its files are copied into dist/pyscript/
(exact text of PyScript 0.7.31, found exactly once or the build stops: patches.py).
The probe's patch changes how PyScript's code gets there, not what it does; the observer's patch
does what static/js/pyworkers.js did at run time before.

The SharedArrayBuffer probe (docs/STARTUP.md, "The seventh pass"). PyScript's core bundles
coincident's ``@webreflection/utils/shared-array-buffer``, whose module top level is::

    let { SharedArrayBuffer: SAB } = globalThis, native = true;
    try { new SAB(4, { maxByteLength: 8 }); }
    catch (_) { native = false; SAB = class SharedArrayBuffer extends ArrayBuffer {...}; }

On a page that is not cross-origin isolated (this one: GitHub Pages sends no COOP/COEP headers)
``SharedArrayBuffer`` is undefined, so ``new SAB(...)`` throws a TypeError ("… is not a
constructor") from the top level of ``core-*.js``, one 136 KB line. V8 compiles a function without
its source-position table and re-parses it to word the message (which names the expression that is
not a constructor) and to place the throw: here the whole module. Measured at 4x CPU throttling: about
20 ms of the module evaluation's ~35 ms of self time (V8's sampling profiler, line-level on a
reformatted copy), the module-evaluation event 34-52 ms -> 27-40 ms (bench_firstpaint.py). The
patch asks ``if (SAB)`` first and leaves the ``try`` for a SharedArrayBuffer that exists but cannot
grow: the same two outcomes (``native`` false and the ArrayBuffer-based class whenever the native
one is missing or not growable), without a throw.

The document observer. PyScript's core watches the whole document with a MutationObserver
(childList, attributes, subtree; shadow roots too, through its own ``attachShadow``), to find
``<script type="py">`` and ``py-*`` event attributes added later, which this page never has (its
Python runs only in PyWorkers, static/js/pyworkers.js). It ran at the end of every task that changed
the DOM: each element added (a card, a seat's markup) was searched with an XPath query and
querySelectorAll, in the same task as the redraw of every engine answer (200 ms of a two-deal game's
CPU at 4x throttling, 12 ms of a new deal's; docs/STARTUP.md, tests/test_main_thread.py). The patch
makes its ``observe`` helper return the node unobserved; the core still searches the document once
when it starts. (This was done at run time before: pyworkers.js replaced ``MutationObserver`` while
the core was imported and told the core's observer by its creator's file in ``new Error().stack``;
that string needs every frame's line and column, and V8 re-parsed the core's whole top level to
find them: 15-20 ms of CPU at 4x, the one remaining re-parse once the probe above threw no more.)

The micropip step (docs/STARTUP.md, "The loading bar off the main thread"). At every start a
PyScript worker imports micropip and asks it to install pyscript.toml's ``packages`` (joker). Our
memory snapshot was made by that same install (tools/build/snapshot_make.py), so micropip only
finds joker "already satisfied": 70-120 ms of each worker's start (importing the three micropip
modules a snapshot cannot hold, then the check). The patch skips the step when the interpreter
says the snapshot installed every package asked for (``installedInSnapshot``, set by
static/js/pyodide-snapshot.mjs from what snapshot_make.py installed); without the snapshot, or for
a package it does not hold, micropip installs as before.
"""
from __future__ import annotations

from .patches import Patch, PatchError, applies_to, check_applied, patch_text

__all__ = ["PATCHES", "Patch", "PatchError", "check_all_applied", "patch_file", "patched"]
MODULE = "tools/build/pyscript_patch.py"

SAB_TRY = ("try{new _r(4,{maxByteLength:8})}catch(e){yr=!1,_r=class extends ArrayBuffer{get growable(){"
           "return super.resizable}grow(e){super.resize(e)}}}")
SAB_IF = ("if(_r)try{new _r(4,{maxByteLength:8})}catch(e){_r=void 0}if(!_r){yr=!1,_r=class extends "
          "ArrayBuffer{get growable(){return super.resizable}grow(e){super.resize(e)}}}")

OBSERVE = "n=t=>(e.observe(t,{childList:!0,subtree:!0,attributes:!0}),t)"
UNOBSERVED = "n=t=>t"

MICROPIP_STEP = "o&&await m(o,l,p),await l.close()"
MICROPIP_UNLESS_INSTALLED = "o&&!o.every(e=>y.installedInSnapshot?.has(e))&&await m(o,l,p),await l.close()"

PATCHES = (
    Patch("core-", SAB_TRY, SAB_IF,
          "no TypeError thrown from core's top level when SharedArrayBuffer is missing: V8 re-parses "
          "the 136 KB module to place the throw"),
    Patch("core-", OBSERVE, UNOBSERVED,
          "core's MutationObserver observes nothing: the page has no <script type=py> to find, and "
          "its search of every element added cost each redraw"),
    Patch("core-", MICROPIP_STEP, MICROPIP_UNLESS_INSTALLED,
          "a worker asks micropip for pyscript.toml's packages only if the memory snapshot did not "
          "install them all at build time"),
)


def patched(name: str) -> bool:
    """Whether a patch is for dist file ``name`` (other files are copied byte for byte)."""
    return applies_to(name, PATCHES)


def patch_file(name: str, text: str) -> tuple[str, list[Patch]]:
    """``text`` of dist file ``name`` with every patch for it applied, and the patches applied;
    PatchError if a patch for this file does not find its text exactly once."""
    return patch_text(name, text, PATCHES, "PyScript", MODULE)


def check_all_applied(applied: list[Patch]) -> None:
    """Every patch was applied exactly once over the files copied (a renamed chunk fails too)."""
    check_applied(applied, PATCHES, "PyScript", MODULE)
