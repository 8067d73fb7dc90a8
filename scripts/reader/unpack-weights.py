"""Turn the fp16 weight parts that `gpu-continue.sh` returns (READER_RETURN=weights) back into a
Hugging Face model folder that export.py reads.

Usage: python scripts/reader/unpack-weights.py --parts DIR/B-fp16.part --config DIR/config-B.json --out work/gpu/B6
       (then: python scripts/reader/export.py --model work/gpu/B6 --out work/gpu/B6-export --validation …)

The parts are `split -b 15000000` pieces of one safetensors file (the device tool returns files of
at most 16 MB); the weights go back to fp32, the precision export.py exports from (fp16 keeps
about 3 decimal digits, far finer than the int8 export's steps). The tokenizer files are
assets/reader's, the base model's own.
"""
import argparse
import shutil
from pathlib import Path

from safetensors.torch import load, save_file

ROOT = Path(__file__).resolve().parents[2]
TOKENIZER_FILES = ['tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json']


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--parts', required=True, help='the parts\' common prefix, e.g. OUT/B-fp16.part')
    parser.add_argument('--config', required=True, help='the trained model\'s config.json')
    parser.add_argument('--out', required=True)
    args = parser.parse_args()
    prefix = Path(args.parts)
    parts = sorted(prefix.parent.glob(prefix.name + '*'))
    if not parts:
        raise SystemExit(f'no parts match {prefix}*')
    weights = load(b''.join(p.read_bytes() for p in parts))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    save_file({k: t.float().contiguous() for k, t in weights.items()}, str(out / 'model.safetensors'))
    shutil.copy(args.config, out / 'config.json')
    for name in TOKENIZER_FILES:
        shutil.copy(ROOT / 'assets' / 'reader' / name, out / name)
    print(f'{len(parts)} parts, {len(weights)} tensors -> {out}')


if __name__ == '__main__':
    main()
