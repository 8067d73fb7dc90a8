"""Python ONNX Runtime baseline for `npm run bench:embed`.

Embeds the texts of a JSON file with the same int8 ONNX file and tokenizer.json the service uses,
the same pooling (mean over the attention mask, then L2 normalisation) and the same batching policy
(length-sorted, at most BATCH_SIZE texts and BATCH_TOKENS padded tokens per run), and prints one
JSON line: {"chunksPerS": ..., "seconds": ...}.

Usage: embed-ort.py MODEL_DIR TEXTS_JSON THREADS BATCH_SIZE BATCH_TOKENS REPEAT [SPINNING [serve]]

SPINNING (default 1, ONNX Runtime's own default) sets session.intra_op.allow_spinning. With
"serve" the session stays loaded and every line read on stdin runs REPEAT passes and prints one
JSON line, so the Node benchmark can alternate with it pass by pass on a shared machine.
"""
import json
import sys
import time

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

model_dir, texts_path, threads, batch_size, batch_tokens, repeat = sys.argv[1:7]
threads, batch_size, batch_tokens, repeat = int(threads), int(batch_size), int(batch_tokens), int(repeat)
spinning = sys.argv[7] if len(sys.argv) > 7 else "1"
serve = len(sys.argv) > 8 and sys.argv[8] == "serve"
texts = json.load(open(texts_path))

options = ort.SessionOptions()
options.intra_op_num_threads = threads
options.inter_op_num_threads = 1
options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
options.add_session_config_entry("session.intra_op.allow_spinning", spinning)
session = ort.InferenceSession(f"{model_dir}/onnx/model_quantized.onnx", options, providers=["CPUExecutionProvider"])
input_names = {i.name for i in session.get_inputs()}
tokenizer = Tokenizer.from_file(f"{model_dir}/tokenizer.json")
tokenizer.enable_truncation(512)


def plan(lengths):
    """Same policy as src/embeddings/batching.ts planBatches."""
    order = sorted(range(len(lengths)), key=lambda i: (lengths[i], i))
    batches, current, longest = [], [], 0
    for i in order:
        length = max(1, lengths[i])
        would_be = max(longest, length) * (len(current) + 1)
        if current and (len(current) >= batch_size or would_be > batch_tokens):
            batches.append(current)
            current, longest = [], 0
        current.append(i)
        longest = max(longest, length)
    if current:
        batches.append(current)
    return batches


def embed(batch_texts):
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    encodings = tokenizer.encode_batch(batch_texts)
    ids = np.array([e.ids for e in encodings], dtype=np.int64)
    mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
    feeds = {"input_ids": ids, "attention_mask": mask}
    if "token_type_ids" in input_names:
        feeds["token_type_ids"] = np.zeros_like(ids)
    hidden = session.run(None, feeds)[0]
    m = mask[:, :, None].astype(np.float32)
    pooled = (hidden * m).sum(1) / np.clip(m.sum(1), 1e-9, None)
    return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)


tokenizer.no_padding()
lengths = [len(e.ids) for e in tokenizer.encode_batch(texts)]
embed(texts[:2])  # warm-up


def timed():
    started = time.perf_counter()
    for _ in range(repeat):
        for batch in plan(lengths):
            embed([texts[i] for i in batch])
    seconds = time.perf_counter() - started
    print(json.dumps({"chunksPerS": round(len(texts) * repeat / seconds, 2), "seconds": round(seconds, 3)}), flush=True)


if serve:
    print(json.dumps({"ready": True}), flush=True)
    for _ in sys.stdin:
        timed()
else:
    timed()
