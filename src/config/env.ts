import ipaddr from 'ipaddr.js';

// Readers of one environment variable each, for loadConfig (./index.ts): an empty value means
// "unset" (the fallback), a malformed one throws ConfigError naming the variable.

/** A malformed configuration value; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

export function int(env: Env, key: string, fallback: number, min = 0): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${key} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

export function oneOf<T extends string>(env: Env, key: string, allowed: readonly T[], fallback: T): T {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${key} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

export function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${key} must be true or false, got "${raw}"`);
}

/** A comma-separated list; empty entries dropped. */
export function list(env: Env, key: string): string[] {
  return (env[key] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function secondsList(env: Env, key: string, fallback: string): number[] {
  const raw = str(env, key, fallback);
  const values = raw.split(',').map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 0))
    throw new ConfigError(`${key} must be a comma-separated list of whole seconds, got "${raw}"`);
  return values;
}

export function allowlist(env: Env, key: string): string[] {
  const entries = str(env, key, '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    const ok = entry.includes('/')
      ? ipaddr.isValidCIDR(entry)
      : ipaddr.isValid(entry) || /^[a-z0-9.-]+$/.test(entry);
    if (!ok) throw new ConfigError(`${key}: "${entry}" is not a CIDR, an IP address or a host name`);
  }
  return entries;
}

/** One operator-allowed private webhook target: a company (or `*`, every company) and `host:port`. */
export interface PrivateTarget {
  companyId: string;
  /** Lower case; an IP address (IPv6 without brackets) or a host name. */
  host: string;
  port: number;
}

/**
 * `companyId=host:port` entries, comma-separated (`comp_01…=hooks.corp.internal:443`,
 * `*=10.20.0.7:8080`, `comp_01…=[fd00::7]:443`). @throws ConfigError naming a malformed entry.
 */
export function privateTargets(env: Env, key: string): PrivateTarget[] {
  const entries = str(env, key, '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const m = /^(\*|[A-Za-z0-9_]{1,64})=(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(entry);
    const host = (m?.[2] ?? m?.[3] ?? '').toLowerCase();
    const port = Number(m?.[4]);
    if (!m || !host || port < 1 || port > 65535 || (m[2] !== undefined && !ipaddr.isValid(host)))
      throw new ConfigError(`${key}: "${entry}" is not companyId=host:port (or *=host:port)`);
    return { companyId: m[1]!, host, port };
  });
}

export function url(env: Env, key: string): string | null {
  const raw = env[key];
  if (!raw) return null;
  if (!/^https?:\/\/[^/]/.test(raw)) throw new ConfigError(`${key} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

export function secretKey(env: Env, key: string): string | null {
  const raw = env[key];
  if (!raw) return null;
  if (raw.length < 16) throw new ConfigError(`${key} must have at least 16 characters`);
  return raw;
}

export function str(env: Env, key: string, fallback: string): string {
  const raw = env[key];
  return raw === undefined || raw === '' ? fallback : raw;
}
