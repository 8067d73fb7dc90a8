# Sourced by the reader's shell scripts: the pinned venv (.venv-reader), $PY, $WORK, and the
# prepared windows (prepare.py, once). Leaves the shell in scripts/reader.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
[ -x .venv-reader/bin/python ] || python3 -m venv .venv-reader
.venv-reader/bin/pip install -q -r scripts/reader/requirements.txt
PY="$PWD/.venv-reader/bin/python"
ROOT="$PWD"
WORK="${READER_WORK:-$PWD/work/reader}"
cd scripts/reader
[ -f "$WORK/train.pkl" ] || "$PY" prepare.py --out "$WORK"
