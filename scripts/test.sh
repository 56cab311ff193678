#!/usr/bin/env bash
# Install, then run the whole test suite (unit, integration against SQLite and the
# machine's PostgreSQL when it runs, and one end-to-end review with the real model).
# Extra arguments go to pytest, e.g. ./scripts/test.sh -m "not llm".
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install.sh
. .venv/bin/activate
set +e
python -m pytest -q "$@"
rc=$?
set -e
# pytest exits 5 when it collected no test: that is a failure here, not a pass
exit $rc
