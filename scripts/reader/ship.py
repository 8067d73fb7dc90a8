"""Copy an export into assets/reader and pin its files' sha256 in src/chat/reader/shipped.ts.

Usage: python scripts/reader/ship.py work/reader/export
"""
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json',
         'onnx/model_quantized.onnx']


def main():
    export = Path(sys.argv[1])
    target = ROOT / 'assets' / 'reader'
    (target / 'onnx').mkdir(parents=True, exist_ok=True)
    for name in FILES + ['export.json']:
        shutil.copy(export / name, target / name)
    pins = {name: hashlib.sha256((target / name).read_bytes()).hexdigest() for name in FILES}
    source = ROOT / 'src' / 'chat' / 'reader' / 'shipped.ts'
    body = ''.join(f"\n  '{name}': '{digest}'," for name, digest in pins.items())
    text = re.sub(r'(export const SHIPPED_READER_FILES: Record<string, string> = \{)[^}]*(\};)',
                  lambda m: m.group(1) + body + '\n' + m.group(2), source.read_text())
    source.write_text(text)
    print(json.dumps(pins, indent=2))


if __name__ == '__main__':
    main()
