"""joker.guard: untrusted text is measured before any recursive parser sees it (issue #9)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from joker import guard

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab,:/ \n'),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet='[]{}"\\ab'), inner, max_size=4)
    ),
    max_leaves=40,
)


def depth(v):
    if isinstance(v, list):
        return 1 + max((depth(x) for x in v), default=0)
    if isinstance(v, dict):
        return 1 + max((depth(x) for x in v.values()), default=0)
    return 0


@settings(max_examples=300, deadline=None)
@given(json_values, st.booleans())
def test_nesting_depth_is_exact_on_json(value, indent):
    """Brackets inside strings (escaped quotes included) never count; real nesting always does."""
    text = json.dumps(value, indent=1 if indent else None)
    assert guard.nesting_depth(text) == depth(value)


@pytest.mark.parametrize(
    "text", ["[" * 20000 + "]" * 20000, "[" * 400_000, '{"a":' * 6000 + "1" + "}" * 6000]
)
def test_deep_text_is_refused_before_parsing(monkeypatch, text):
    def parser_must_not_run(*args, **kwargs):
        raise AssertionError("json.loads reached")

    monkeypatch.setattr(guard.json, "loads", parser_must_not_run)
    with pytest.raises(guard.Rejected) as e:
        guard.loads(text, max_chars=len(text), max_depth=16)
    assert e.value.code == guard.TOO_DEEP and isinstance(e.value, ValueError)


def test_size_is_checked_first_and_other_refusals_have_codes():
    with pytest.raises(guard.Rejected) as e:
        guard.loads("[" * 101, max_chars=100, max_depth=1000)
    assert e.value.code == guard.TOO_LARGE
    for text, code in [
        ("{", guard.NOT_JSON),
        ("NaN", guard.NOT_JSON),
        ("[Infinity]", guard.NOT_JSON),
        ("1" * 5000, guard.NOT_JSON),
        (b"[]", guard.NOT_TEXT),
        (None, guard.NOT_TEXT),
    ]:
        with pytest.raises(guard.Rejected) as e:
            guard.loads(text, max_chars=10_000, max_depth=4)
        assert e.value.code == code, text
    assert guard.loads('["[[[[", {"]": "{{"}]', max_chars=100, max_depth=2) == ["[[[[", {"]": "{{"}]


def test_shown_never_recurses_and_stays_short():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert guard.shown(deep) == "a list of 1 item"
    assert len(guard.shown("x" * 1_000_000)) <= 40
    assert guard.shown(10**400) == "an int of 1329 bits"
    assert guard.label("AS") == "AS" and guard.label(["AS"]) == "a list of 1 item"


def test_whole_refuses_bools_floats_and_out_of_range():
    assert guard.whole(5, "n", 0, 9) == 5
    for bad in (True, 5.0, "5", None, -1, 10, 10**400):
        with pytest.raises(ValueError):
            guard.whole(bad, "n", 0, 9)
