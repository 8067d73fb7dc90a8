#!/usr/bin/env bash
# GPU epochs from the shipped reader, on a machine that reaches no registry (the device tool's H200):
# two data mixes trained side by side on one GPU, each exported to int8 (checked against fp32) and
# returned in ≤ 15 MB parts. Runs with the host's own python3/torch plus carried wheels.
# Before the call, on a machine with PyPI (docs/models.md "Training on a GPU machine"):
#   mkdir -p .devcarry/whl .devcarry/data   (ignored: .gitignore; the device call names it in `carry`)
#   gzip -c ../shared/datasets/squad-train/FILE > .devcarry/data/FILE.gz   (the three files)
#   pip download --no-deps --only-binary=:all: --python-version 3.12 --platform manylinux2014_x86_64 \
#     -d .devcarry/whl transformers==4.57.1 tokenizers==0.22.2 huggingface_hub==0.36.0
# Usage (repo root): OUT=dir [READER_VARIANTS="A B"] [READER_RETURN=onnx|weights] \
#   bash scripts/reader/gpu-continue.sh [TRAIN_SECONDS] [STEPS]
#   TRAIN_SECONDS: each run is shortened to end within it (train.py --time-budget-s); STEPS instead
#   fixes the length (the shipped stage 5: READER_VARIANTS=B … 0 3651, see reproduce-shipped.sh).
# Also runs on a CPU with a tiny TRAIN_SECONDS and READER_SMOKE=1 (a few hundred questions), to check it.
set -uo pipefail
export PYTHONUNBUFFERED=1
TRAIN_SECONDS="${1:-260}"
LENGTH=(--epochs 2 --time-budget-s "$TRAIN_SECONDS"); [ -n "${2:-}" ] && LENGTH=(--max-steps "$2")
VARIANTS="${READER_VARIANTS:-A B}"
ROOT="$PWD"
SITE=/tmp/reader-site
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target "$SITE" .devcarry/whl/*.whl || exit 1
export PYTHONPATH="$SITE" READER_BASE_DIR="$ROOT/assets/reader"
RUN=/tmp/reader-gpu; rm -rf "$RUN"; mkdir -p "$RUN/data" "$OUT"
for f in .devcarry/data/*.gz; do gunzip -c "$f" > "$RUN/data/$(basename "$f" .gz)"; done
nvidia-smi --query-gpu=name,memory.total --format=csv 2>/dev/null || echo "no GPU: CPU run"
SMOKE=(); [ -n "${READER_SMOKE:-}" ] && SMOKE=(--max-questions 400)
cd scripts/reader
python3 dequantize.py --onnx "$ROOT/assets/reader/onnx/model_quantized.onnx" --out "$RUN/init" > "$RUN/dequantize.log" 2>&1 &
# A: the shipped model's own mix (docs/models.md stage 4). B: more unanswerables and more
# other-paragraph negatives, the two kinds of "this chunk does not answer" the pipeline meets.
declare -A MIX=([A]="--adversarial-share 0.2 --unanswerable-repeat 2"
                [B]="--adversarial-share 0.3 --unanswerable-repeat 3 --negative-share 0.6")
for v in $VARIANTS; do
  # shellcheck disable=SC2086
  python3 prepare.py --data "$RUN/data" --out "$RUN/$v" --tokenizer "$READER_BASE_DIR" ${MIX[$v]} "${SMOKE[@]}" \
    > "$RUN/prepare-$v.log" 2>&1 &
done
wait
for v in $VARIANTS; do
  python3 train.py --data "$RUN/$v" --out "$RUN/$v/model" --init "$RUN/init" --batch-size 32 --lr 5e-5 \
    --warmup 0.03 --bf16 --seed 2028 --save-every 1000000 "${LENGTH[@]}" \
    > "$RUN/train-$v.log" 2>&1 &
done
wait
if [ "${READER_RETURN:-onnx}" = weights ]; then
  # The trained weights in fp16 instead of an int8 export: the export's fp32 check took 5 of the
  # first call's 8.6 minutes on the GPU machine's CPUs; here it takes about one (export.py, after
  # `cat B-fp16.part* > model.safetensors` and fp16 → fp32, docs/models.md).
  for v in $VARIANTS; do
    python3 -c "import sys; from safetensors.torch import load_file, save_file; \
save_file({k: t.half().contiguous() for k, t in load_file(sys.argv[1]).items()}, sys.argv[2])" \
      "$RUN/$v/model/final/model.safetensors" "$RUN/$v-fp16.safetensors" &&
      split -b 15000000 -d "$RUN/$v-fp16.safetensors" "$OUT/$v-fp16.part"
    cp "$RUN/$v/model/final/config.json" "$RUN/config-$v.json"
  done
fi
for v in $VARIANTS; do
  [ "${READER_RETURN:-onnx}" = weights ] && continue
  ( python3 export.py --model "$RUN/$v/model/final" --out "$RUN/$v/export" --validation "$RUN/$v/validation.json" ||
    python3 export.py --model "$RUN/$v/model/final" --out "$RUN/$v/export" --validation "$RUN/$v/validation.json" --full-range
  ) > "$RUN/export-$v.log" 2>&1 &
done
wait
for v in $VARIANTS; do
  onnx="$RUN/$v/export/onnx/model_quantized.onnx"
  [ -f "$onnx" ] && split -b 15000000 -d "$onnx" "$OUT/$v-onnx.part"
  cp "$RUN/$v/prepare.json" "$RUN/prepare-$v.json" 2>/dev/null
  cp "$RUN/$v/export/export.json" "$RUN/export-$v.json" 2>/dev/null
  cp "$RUN/$v/model/final/training.json" "$RUN/training-$v.json" 2>/dev/null
  cp "$RUN/$v/model/train-log.jsonl" "$RUN/train-log-$v.jsonl" 2>/dev/null
done
(cd "$RUN" && tar czf "$OUT/logs.tgz" ./*.log ./*.json ./*.jsonl)
ls -la "$OUT"; tail -n 4 "$RUN"/train-*.log "$RUN"/export-*.log 2>/dev/null; true
