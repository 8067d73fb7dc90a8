#!/usr/bin/env bash
# Goes on training a shipped-layout reader instead of starting over: its int8 model
# (READER_INIT_ONNX, default assets/reader's) is dequantised back to a trainable folder
# (dequantize.py), trained past the batches it already saw (train.py --init --skip-batches),
# exported (int8, checked against fp32: 7-bit weights, else 8-bit) and evaluated; the export lands in $WORK/export-continued,
# ready for `python scripts/reader/ship.py`.
# Usage: bash scripts/reader/continue.sh SKIP_BATCHES [extra train.py flags]
# The shipped model from the data in one command: scripts/reader/reproduce-shipped.sh.
set -euo pipefail
SKIP="${1:?usage: continue.sh SKIP_BATCHES [train.py flags]}"; shift
source "$(dirname "$0")/venv.sh"
INIT_ONNX="${READER_INIT_ONNX:-$ROOT/assets/reader/onnx/model_quantized.onnx}"
rm -rf "$WORK/init"
"$PY" dequantize.py --onnx "$INIT_ONNX" --out "$WORK/init"
"$PY" train.py --data "$WORK" --out "$WORK/model-continued" --init "$WORK/init" --skip-batches "$SKIP" \
  --batch-size 32 --save-every 50 "$@"
# 7-bit weights first, 8-bit when those lose more than export.py allows (which loses less depends on
# the model: docs/models.md, the model card's "export").
"$PY" export.py --model "$WORK/model-continued/final" --out "$WORK/export-continued" --validation "$WORK/validation.json" ||
  "$PY" export.py --model "$WORK/model-continued/final" --out "$WORK/export-continued" --validation "$WORK/validation.json" --full-range
"$PY" evaluate.py --model "$WORK/export-continued" --json "$WORK/evaluate-continued.json"
echo "reader exported to $WORK/export-continued (figures: $WORK/evaluate-continued.json)"
