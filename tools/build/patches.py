"""Exact-text patches to the minified files of a pinned runtime package, applied by build.py as it
copies them into dist/ (after the npm tarball was checked against its integrity string, runtime.py).

Each patch replaces an exact piece of the package's minified text, which must occur exactly once
in the file it names: if the package's version, its bundler's output or the text changes, the build
stops and says which patch no longer applies (re-measure it, then re-anchor or drop it). What each
patch does and why is written in the module that lists it (pyscript_patch.py, pyodide_patch.py).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Patch:
    file_prefix: str  # the file's name up to its content hash ("core-"), or its whole name
    old: str
    new: str
    why: str


class PatchError(RuntimeError):
    """A patch's anchor text is not in the package's file exactly once."""


def applies_to(name: str, patches: tuple[Patch, ...]) -> bool:
    """Whether one of ``patches`` is for file ``name`` (the others are copied byte for byte)."""
    return any(name.startswith(p.file_prefix) for p in patches)


def patch_text(name: str, text: str, patches: tuple[Patch, ...], package: str, module: str
               ) -> tuple[str, list[Patch]]:
    """``text`` of file ``name`` with every one of ``patches`` for it applied, and those applied;
    PatchError if a patch for this file does not find its text exactly once."""
    done = []
    for p in patches:
        if not name.startswith(p.file_prefix):
            continue
        n = text.count(p.old)
        if n != 1:
            raise PatchError(f"{name}: the text of a {package} patch occurs {n} times, not once ({p.why}); "
                             f"{package} changed: re-measure, then re-anchor or drop it ({module})")
        text = text.replace(p.old, p.new)
        done.append(p)
    return text, done


def check_applied(applied: list[Patch], patches: tuple[Patch, ...], package: str, module: str) -> None:
    """Every patch was applied exactly once over the files copied (a renamed file fails too)."""
    for p in patches:
        if applied.count(p) != 1:
            raise PatchError(f"a {package} patch for {p.file_prefix}* was applied {applied.count(p)} "
                             f"times, not once ({p.why}) ({module})")
