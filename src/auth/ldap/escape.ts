/**
 * A value for an LDAP search filter (RFC 4515 §3): `\`, `*`, `(`, `)` and NUL become `\5c`,
 * `\2a`, `\28`, `\29`, `\00`, so a user name like `*)(uid=*` matches itself, not every entry.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * A value for one RDN of a distinguished name (RFC 4514 §2.4): `\` before `, + " \ < > ; =`, a
 * leading `#` or space and a trailing space; NUL as `\00`.
 */
export function escapeDnValue(value: string): string {
  return value
    .replace(/[,+"\\<>;=]/g, (c) => `\\${c}`)
    .replace(/\0/g, '\\00')
    .replace(/^([ #])/, '\\$1')
    .replace(/ $/, '\\ ');
}

/** Replaces `{user}` in a template, escaping the name for a filter, for a DN, or not (`plain`). */
export function fill(template: string, user: string, as: 'filter' | 'dn' | 'plain'): string {
  const value = as === 'filter' ? escapeFilterValue(user) : as === 'dn' ? escapeDnValue(user) : user;
  return template.split('{user}').join(value);
}
