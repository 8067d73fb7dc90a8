# Sourced by the reader's shell scripts: the pinned venv (.venv-reader), $PY, $WORK, and the
# prepared windows (prepare.py, once). Leaves the shell in scripts/reader.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
[ -x .venv-reader/bin/python ] || python3 -m venv .venv-reader
.venv-reader/bin/pip install -q -r scripts/reader/requirements.txt
PY="$PWD/.venv-reader/bin/python"
ROOT="$PWD"
WORK="${READER_WORK:-$PWD/work/reader}"
cd scripts/reader
# READER_PREPARE_FLAGS: prepare.py's options, e.g. "--adversarial-share 0.2 --unanswerable-repeat 2"
# (the shipped model's last stage; docs/models.md). Read only when the windows are prepared.
# shellcheck disable=SC2086
[ -f "$WORK/train.pkl" ] || "$PY" prepare.py --out "$WORK" ${READER_PREPARE_FLAGS:-}
