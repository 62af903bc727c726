"""The joker package as a wheel (issue #14, item 3): the file build.py builds from pyproject.toml and the
site installs with micropip is what ``pip install`` takes on CPython, arena and all."""
from __future__ import annotations

import email.parser
import subprocess
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from tools.build import wheel as wheels

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def joker_wheel() -> Path:
    return wheels.joker_wheel()


def test_wheel_holds_every_module_and_the_metadata(joker_wheel: Path) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert joker_wheel.name == f"joker-{project['version']}-py3-none-any.whl"
    with zipfile.ZipFile(joker_wheel) as z:
        names = set(z.namelist())
        dist_info = f"joker-{project['version']}.dist-info"
        meta = email.parser.Parser().parsestr(z.read(f"{dist_info}/METADATA").decode())
        assert z.read(f"{dist_info}/WHEEL").decode().count("Root-Is-Purelib: true") == 1
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "joker").rglob("*.py")
               if "__pycache__" not in p.parts}
    assert {"joker/__init__.py", "joker/__main__.py", "joker/arena.py", "joker/bots/__init__.py",
            "joker/bots/search.py"} <= sources
    assert sources == {n for n in names if n.endswith(".py")}, "the wheel and joker/ differ"
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert (meta["Name"], meta["Version"]) == ("joker", project["version"])
    assert meta["Requires-Python"] == project["requires-python"]
    assert not meta.get_payload().strip(), "no long description: the browser downloads the wheel"
    # the engine has no dependencies; only the developers' extra does (micropip installs no extra)
    assert all(req.endswith('; extra == "dev"') for req in meta.get_all("Requires-Dist") or [])


def test_wheel_is_reproducible(joker_wheel: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Built again from the same sources (another cache), the wheel has the same bytes: the site's
    version and the snapshot's cache key change only with the sources."""
    backend = wheels.pip_download(*wheels.SETUPTOOLS)  # the pinned setuptools, already fetched
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / backend.name).write_bytes(backend.read_bytes())
    monkeypatch.setattr(wheels, "WHEELS", tmp_path / "wheels")
    again = wheels.joker_wheel()
    assert again != joker_wheel and again.read_bytes() == joker_wheel.read_bytes()


def test_pip_installs_the_wheel_and_the_arena_runs(joker_wheel: Path, tmp_path: Path) -> None:
    """Into a fresh venv, offline: ``python -m joker arena --help`` and an import of every bot run from
    the installed copy, not from this checkout."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", "--no-index",
                    str(joker_wheel)], check=True, cwd=tmp_path)
    out = subprocess.run([str(py), "-m", "joker", "arena", "--help"], check=True, cwd=tmp_path,
                         capture_output=True, text=True).stdout
    assert "usage:" in out and "arena" in out
    probe = "import joker, joker.bots.search, joker.web; print(joker.__file__)"
    where = subprocess.run([str(py), "-c", probe],
                           check=True, cwd=tmp_path, capture_output=True, text=True).stdout.strip()
    assert Path(where).is_relative_to(env_dir) and not Path(where).is_relative_to(ROOT / "joker"), where
