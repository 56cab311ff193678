"""A user's own model registry (CR_MODELS_FILE) merged over the shipped one.

GIVEN the shipped worker/models.toml and a registry file of the user's
WHEN the registry is loaded / `contract-review models list` runs
THEN the user's entries are added or replace shipped ones, nothing tracked is edited,
     and a malformed entry is refused with a message naming the file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pipelines.errors import ModelLoadError
from worker.llm import load_registry

SHIPPED = Path(__file__).parents[2] / "worker" / "models.toml"

OWN = """
[models."firm-7b"]
description = "the firm's own GGUF"
file = "/models/firm-7b-q4_k_m.gguf"
size_bytes = 4000000000
sha256 = "ab"
architecture = "qwen2"
context_length = 32768
rope_freq_base = 1000000.0

[models."qwen2.5-coder-0.5b"]
description = "overridden"
file = "elsewhere.gguf"
size_bytes = 1
sha256 = "cd"
architecture = "qwen2"
context_length = 32768
rope_freq_base = 1000000.0
"""


def test_the_shipped_registry_has_both_offline_models():
    reg = load_registry(SHIPPED)
    assert {"qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"} <= set(reg)
    big = reg["qwen2.5-coder-1.5b"]
    assert big.size_bytes == 1_117_320_768 and len(big.chunk_packages) == 22
    assert big.sha256 == "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"


def test_a_user_registry_adds_and_replaces_entries(tmp_path):
    own = tmp_path / "models.toml"
    own.write_text(OWN, encoding="utf-8")
    reg = load_registry(SHIPPED, own)
    assert reg["firm-7b"].file == "/models/firm-7b-q4_k_m.gguf"
    assert reg["qwen2.5-coder-0.5b"].description == "overridden"
    assert "qwen2.5-coder-1.5b" in reg


def test_an_entry_with_an_unknown_field_is_refused_naming_the_file(tmp_path):
    own = tmp_path / "bad.toml"
    own.write_text('[models.x]\nfile = "x.gguf"\nsha256 = "0"\nsize_bytes = 1\narchitecture = "qwen2"\n'
                   'context_length = 1\nrope_freq_base = 1.0\ncolour = "red"\n', encoding="utf-8")
    with pytest.raises(ModelLoadError, match="bad.toml"):
        load_registry(SHIPPED, own)


def test_models_list_shows_the_users_entries(tmp_path):
    own = tmp_path / "models.toml"
    own.write_text(OWN, encoding="utf-8")
    env = {**os.environ, "CR_MODELS_FILE": str(own), "CR_DATA_DIR": str(tmp_path / "data"), "COLUMNS": "200"}
    out = subprocess.run([sys.executable, "-m", "worker.cli", "models", "list"], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "firm-7b" in out.stdout and str(own) in out.stdout


def test_the_default_model_is_a_second_opinion_and_the_setting_overrides_it():
    from worker.runtime import model_findings_reported
    from worker.settings import Settings

    assert model_findings_reported(Settings()) is False  # measured: the 0.5B adds false alarms only
    assert model_findings_reported(Settings(model="qwen2.5-coder-1.5b")) is True
    assert model_findings_reported(Settings(finder_reports="yes")) is True
    assert model_findings_reported(Settings(model="qwen2.5-coder-1.5b", finder_reports="no")) is False
