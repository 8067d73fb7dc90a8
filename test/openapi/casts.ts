import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * Every type assertion (`x as T`, `<T>x`), non-null assertion (`x!`) and `any` in a TypeScript
 * file, as `file:line kind`, found with the compiler's parser (comments and strings never match).
 * `as const` is not a cast.
 */
export function findCasts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, kind: string) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${kind}`);
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.getText() === 'const'))
      at(node, 'as');
    else if (ts.isTypeAssertionExpression(node)) at(node, '<T>');
    else if (ts.isNonNullExpression(node)) at(node, '!');
    else if (node.kind === ts.SyntaxKind.AnyKeyword) at(node, 'any');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
