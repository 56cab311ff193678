# One image for the API, cpu workers and beat; built with a CUDA base and
# LLAMA_CMAKE_ARGS=-DGGML_CUDA=on for the LLM workers (docker-compose.yml does both).
#
#   docker build -t contract-review .
#   docker build -t contract-review-gpu --build-arg BASE_IMAGE=nvidia/cuda:12.6.3-devel-ubuntu24.04 \
#                --build-arg LLAMA_CMAKE_ARGS=-DGGML_CUDA=on .
ARG BASE_IMAGE=python:3.11-slim-bookworm
FROM ${BASE_IMAGE}

# llama-cpp-python builds from source. The CPU default is a portable AVX2 build: native
# detection off, so no AMX kernels (a native build on an AMX host compiles them whatever
# GGML_AMX_* says, and sandboxes refuse AMX: DESIGN §11) and the image runs on any AVX2 host.
ARG LLAMA_CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF"
# LibreOffice lays out DOCX inputs so their clauses get page numbers (CR_DOCX_PAGES); without it
# (--build-arg WITH_LIBREOFFICE=false, a smaller image) reviews say why DOCX clauses have no pages
ARG WITH_LIBREOFFICE=true
ENV DEBIAN_FRONTEND=noninteractive PIP_NO_CACHE_DIR=1 PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 \
    VIRTUAL_ENV=/opt/venv PATH=/opt/venv/bin:$PATH

RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential cmake tesseract-ocr tesseract-ocr-chi-sim \
 && if [ "$WITH_LIBREOFFICE" = true ]; then apt-get install -y --no-install-recommends libreoffice-writer-nogui \
      fonts-noto-cjk; fi \
 && (command -v python3 >/dev/null && python3 -c "import venv" 2>/dev/null \
     || apt-get install -y --no-install-recommends python3 python3-venv python3-dev) \
 && rm -rf /var/lib/apt/lists/* \
 && python3 -m venv /opt/venv

WORKDIR /app
COPY pyproject.toml README.md CHANGELOG.md alembic.ini ./
COPY pipelines pipelines
COPY knowledge knowledge
COPY worker worker
COPY migrations migrations
COPY examples examples
# editable: migrations/ is found next to the worker package
RUN CMAKE_ARGS="${LLAMA_CMAKE_ARGS}" pip install -e ".[llm,default-model,dense]"

RUN useradd --system --uid 10001 --home /data app && mkdir -p /data /models && chown app /data /models
USER app
EXPOSE 8000
CMD ["contract-review", "--help"]
