import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which type stripping cannot inline). */
const ARGON2ID = 2;

/**
 * argon2id with OWASP's minimum (19 MiB memory, 2 iterations, parallelism 1 — OWASP Password
 * Storage Cheat Sheet); ≈8 ms here.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** A PHC-format argon2id hash of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches the PHC `hashed`; false (never throws) for a malformed hash. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A valid hash of nothing anyone knows, verified for unknown e-mails so timing does not reveal them. */
export const DUMMY_HASH_PROMISE = hashPassword(`dummy-${Math.random()}`);
