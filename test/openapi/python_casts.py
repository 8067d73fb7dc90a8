"""Every cast(), Any and `# type: ignore` in a Python file or the files under a folder, found with the parser.

`python python_casts.py <dir or file>` prints a JSON list of {file, line, kind, text, scope}: `scope` is the
enclosing classes and functions (`Document.to_dict`), which tells a model's own attribute from a
local variable of its serialiser. test/openapi/python-client.test.ts classifies them
(test/openapi/generated-casts.ts).
"""

import ast
import io
import json
import sys
import tokenize
from pathlib import Path


def sites(root: Path) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
        source = path.read_text()
        lines = source.splitlines()
        rel = str(path.relative_to(root)) if root.is_dir() else path.name

        def add(line: int, kind: str, scope: str) -> None:
            found.append({"file": rel, "line": line, "kind": kind, "text": lines[line - 1].strip(), "scope": scope})

        def visit(node: ast.AST, scope: list[str]) -> None:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                scope = [*scope, node.name]
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "cast":
                add(node.lineno, "cast", ".".join(scope))
            elif isinstance(node, ast.Name) and node.id == "Any":
                add(node.lineno, "Any", ".".join(scope))
            elif isinstance(node, ast.Attribute) and node.attr == "Any":
                add(node.lineno, "Any", ".".join(scope))
            for child in ast.iter_child_nodes(node):
                visit(child, scope)

        visit(ast.parse(source), [])
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT and "type:" in token.string and "ignore" in token.string:
                add(token.start[0], "type: ignore", "")
    return sorted(found, key=lambda s: (str(s["file"]), int(str(s["line"]))))


if __name__ == "__main__":
    print(json.dumps(sites(Path(sys.argv[1]))))
