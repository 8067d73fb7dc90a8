import { sql, type RawBuilder } from 'kysely';
import type { Filter } from './filter.ts';
import { scimBadRequest } from './errors.ts';

/** A single-valued attribute as SQL: its expression, type and whether strings compare exactly. */
export interface ScalarAttr {
  kind: 'scalar';
  expr: RawBuilder<unknown>;
  type: 'string' | 'boolean' | 'dateTime';
  /** RFC 7643 `caseExact`: false compares lower-cased. */
  caseExact: boolean;
}

/**
 * A multi-valued attribute: `within(condition)` is true when some value matches `condition`, an
 * expression over `sub`'s attributes (an EXISTS over the values' table, or the condition itself
 * when the resource holds one value in its own row). `value` is the sub-attribute a bare path
 * (`members eq "x"`) compares.
 */
export interface MultiAttr {
  kind: 'multi';
  sub: Record<string, ScalarAttr>;
  within: (condition: RawBuilder<boolean>) => RawBuilder<boolean>;
}

export type AttrMap = Record<string, ScalarAttr | MultiAttr>;

/** A string column or expression compared case-insensitively (RFC 7643 caseExact false). */
export const text = (expr: RawBuilder<unknown>, caseExact = false): ScalarAttr => ({
  kind: 'scalar',
  expr,
  type: 'string',
  caseExact,
});

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function compare(attr: ScalarAttr, op: string, value: unknown): RawBuilder<boolean> {
  if (op === 'pr') return sql<boolean>`(${attr.expr} is not null and ${attr.expr}::text <> '')`;
  if (value === null) {
    if (op === 'eq') return sql<boolean>`(${attr.expr} is null)`;
    if (op === 'ne') return sql<boolean>`(${attr.expr} is not null)`;
    throw scimBadRequest('invalidFilter', `"${op}" cannot compare with null`);
  }
  if (attr.type === 'boolean') {
    if (typeof value !== 'boolean' || (op !== 'eq' && op !== 'ne'))
      throw scimBadRequest('invalidFilter', 'A boolean attribute takes eq or ne with true or false');
    return op === 'eq' ? sql<boolean>`(${attr.expr} = ${value})` : sql<boolean>`(${attr.expr} <> ${value})`;
  }
  if (typeof value !== 'string')
    throw scimBadRequest('invalidFilter', 'This attribute compares with a string');
  if (attr.type === 'dateTime') {
    if (Number.isNaN(Date.parse(value))) throw scimBadRequest('invalidFilter', 'Not a dateTime');
    const op2 = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' }[op];
    if (!op2) throw scimBadRequest('invalidFilter', `"${op}" does not apply to a dateTime`);
    return sql<boolean>`(${attr.expr} ${sql.raw(op2)} ${new Date(value)})`;
  }
  const left = attr.caseExact ? sql`${attr.expr}` : sql`lower(${attr.expr})`;
  const v = attr.caseExact ? value : value.toLowerCase();
  switch (op) {
    case 'eq':
      return sql<boolean>`(${left} = ${v})`;
    case 'ne':
      return sql<boolean>`(${left} is distinct from ${v})`;
    case 'co':
      return sql<boolean>`(${left} like ${`%${likeEscape(v)}%`})`;
    case 'sw':
      return sql<boolean>`(${left} like ${`${likeEscape(v)}%`})`;
    case 'ew':
      return sql<boolean>`(${left} like ${`%${likeEscape(v)}`})`;
    default: {
      const op2 = { gt: '>', ge: '>=', lt: '<', le: '<=' }[op]!;
      return sql<boolean>`(${left} ${sql.raw(op2)} ${v})`;
    }
  }
}

/**
 * The SQL condition for a parsed filter over `attrs` (lower-case attribute names). Values are
 * bound parameters, never SQL text. @throws 400 `invalidFilter` for an attribute the resource does
 * not have or cannot be filtered on, or an operator that does not apply to its type.
 */
export function filterSql(filter: Filter, attrs: AttrMap): RawBuilder<boolean> {
  switch (filter.op) {
    case 'and':
      return sql<boolean>`(${filterSql(filter.left, attrs)} and ${filterSql(filter.right, attrs)})`;
    case 'or':
      return sql<boolean>`(${filterSql(filter.left, attrs)} or ${filterSql(filter.right, attrs)})`;
    case 'not':
      return sql<boolean>`(not coalesce(${filterSql(filter.filter, attrs)}, false))`;
    case 'has': {
      const multi = attrs[filter.attr];
      if (multi?.kind !== 'multi')
        throw scimBadRequest('invalidFilter', `"${filter.attr}" is not a multi-valued attribute`);
      return multi.within(filterSql(filter.filter, multi.sub));
    }
    default: {
      const [head, ...rest] = filter.attr.split('.');
      const direct = attrs[filter.attr];
      if (direct?.kind === 'scalar')
        return compare(direct, filter.op, 'value' in filter ? filter.value : null);
      const multi = attrs[head!];
      if (multi?.kind === 'multi') {
        const sub = multi.sub[rest.length ? rest.join('.') : 'value'];
        if (sub) return multi.within(compare(sub, filter.op, 'value' in filter ? filter.value : null));
      }
      throw scimBadRequest('invalidFilter', `Filtering on "${filter.attr}" is not supported`);
    }
  }
}
