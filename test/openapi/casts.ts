import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One cast, `any`, `Any`, `# type: ignore` or checker directive, where it is and its line. */
export interface Site {
  /** Relative to the folder scanned. */
  file: string;
  line: number;
  /** `as`, `<T>`, `!`, `any`, `@ts-ignore`, `@ts-nocheck`, `@ts-expect-error`; Python: `cast`, `Any`, `type: ignore`. */
  kind: string;
  /** The source line, trimmed. */
  text: string;
  /** The enclosing declarations, `Document.to_dict` (Python: classes and functions; TypeScript: interfaces, types, classes, functions, methods). */
  scope?: string;
}

/**
 * Every type assertion (`x as T`, `<T>x`), non-null assertion (`x!`), `any` and checker directive
 * (`@ts-ignore`, `@ts-nocheck`, `@ts-expect-error`) in a TypeScript file, found with the compiler's
 * parser (strings never match; directives only in comments). `as const` is not a cast.
 */
export function castSites(path: string, root = ''): Site[] {
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const file = root ? relative(root, path) : path;
  const found: Site[] = [];
  const scope: string[] = [];
  const at = (pos: number, kind: string) => {
    const line = source.getLineAndCharacterOfPosition(pos).line + 1;
    found.push({ file, line, kind, text: (lines[line - 1] ?? '').trim(), scope: scope.join('.') });
  };
  const nameOf = (node: ts.Node): string | undefined =>
    (ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node)) &&
    node.name
      ? node.name.getText()
      : undefined;
  const comments = new Set<number>();
  const visit = (node: ts.Node): void => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.end) ?? []),
    ]) {
      if (comments.has(range.pos)) continue;
      comments.add(range.pos);
      const directive = /@ts-(ignore|nocheck|expect-error)\b/.exec(text.slice(range.pos, range.end));
      if (directive) at(range.pos, directive[0]);
    }
    if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.getText() === 'const'))
      at(node.getStart(), 'as');
    else if (ts.isTypeAssertionExpression(node)) at(node.getStart(), '<T>');
    else if (ts.isNonNullExpression(node)) at(node.getStart(), '!');
    else if (node.kind === ts.SyntaxKind.AnyKeyword) at(node.getStart(), 'any');
    const name = nameOf(node);
    if (name) scope.push(name);
    ts.forEachChild(node, visit);
    if (name) scope.pop();
  };
  visit(source);
  // The end of the file: a directive after the last statement.
  for (const range of ts.getLeadingCommentRanges(text, source.endOfFileToken.pos) ?? []) {
    if (comments.has(range.pos)) continue;
    const directive = /@ts-(ignore|nocheck|expect-error)\b/.exec(text.slice(range.pos, range.end));
    if (directive) at(range.pos, directive[0]);
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Every site in every `.ts` file under `dir`, files relative to `dir`. */
export function castSitesIn(dir: string): Site[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .flatMap((f) => castSites(join(dir, f), dir));
}

/** The sites of `castSites` as `file:line kind` (the flows' check: none allowed). */
export function findCasts(file: string): string[] {
  return castSites(file).map((s) => `${s.file}:${s.line} ${s.kind}`);
}
