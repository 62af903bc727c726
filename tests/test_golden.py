"""Golden transcripts of seeded games under each preset (see joker/transcript.py)."""
from pathlib import Path

import pytest

from joker.transcript import GOLDEN, transcript

FOLDER = Path(__file__).parent / "golden"


@pytest.mark.parametrize("preset,mode,seed", GOLDEN)
def test_transcript_unchanged(preset, mode, seed):
    expected = (FOLDER / f"{preset}_{mode}_{seed}.txt").read_text()
    assert transcript(preset, mode, seed) == expected, \
        "a seeded game changed; if intended, run: python -m joker transcript --write tests/golden"
