import type { AuthMode } from '../auth/principal.ts';
import type { Permission } from '../auth/permissions.ts';

/**
 * A route and its declared policy: `config.auth` (undefined = `jwt` inside the API's auth scope;
 * routes outside it, like the OpenAPI pages, are public) and `config.permission`.
 */
export interface RoutePolicy {
  method: string;
  url: string;
  auth: AuthMode | undefined;
  permission: Permission | undefined;
}
