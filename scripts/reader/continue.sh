#!/usr/bin/env bash
# Goes on training the shipped reader instead of starting over: assets/reader's int8 model is
# dequantised back to a trainable folder (dequantize.py), trained past the batches it already saw
# (train.py --init --skip-batches), exported (int8, checked against fp32) and evaluated; the export
# lands in $WORK/export-continued, ready for `python scripts/reader/ship.py`.
# Usage: bash scripts/reader/continue.sh SKIP_BATCHES [extra train.py flags]
# The 2026-11-29 model (docs/models.md "The reader"): the 2026-11-28 one (1,100 steps) went on with
#   bash scripts/reader/continue.sh 1100 --max-steps 800 --lr 5e-5 --warmup 0.03 --bf16
set -euo pipefail
cd "$(dirname "$0")/../.."
SKIP="${1:?usage: continue.sh SKIP_BATCHES [train.py flags]}"; shift
[ -x .venv-reader/bin/python ] || python3 -m venv .venv-reader
.venv-reader/bin/pip install -q -r scripts/reader/requirements.txt
PY="$PWD/.venv-reader/bin/python"
WORK="${READER_WORK:-$PWD/work/reader}"
cd scripts/reader
[ -f "$WORK/train.pkl" ] || "$PY" prepare.py --out "$WORK"
[ -f "$WORK/init/model.safetensors" ] || "$PY" dequantize.py --onnx ../../assets/reader/onnx/model_quantized.onnx --out "$WORK/init"
"$PY" train.py --data "$WORK" --out "$WORK/model-continued" --init "$WORK/init" --skip-batches "$SKIP" \
  --batch-size 32 --save-every 50 "$@"
"$PY" export.py --model "$WORK/model-continued/final" --out "$WORK/export-continued" --validation "$WORK/validation.json"
"$PY" evaluate.py --model "$WORK/export-continued" --json "$WORK/evaluate-continued.json"
echo "reader exported to $WORK/export-continued (figures: $WORK/evaluate-continued.json)"
