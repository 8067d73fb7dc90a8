import type { Role } from '../db/schema.ts';

/** Who is calling: a signed-in user (JWT) or a company's API key. */
export type Principal =
  | {
      kind: 'user';
      userId: string;
      companyId: string;
      role: Role;
      email: string;
      sessionId: string;
      /** The user's and the company's names, as the auth cache holds them. */
      name: string;
      companyName: string;
    }
  | {
      kind: 'apiKey';
      apiKeyId: string;
      companyId: string;
      /** A signed visitor of the key's site (docs/widget.md "Signed visitors"); absent: anonymous. */
      visitor?: { id: string; topics?: readonly string[] };
    };

/** How a route authenticates, set as `config.auth` on the route; default `jwt`. */
export type AuthMode = 'jwt' | 'apiKey' | 'none';
