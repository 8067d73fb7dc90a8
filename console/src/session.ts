import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SessionUser } from './api.ts';

export interface SessionState {
  user: SessionUser;
  companyName: string;
  isAdmin: boolean;
  canWrite: boolean;
}

export const Session = createContext<SessionState | null>(null);
/** The signed-in user; screens only render inside a session. */
export const useSession = () => useContext(Session)!;

/** The console's paths under /app, with what each needs. */
export const SCREENS = [
  { path: 'documents', key: 'documents', admin: false },
  { path: 'topics', key: 'topics', admin: false },
  { path: 'chat', key: 'chat', admin: false },
  { path: 'api-keys', key: 'apiKeys', admin: true },
  { path: 'users', key: 'users', admin: true },
  { path: 'groups', key: 'groups', admin: true },
  { path: 'settings', key: 'settings', admin: true },
  { path: 'webhooks', key: 'webhooks', admin: true },
  { path: 'connectors', key: 'connectors', admin: true },
  { path: 'insights', key: 'insights', admin: true },
  { path: 'evaluations', key: 'evaluations', admin: true },
  { path: 'audit', key: 'auditLog', admin: true },
  { path: 'account', key: 'myAccount', admin: false },
] as const;

/** Client-side navigation under /app (the server answers index.html for every such path). */
export function navigate(path: string) {
  history.pushState(null, '', `/app/${path}`);
  dispatchEvent(new PopStateEvent('popstate'));
}
