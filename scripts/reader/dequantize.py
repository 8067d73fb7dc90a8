"""Turn a shipped int8 reader (ONNX from export.py) back into a trainable Hugging Face model folder.

Usage: python scripts/reader/dequantize.py --onnx assets/reader/onnx/model_quantized.onnx --out work/reader/init

Why: the fp32 checkpoint of a CPU run is scratch that may not survive the session that trained it,
while the int8 model is in git. Training can go on from the int8 weights (`train.py --init`): the
dequantised weights are fp32's within one quantisation step (per channel for the matrices, export.py),
and a few dozen steps of training absorb that difference.

Mapping: ONNX Runtime's `quantize_dynamic` keeps each MatMul's name (`/bert/encoder/layer.N/.../MatMul_quant`)
and stores its weight as `[in, out]` int8 with a scale and zero point per output column
(onnxruntime.quantization docs, "per_channel"); the embeddings are Gather tables quantised per tensor;
LayerNorm parameters, biases and the span head (qa_outputs, fp32 by export.py's choice) are kept as is.
weight = (q - zero_point) * scale, transposed back to torch.nn.Linear's `[out, in]`.
"""
import argparse
from pathlib import Path

import numpy as np
import onnx
import torch
from onnx import numpy_helper
from transformers import AutoConfig, AutoModelForQuestionAnswering, AutoTokenizer

from prepare import base_model_dir


def dequantized(inits: dict, base: str) -> np.ndarray:
    q = inits[f'{base}_quantized'].astype(np.float32)
    zero = inits[f'{base}_zero_point'].astype(np.float32)
    scale = inits[f'{base}_scale'].astype(np.float32)
    return (q - zero) * scale


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--onnx', required=True)
    parser.add_argument('--out', required=True)
    args = parser.parse_args()
    graph = onnx.load(args.onnx).graph
    inits = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    state = {}
    for name, value in inits.items():
        if name.startswith(('bert.', 'qa_outputs.')) and not name.endswith(('_quantized', '_scale', '_zero_point')):
            state[name] = torch.from_numpy(value.copy())
    for table in ('word_embeddings', 'token_type_embeddings', 'position_embeddings'):
        state[f'bert.embeddings.{table}.weight'] = torch.from_numpy(dequantized(inits, f'bert.embeddings.{table}.weight'))
    for node in graph.node:
        if node.op_type == 'MatMulInteger':
            module = node.name.removeprefix('/').removesuffix('/MatMul_quant').replace('/', '.')
            weight = node.input[1].removesuffix('_quantized')
            state[f'{module}.weight'] = torch.from_numpy(dequantized(inits, weight).T.copy())
        elif node.op_type == 'MatMul' and node.name == '/qa_outputs/MatMul':
            state['qa_outputs.weight'] = torch.from_numpy(inits[node.input[1]].T.copy())
    config = AutoConfig.from_pretrained(str(base_model_dir()))
    model = AutoModelForQuestionAnswering.from_config(config)
    expected = {k for k in model.state_dict() if not k.endswith('position_ids')}
    missing, unexpected = expected - state.keys(), state.keys() - expected
    if missing or unexpected:
        raise SystemExit(f'mapping incomplete: missing {sorted(missing)[:5]}, unexpected {sorted(unexpected)[:5]}')
    model.load_state_dict(state, strict=False)
    out = Path(args.out)
    model.save_pretrained(out)
    AutoTokenizer.from_pretrained(str(base_model_dir())).save_pretrained(out)
    print(f'{len(state)} tensors -> {out}')


if __name__ == '__main__':
    main()
