import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Creates a user with a password through POST /api/users as `admin`, then logs them in. */
export async function addUser(
  app: FastifyInstance,
  admin: { headers: Record<string, string> },
  role: 'COMPANY_ADMIN' | 'COMPANY_EDITOR' | 'COMPANY_READER',
) {
  const email = `${role.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'another long password';
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin.headers,
    payload: { email, name: role, role, password },
  });
  if (created.statusCode !== 201) throw new Error(`addUser: ${created.statusCode} ${created.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const token = login.json().data.accessToken as string;
  return {
    id: created.json().data.user.id as string,
    email,
    password,
    token,
    refreshToken: login.json().data.refreshToken as string,
    headers: { authorization: `Bearer ${token}` },
  };
}
