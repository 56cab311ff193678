"""The data directory (issue 11 item 6): per-user by default (platformdirs), the same from
every working directory, ``CR_DATA_DIR`` overrides it, and the CLI says where it is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from worker.cli.paths import data_dir_note
from worker.settings import Settings, default_data_dir

EXE = Path(sys.executable).with_name("contract-review")


def _env(xdg: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CR_")}
    env.update({"XDG_DATA_HOME": str(xdg), "HF_HUB_OFFLINE": "1", "COLUMNS": "200", **extra})
    return env


def _cli(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(EXE), *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)


def test_default_is_the_per_user_folder_and_cr_data_dir_overrides_it(monkeypatch, tmp_path):
    monkeypatch.delenv("CR_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    s = Settings()
    assert s.data_dir == default_data_dir() == tmp_path / "xdg" / "contract-review"
    assert not s.data_dir_from_env
    assert s.index_root == tmp_path / "xdg" / "contract-review" / "index"
    assert s.models_root == tmp_path / "xdg" / "contract-review" / "models"
    monkeypatch.setenv("CR_DATA_DIR", str(tmp_path / "mine"))
    s = Settings()
    assert s.data_dir == tmp_path / "mine" and s.data_dir_from_env
    assert "CR_DATA_DIR" in data_dir_note(s) and str(tmp_path / "mine") in data_dir_note(s)


def test_the_same_data_and_models_from_any_working_directory(tmp_path):
    """A model installed into the default folder is found from another folder; nothing is
    created relative to the working directory."""
    xdg = tmp_path / "xdg"
    from worker.llm import load_registry

    spec = load_registry(Path(__file__).resolve().parents[2] / "worker" / "models.toml")["qwen2.5-coder-0.5b"]
    models = xdg / "contract-review" / "models"
    models.mkdir(parents=True)
    (models / spec.file).write_bytes(b"stand-in")  # `models list` looks for the file only
    seen = []
    for cwd in (tmp_path / "a", tmp_path / "b" / "deeper"):
        cwd.mkdir(parents=True)
        r = _cli(["paths", "--json"], _env(xdg), cwd)
        assert r.returncode == 0, r.stderr
        seen.append(json.loads(r.stdout))
        listed = _cli(["models", "list"], _env(xdg), cwd)
        assert "* qwen2.5-coder-0.5b  installed" in listed.stdout, listed.stdout
        assert not (cwd / ".contract-review").exists()
    assert seen[0] == seen[1]
    assert seen[0]["data_dir"] == str(xdg / "contract-review") and seen[0]["data_dir_from"] == "default"
    assert seen[0]["models_installed"] == ["qwen2.5-coder-0.5b"] and seen[0]["index_version"] is None
    r = _cli(["paths", "--json"], _env(xdg, CR_DATA_DIR=str(tmp_path / "elsewhere")), tmp_path)
    assert json.loads(r.stdout)["data_dir"] == str(tmp_path / "elsewhere")


def test_help_and_paths_say_where_the_data_is(tmp_path):
    xdg = tmp_path / "xdg"
    helptext = _cli(["--help"], _env(xdg), tmp_path).stdout
    assert "CR_DATA_DIR" in helptext and str(xdg / "contract-review") in helptext and "paths" in helptext
    r = _cli(["paths"], _env(xdg, CR_DATABASE_URL="postgresql+psycopg://u:secret@db:5432/cr"), tmp_path)
    assert r.returncode == 0, r.stderr
    assert f"data directory {xdg / 'contract-review'} (per-user default" in r.stdout
    assert "secret" not in r.stdout and "***" in r.stdout


def test_an_old_working_directory_folder_is_pointed_out(monkeypatch, tmp_path):
    monkeypatch.delenv("CR_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.chdir(tmp_path)
    assert "earlier version" not in data_dir_note(Settings())
    (tmp_path / ".contract-review" / "index").mkdir(parents=True)
    note = data_dir_note(Settings())
    assert f"CR_DATA_DIR={tmp_path / '.contract-review'} uses it" in note


def test_tests_do_not_use_the_users_data_directory():
    assert Settings().data_dir_from_env and Settings().data_dir != default_data_dir()


def test_the_first_review_says_where_it_builds_the_index(monkeypatch, tmp_path):
    """Before minutes of index building, the first review names the data directory."""
    import typer
    from typer.testing import CliRunner

    import worker.runtime
    from worker.cli import app

    def stop(*_, **__):
        raise typer.Exit(3)  # the message is out; building the real index is not this test's business

    monkeypatch.setattr(worker.runtime, "load_index", stop)
    contract = tmp_path / "c.txt"
    contract.write_text("第一条 甲方应当于签订后十日内支付全部价款。\n第二条 乙方应当按时交付全部设备。\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["review", str(contract), "--no-llm", "--no-store"],
                           env={"CR_DATA_DIR": str(tmp_path / "fresh"), "COLUMNS": "300"})
    assert r.exit_code == 3, r.output
    said = " ".join(r.output.split())
    assert f"no statute index in {tmp_path / 'fresh' / 'index'} yet" in said
    assert f"data directory {tmp_path / 'fresh'} (CR_DATA_DIR)" in said
