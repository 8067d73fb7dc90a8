import t from 'tap';
import { simpleParser } from 'mailparser';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { localSmtpServer } from '../helpers/smtp-server.ts';

/**
 * Issue 24: with SMTP_URL set, inviting a user e-mails them the console link (PUBLIC_URL's
 * origin) with its expiry, plain text, and `invitation.emailed` says so; the token in the mail
 * accepts the invitation. An SMTP server that cannot be reached leaves the invitation standing with
 * `emailed: false`; without SMTP_URL nothing is sent and `emailed` is absent.
 */
t.test('invitation e-mails through a configured SMTP server', async (t) => {
  const smtp = await localSmtpServer(t);
  const { app } = await buildTestApp(t, {
    env: {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Cog-RAG <cog@example.com>',
      PUBLIC_URL: 'https://docs.example.com/',
    },
  });
  const admin = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin.headers,
    payload: { email: 'ivy@example.com', name: 'Ivy <b>', role: 'COMPANY_READER' },
  });
  t.equal(res.statusCode, 201);
  const { invitation } = res.json().data;
  t.equal(invitation.emailed, true, 'the response says the e-mail went out');
  t.equal(smtp.messages.length, 1, 'one message');
  const mail = await simpleParser(smtp.messages[0]!.raw);
  t.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', 'ivy@example.com');
  t.match(mail.from?.text, /Cog-RAG.*<cog@example\.com>/, 'from SMTP_FROM');
  t.match(mail.subject, /invitation to Co admin-.+ on Cog-RAG/);
  t.notOk(mail.html, 'plain text only');
  const link = /https:\/\/docs\.example\.com\/app\/accept-invitation\?token=(\S+)/.exec(mail.text ?? '');
  t.ok(link, 'the link uses PUBLIC_URL');
  t.equal(decodeURIComponent(link![1]!), invitation.token, 'with the invitation’s token');
  t.match(mail.text, /Hello Ivy <b>,/, 'the name as text');
  t.match(mail.text, /expires on /);
  const accept = await app.inject({
    method: 'POST',
    url: '/api/auth/accept-invitation',
    payload: { token: decodeURIComponent(link![1]!), name: 'Ivy', password: 'a long passphrase' },
  });
  t.equal(accept.statusCode, 200, 'the mailed token lets the person in');
});

t.test('an SMTP server that cannot be reached does not stop the invitation', async (t) => {
  const { app } = await buildTestApp(t, { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  const admin = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin.headers,
    payload: { email: 'sam@example.com', name: 'Sam', role: 'COMPANY_EDITOR' },
  });
  t.equal(res.statusCode, 201);
  t.equal(res.json().data.invitation.emailed, false);
  t.match(res.json().data.invitation.token, /^inv_/, 'the link can still be copied');
});

t.test('without SMTP_URL no e-mail is attempted', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin.headers,
    payload: { email: 'al@example.com', name: 'Al', role: 'COMPANY_READER' },
  });
  t.equal(res.statusCode, 201);
  t.notOk('emailed' in res.json().data.invitation);
});
