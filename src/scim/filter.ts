import { scimBadRequest } from './errors.ts';

/** RFC 7644 §3.4.2.2 comparison operators. */
export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
const COMPARE = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);

/** A parsed SCIM filter. Attribute paths are lower-cased, schema URN prefixes removed. */
export type Filter =
  | { op: 'and' | 'or'; left: Filter; right: Filter }
  | { op: 'not'; filter: Filter }
  | { op: 'pr'; attr: string }
  | { op: CompareOp; attr: string; value: string | number | boolean | null }
  /** `attr[filter]`: some value of the multi-valued `attr` matches `filter`. */
  | { op: 'has'; attr: string; filter: Filter };

/** Core schema URNs a path may be qualified with (RFC 7643 §8.7.1), removed before lookup. */
const URN_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;

/** Tokens: parentheses and brackets, JSON strings, and runs of anything else but spaces. */
const TOKEN = /\s*(\(|\)|\[|\]|"(?:[^"\\]|\\.)*"|[^\s()[\]"]+)/y;
/** The longest filter accepted, characters. */
export const MAX_FILTER_LENGTH = 2000;

/**
 * Parses a SCIM filter (RFC 7644 §3.4.2.2): `attrPath op value`, `attrPath pr`, `and`, `or`, `not
 * (…)`, grouping and value paths `emails[type eq "work"]`. Also the form Entra ID sends,
 * `emails[type eq "work"].value eq "x"`, read as `emails[type eq "work" and value eq "x"]`.
 * Operators and `and`/`or`/`not` are case-insensitive; string values are JSON strings.
 * @throws 400 `invalidFilter` naming what could not be read.
 */
export function parseFilter(text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH) throw scimBadRequest('invalidFilter', 'The filter is too long');
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let end = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN.exec(text))) {
    tokens.push(m[1]!);
    end = TOKEN.lastIndex;
  }
  if (text.slice(end).trim() !== '' || tokens.length === 0)
    throw scimBadRequest('invalidFilter', 'The filter could not be read');
  let i = 0;
  const peek = () => tokens[i];
  const fail = (what: string): never => {
    throw scimBadRequest('invalidFilter', `Invalid filter: ${what} at token ${i + 1}`);
  };
  const expect = (t: string) => (tokens[i] === t ? i++ : fail(`expected "${t}"`));

  const path = (raw: string | undefined) => {
    if (!raw || !/^[A-Za-z][\w$:.-]*$/.test(raw)) return fail('expected an attribute');
    return raw.replace(URN_PREFIX, '').toLowerCase();
  };
  const value = (raw: string | undefined): string | number | boolean | null => {
    if (raw === undefined) return fail('expected a value');
    if (raw.startsWith('"')) {
      try {
        return JSON.parse(raw) as string;
      } catch {
        return fail('malformed string');
      }
    }
    const word = raw.toLowerCase();
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) return Number(raw);
    return fail('expected a value');
  };
  const comparison = (attr: string): Filter => {
    const op = peek()?.toLowerCase();
    if (op === 'pr') return (i++, { op: 'pr', attr });
    if (!op || !COMPARE.has(op)) return fail('expected an operator');
    i++;
    return { op: op as CompareOp, attr, value: value(tokens[i++]) };
  };
  const primary = (): Filter => {
    const t = peek();
    if (t === '(') {
      i++;
      const f = or();
      expect(')');
      return f;
    }
    if (t?.toLowerCase() === 'not') {
      i++;
      expect('(');
      const f = or();
      expect(')');
      return { op: 'not', filter: f };
    }
    const attr = path(tokens[i++]);
    if (peek() !== '[') return comparison(attr);
    i++;
    const inner = or();
    expect(']');
    const sub = peek();
    if (sub?.startsWith('.')) {
      i++;
      return { op: 'has', attr, filter: { op: 'and', left: inner, right: comparison(path(sub.slice(1))) } };
    }
    return { op: 'has', attr, filter: inner };
  };
  const and = (): Filter => {
    let f = primary();
    while (peek()?.toLowerCase() === 'and') {
      i++;
      f = { op: 'and', left: f, right: primary() };
    }
    return f;
  };
  function or(): Filter {
    let f = and();
    while (peek()?.toLowerCase() === 'or') {
      i++;
      f = { op: 'or', left: f, right: and() };
    }
    return f;
  }
  const result = or();
  if (i < tokens.length) fail('unexpected text');
  return result;
}
