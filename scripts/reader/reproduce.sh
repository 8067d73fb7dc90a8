#!/usr/bin/env bash
# Reproduces the reader from the SQuAD training data: a venv with the pinned packages,
# prepare → train → export (int8, checked against fp32) → evaluate; the export lands in
# $WORK/export. Same script on CPU or CUDA (train.py picks the device). `python scripts/reader/ship.py
# $WORK/export` then ships it in assets/reader (docs/models.md "The reader").
# Usage: bash scripts/reader/reproduce.sh [extra train.py flags, e.g. --max-steps 800]
# The 2026-11-28 CPU model: bash scripts/reader/reproduce.sh --max-steps 1100 --bf16 (docs/models.md).
set -euo pipefail
source "$(dirname "$0")/venv.sh"
"$PY" train.py --data "$WORK" --out "$WORK/model" --batch-size 32 --lr 1e-4 --save-every 50 "$@"
"$PY" export.py --model "$WORK/model/final" --out "$WORK/export" --validation "$WORK/validation.json"
"$PY" evaluate.py --model "$WORK/export" --json "$WORK/evaluate.json"
echo "reader exported to $WORK/export (figures: $WORK/evaluate.json)"
