"""Build-time patch to Pyodide 314.0.7's ``pyodide.mjs``, applied as it is copied into dist/pyodide/
(exact text, found exactly once or the build stops: patches.py). docs/STARTUP.md, "The wasm
compiled while the snapshot inflates".

Pyodide's loader fetches ``pyodide.asm.wasm`` as soon as ``loadPyodide`` starts, but compiles it only
when Emscripten instantiates the module, through ``WebAssembly.instantiateStreaming(response,
imports)``: after ``pyodide.asm.mjs`` is imported and after the memory snapshot has been fetched and
inflated (its length is the module's initial memory). So the compilation waits for both, although
it needs neither: only the instantiation needs the imports and the memory. The patch starts
``WebAssembly.compileStreaming(response)`` where the fetch starts, and instantiates the compiled
module when Emscripten asks, with the same imports: V8 compiles on its background threads while the
worker's thread imports ``pyodide.asm.mjs`` and inflates the snapshot. The instance and module
handed to Emscripten are the ones ``instantiateStreaming`` gave; a failed compile reaches the same
``catch`` (and the same warning) as a failed ``instantiateStreaming``. Under Node (the build's
snapshot) Pyodide reads the file instead of fetching it, there is no response, and nothing changes.
"""
from __future__ import annotations

from .patches import Patch, applies_to, check_applied, patch_text

MODULE = "tools/build/pyodide_patch.py"

FETCH = 'let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K();'
FETCH_AND_COMPILE = ('let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K(),'
                     'c0=n&&WebAssembly.compileStreaming(n);c0&&c0.catch(()=>{});')
INSTANTIATE = "n?l=await WebAssembly.instantiateStreaming(n,s):l=await WebAssembly.instantiate(await t,s);"
INSTANTIATE_COMPILED = ("n?l={module:await c0,instance:await WebAssembly.instantiate(await c0,s)}"
                        ":l=await WebAssembly.instantiate(await t,s);")

WHY = "pyodide.asm.wasm compiled from its fetch on, not after the snapshot is inflated"
PATCHES = (
    Patch("pyodide.mjs", FETCH, FETCH_AND_COMPILE, WHY),
    Patch("pyodide.mjs", INSTANTIATE, INSTANTIATE_COMPILED, WHY),
)


def patched(name: str) -> bool:
    """Whether a patch is for Pyodide's file ``name`` (the others are copied byte for byte)."""
    return applies_to(name, PATCHES)


def patch_file(name: str, text: str) -> tuple[str, list[Patch]]:
    """``text`` of Pyodide's file ``name`` with every patch for it applied, and those applied."""
    return patch_text(name, text, PATCHES, "Pyodide", MODULE)


def check_all_applied(applied: list[Patch]) -> None:
    """Every patch was applied exactly once (Pyodide's files renamed or changed stop the build)."""
    check_applied(applied, PATCHES, "Pyodide", MODULE)
