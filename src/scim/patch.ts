import { parseFilter, type Filter } from './filter.ts';
import { lowerKeys, booleanOf } from './user-resource.ts';
import { scimBadRequest } from './errors.ts';

export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
type Obj = Record<string, unknown>;

/** The most operations one PATCH may carry. */
export const MAX_OPERATIONS = 1000;

const CORE_URN = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;

/** The key of `obj` that is `name` case-insensitively (RFC 7643 §2.1), or `name` itself. */
const keyOf = (obj: Obj, name: string) => Object.keys(obj).find((k) => k.toLowerCase() === name) ?? name;

/** Whether a multi-valued attribute's item matches a value filter (`type eq "work"`, …). */
function matches(item: unknown, f: Filter): boolean {
  const o = lowerKeys(item);
  switch (f.op) {
    case 'and':
      return matches(item, f.left) && matches(item, f.right);
    case 'or':
      return matches(item, f.left) || matches(item, f.right);
    case 'not':
      return !matches(item, f.filter);
    case 'has':
      return false;
    case 'pr':
      return o[f.attr] !== undefined && o[f.attr] !== null && o[f.attr] !== '';
    default: {
      const a = o[f.attr];
      const [x, y] = [a, f.value].map((v) => (typeof v === 'string' ? v.toLowerCase() : v));
      if (f.op === 'eq') return x === y;
      if (f.op === 'ne') return x !== y;
      if (typeof x !== 'string' || typeof y !== 'string') return false;
      if (f.op === 'co') return x.includes(y);
      if (f.op === 'sw') return x.startsWith(y);
      if (f.op === 'ew') return x.endsWith(y);
      return { gt: x > y, ge: x >= y, lt: x < y, le: x <= y }[f.op];
    }
  }
}

/** `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub`, lower-cased; null for an extension's path. */
function parsePath(raw: string): { attr: string; filter?: Filter; sub?: string } | null {
  const path = raw.trim().replace(CORE_URN, '');
  if (/^urn:/i.test(path)) return null;
  const m = /^([A-Za-z][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w$-]*))?$/.exec(path);
  if (!m) throw scimBadRequest('invalidPath', `Invalid path: ${raw.slice(0, 200)}`);
  return {
    attr: m[1]!.toLowerCase(),
    ...(m[2] ? { filter: parseFilter(m[2]) } : {}),
    ...(m[3] ? { sub: m[3].toLowerCase() } : {}),
  };
}

/** The `eq` terms of a value filter, to build the item a `replace` with no match adds. */
function eqTerms(f: Filter): Obj {
  if (f.op === 'and') return { ...eqTerms(f.left), ...eqTerms(f.right) };
  return f.op === 'eq' ? { [f.attr]: f.value } : {};
}

function applyOne(res: Obj, op: string, raw: string | undefined, value: unknown): void {
  if (raw === undefined || raw === '') {
    if (op === 'remove') throw scimBadRequest('noTarget', 'remove needs a path');
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw scimBadRequest('invalidValue', `${op} without a path needs an object value`);
    // Entra and Okta: `{"active": false}`, `{"name.givenName": "x"}`, extension URNs as keys.
    for (const [k, v] of Object.entries(value)) applyOne(res, op, k, v);
    return;
  }
  const path = parsePath(raw);
  if (!path) return; // an extension attribute (Entra's enterprise user): not stored
  const key = keyOf(res, path.attr);
  const current = res[key];
  if (path.filter) {
    const items = Array.isArray(current) ? (current as Obj[]) : [];
    const hit = items.filter((item) => matches(item, path.filter!));
    if (op === 'remove') {
      res[key] = path.sub
        ? items.map((i) => (hit.includes(i) ? omit(i, path.sub!) : i))
        : items.filter((i) => !hit.includes(i));
      return;
    }
    if (hit.length === 0) {
      const made = { ...eqTerms(path.filter), ...(path.sub ? { [path.sub]: value } : lowerKeys(value)) };
      res[key] = [...items, made];
      return;
    }
    res[key] = items.map((i) =>
      !hit.includes(i)
        ? i
        : path.sub
          ? { ...omit(i, path.sub), [path.sub]: value }
          : { ...i, ...lowerKeys(value) },
    );
    return;
  }
  if (path.sub) {
    const parent = current && typeof current === 'object' && !Array.isArray(current) ? (current as Obj) : {};
    res[key] = op === 'remove' ? omit(parent, path.sub) : { ...omit(parent, path.sub), [path.sub]: value };
    return;
  }
  if (op === 'remove') {
    if (Array.isArray(current) && Array.isArray(value)) {
      // Entra removes members as `{path: "members", value: [{value: id}]}`.
      const gone = new Set(value.map((v) => String(lowerKeys(v).value)));
      res[key] = current.filter((i) => !gone.has(String(lowerKeys(i).value)));
    } else delete res[key];
    return;
  }
  if (op === 'add' && Array.isArray(current)) {
    const added = (Array.isArray(value) ? value : [value]).map(lowerKeys);
    const seen = new Set(current.map((i) => JSON.stringify(lowerKeys(i).value)));
    // A new primary value takes the flag from the others (RFC 7643 §2.4: one primary at most).
    const primary = added.some((a) => a.primary === true || a.primary === 'True');
    const kept = primary ? current.map((i) => omit(lowerKeys(i), 'primary')) : current;
    res[key] = [...kept, ...added.filter((a) => !seen.has(JSON.stringify(a.value)))];
    return;
  }
  const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
  // A complex attribute (`name`): the sub-attributes given replace theirs, the others stay.
  if (isObj(current) && isObj(value)) {
    let merged = current;
    for (const [k, v] of Object.entries(value)) merged = { ...omit(merged, k.toLowerCase()), [k]: v };
    res[key] = merged;
    return;
  }
  res[key] = path.attr === 'active' ? booleanOf(value, 'active') : value;
}

function omit(o: Obj, sub: string): Obj {
  return Object.fromEntries(Object.entries(o).filter(([k]) => k.toLowerCase() !== sub));
}

/**
 * Applies a PatchOp body (RFC 7644 §3.5.2) to a copy of a resource and returns it: `add`,
 * `remove`, `replace` (any case: Entra sends `Replace`), with or without `path`, paths with value
 * filters (`emails[type eq "work"].value`, `members[value eq "id"]`), Entra's member removal by
 * value list, Okta's `{"active": false}` value object. Attributes of extension schemas are ignored.
 * @throws 400 `invalidSyntax` for a body that is not a PatchOp, `invalidPath`, `noTarget`,
 *   `invalidValue` or `invalidFilter` naming what is wrong.
 */
export function applyPatch(resource: Obj, body: unknown): Obj {
  const ops = lowerKeys(body).operations;
  if (!Array.isArray(ops) || ops.length === 0 || ops.length > MAX_OPERATIONS)
    throw scimBadRequest('invalidSyntax', `A PatchOp body needs 1 to ${MAX_OPERATIONS} Operations`);
  const res = structuredClone(resource);
  for (const raw of ops) {
    const o = lowerKeys(raw);
    const op = typeof o.op === 'string' ? o.op.toLowerCase() : '';
    if (!['add', 'remove', 'replace'].includes(op))
      throw scimBadRequest('invalidSyntax', 'op must be add, remove or replace');
    if (o.path !== undefined && typeof o.path !== 'string')
      throw scimBadRequest('invalidPath', 'path must be a string');
    applyOne(res, op, o.path as string | undefined, o.value);
  }
  return res;
}
