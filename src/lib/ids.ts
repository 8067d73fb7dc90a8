import { randomBytes } from 'node:crypto';

/** Crockford base32, as in ULID (https://github.com/ulid/spec). */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Prefixes of every id on the wire (docs/decisions.md). */
export type IdPrefix =
  | 'comp'
  | 'usr'
  | 'doc'
  | 'chk'
  | 'top'
  | 'conv'
  | 'msg'
  | 'key'
  | 'sess'
  | 'evt'
  | 'rtk'
  | 'inv'
  | 'pwr'
  | 'idn'
  | 'whk'
  | 'dlv'
  | 'eval'
  | 'grp'
  | 'conn'
  | 'crun'
  | 'stk'
  | 'aud';

/**
 * A time-sortable id `<prefix>_<10 chars of ms time><16 random chars>`, ULID-shaped in lower case
 * (https://github.com/ulid/spec): sorts by creation time, never sequential, 80 random bits.
 */
export function newId(prefix: IdPrefix): string {
  let time = Date.now();
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const random = randomBytes(16);
  let tail = '';
  for (let i = 0; i < 16; i++) tail += ALPHABET[random[i]! % 32];
  return `${prefix}_${head}${tail}`;
}
