import t from 'tap';
import { simpleParser } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { localSmtpServer } from '../helpers/smtp-server.ts';

/**
 * Issue 40, accounts: invitations as their own action (pending list, resend, revoke, the accept
 * page's read of the company and e-mail), password reset by e-mail (single use, short-lived, no
 * account enumeration) and by an admin.
 */

const invite = async (app: FastifyInstance, headers: Record<string, string>, email: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers,
    payload: { email, name: 'Invited', role: 'COMPANY_READER' },
  });
  return res.json().data as { user: { id: string }; invitation: { token: string } };
};

/** The SMTP catcher's messages, waited for (the forgot-password mail leaves after the answer). */
async function mails(smtp: { messages: { raw: Buffer | string }[] }, count: number) {
  for (let i = 0; i < 100 && smtp.messages.length < count; i++) await new Promise((r) => setTimeout(r, 100));
  return Promise.all(smtp.messages.map((m) => simpleParser(m.raw)));
}

t.test('pending invitations: list, accept-page read, resend, revoke', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const other = await signUp(app);
  const first = await invite(app, admin.headers, 'nina@example.com');
  await invite(app, admin.headers, 'omar@example.com');

  const list = await app.inject({ method: 'GET', url: '/api/invitations', headers: admin.headers });
  t.equal(list.statusCode, 200);
  t.same(
    list.json().data.items.map((i: { email: string }) => i.email),
    ['omar@example.com', 'nina@example.com'],
    'newest first',
  );
  t.equal(list.json().data.pagination.total, 2);
  const otherList = await app.inject({ method: 'GET', url: '/api/invitations', headers: other.headers });
  t.equal(otherList.json().data.pagination.total, 0, 'another company sees none of them');

  const info = await app.inject({
    method: 'POST',
    url: '/api/auth/invitation',
    payload: { token: first.invitation.token },
  });
  t.equal(info.statusCode, 200);
  t.equal(info.json().data.email, 'nina@example.com');
  t.equal(info.json().data.companyName, `Co ${admin.email}`, 'the accept page can name the company');
  const unknown = await app.inject({
    method: 'POST',
    url: '/api/auth/invitation',
    payload: { token: 'inv_nope' },
  });
  t.equal(unknown.statusCode, 404);

  const foreign = await app.inject({
    method: 'POST',
    url: `/api/invitations/${first.user.id}/resend`,
    headers: other.headers,
  });
  t.equal(foreign.statusCode, 404, 'another company’s admin cannot resend');
  const resent = await app.inject({
    method: 'POST',
    url: `/api/invitations/${first.user.id}/resend`,
    headers: admin.headers,
  });
  t.equal(resent.statusCode, 200);
  const fresh = resent.json().data;
  t.match(fresh.link, /\/app\/accept-invitation\?token=inv_/);
  t.not(fresh.token, first.invitation.token);
  const stale = await app.inject({
    method: 'POST',
    url: '/api/auth/accept-invitation',
    payload: { token: first.invitation.token, name: 'Nina', password: 'a long passphrase' },
  });
  t.equal(stale.statusCode, 401, 'the earlier link stopped working');
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/auth/accept-invitation',
    payload: { token: fresh.token, name: 'Nina', password: 'a long passphrase' },
  });
  t.equal(accepted.statusCode, 200, 'the fresh link works');
  const after = await app.inject({ method: 'GET', url: '/api/invitations', headers: admin.headers });
  t.same(
    after.json().data.items.map((i: { email: string }) => i.email),
    ['omar@example.com'],
    'accepted invitations leave the list',
  );
  const again = await app.inject({
    method: 'POST',
    url: `/api/invitations/${first.user.id}/resend`,
    headers: admin.headers,
  });
  t.equal(again.statusCode, 409, 'an accepted invitation cannot be resent');
  const revokeAccepted = await app.inject({
    method: 'DELETE',
    url: `/api/invitations/${first.user.id}`,
    headers: admin.headers,
  });
  t.equal(revokeAccepted.statusCode, 409, 'nor withdrawn (delete the user instead)');

  const omar = after.json().data.items[0].userId;
  const revoked = await app.inject({
    method: 'DELETE',
    url: `/api/invitations/${omar}`,
    headers: admin.headers,
  });
  t.equal(revoked.statusCode, 200);
  const gone = await app.inject({ method: 'GET', url: `/api/users/${omar}`, headers: admin.headers });
  t.equal(gone.statusCode, 404, 'the invited user is gone');
  const reinvite = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin.headers,
    payload: { email: 'omar@example.com', name: 'Omar', role: 'COMPANY_READER' },
  });
  t.equal(reinvite.statusCode, 201, 'the address can be invited again');
});

t.test(
  'forgot password: one answer for every address, a single-use link that ends other sessions',
  async (t) => {
    const smtp = await localSmtpServer(t);
    const { app } = await buildTestApp(t, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://docs.example.com', PASSWORD_RESET_TTL_MINUTES: '15' },
    });
    const admin = await signUp(app);
    const forgot = (email: string) =>
      app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

    const unknown = await forgot('nobody@example.com');
    const known = await forgot(admin.email.toUpperCase());
    t.equal(unknown.statusCode, 202);
    t.equal(known.statusCode, 202);
    t.same(unknown.json(), known.json(), 'the same answer whether or not the account exists');
    const [mail] = await mails(smtp, 1);
    t.equal(smtp.messages.length, 1, 'only the existing account gets a mail');
    t.equal(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : '', admin.email);
    const match = /https:\/\/docs\.example\.com\/app\/reset-password\?token=(\S+)/.exec(mail!.text ?? '');
    t.ok(match, 'the link uses PUBLIC_URL');
    const token = decodeURIComponent(match![1]!);

    await forgot(admin.email);
    await new Promise((r) => setTimeout(r, 500));
    t.equal(smtp.messages.length, 1, 'a second request within the minute sends nothing');

    const weak = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'short' },
    });
    t.equal(weak.statusCode, 400, 'the password rules hold');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a brand new passphrase' },
    });
    t.equal(reset.statusCode, 200, 'the link sets the password and signs in');
    t.ok(reset.json().data.accessToken);
    const reused = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'yet another passphrase' },
    });
    t.equal(reused.statusCode, 401, 'the link works once');

    const oldSession = await app.inject({ method: 'GET', url: '/api/auth/me', headers: admin.headers });
    t.equal(oldSession.statusCode, 401, 'the sessions opened before the reset ended');
    const oldPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    t.equal(oldPassword.statusCode, 401);
    const newPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: 'a brand new passphrase' },
    });
    t.equal(newPassword.statusCode, 200);
  },
);

t.test('an admin issues a reset link for a user of their company only', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const other = await signUp(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin.headers,
    payload: { email: 'rita@example.com', name: 'Rita', role: 'COMPANY_READER', password: 'rita password 1' },
  });
  const rita = created.json().data.user.id;
  const foreign = await app.inject({
    method: 'POST',
    url: `/api/users/${rita}/password-reset`,
    headers: other.headers,
  });
  t.equal(foreign.statusCode, 404, 'another company’s admin: 404');
  const ritaLogin = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'rita@example.com', password: 'rita password 1' },
  });
  const ritaHeaders = { authorization: `Bearer ${ritaLogin.json().data.accessToken}` };
  const byReader = await app.inject({
    method: 'POST',
    url: `/api/users/${admin.user.id}/password-reset`,
    headers: ritaHeaders,
  });
  t.equal(byReader.statusCode, 403, 'readers cannot issue links');

  const first = await app.inject({
    method: 'POST',
    url: `/api/users/${rita}/password-reset`,
    headers: admin.headers,
  });
  const second = await app.inject({
    method: 'POST',
    url: `/api/users/${rita}/password-reset`,
    headers: admin.headers,
  });
  t.equal(second.statusCode, 200);
  t.match(second.json().data.link, /\/app\/reset-password\?token=pwr_/);
  const stale = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: first.json().data.token, password: 'rita password 2' },
  });
  t.equal(stale.statusCode, 401, 'a newer link voids the earlier one');
  const ok = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: second.json().data.token, password: 'rita password 2' },
  });
  t.equal(ok.statusCode, 200);
  t.equal(ok.json().data.user.email, 'rita@example.com');
});
