import type { AuthInvalidation } from './invalidation-bus.ts';

/**
 * Where revocations are reported, after they are committed (services take this narrow view; the
 * auth cache implements it). A file of its own so the repositories and the cache do not import
 * each other.
 */
export interface Revocations {
  invalidate(event: AuthInvalidation): void;
}
