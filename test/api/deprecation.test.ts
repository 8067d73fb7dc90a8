import t from 'tap';
import { buildTestApp } from '../helpers/app.ts';
import { deprecationHeaders } from '../../plugins/deprecation.ts';

t.test(
  'a route declared deprecated answers Deprecation, Sunset and Link, and the document marks it',
  async (t) => {
    const { app } = await buildTestApp(t);
    // A route of the real app, declared as a future deprecated route would be.
    app.get(
      '/api/deprecated-example',
      {
        config: { auth: 'none', deprecated: { since: '2026-12-01', sunset: '2027-06-01T00:00:00Z' } },
        schema: { operationId: 'deprecatedExample', tags: ['health'], summary: 'An example', hide: false },
      },
      async () => ({ success: true }),
    );
    const res = await app.inject({ url: '/api/deprecated-example' });
    t.equal(res.statusCode, 200);
    t.equal(res.headers.deprecation, `@${Date.UTC(2026, 11, 1) / 1000}`, 'RFC 9745: @<unix seconds>');
    t.equal(res.headers.sunset, 'Tue, 01 Jun 2027 00:00:00 GMT', 'RFC 8594: an HTTP-date');
    t.equal(res.headers.link, '</api/docs>; rel="deprecation"');
    const live = await app.inject({ url: '/api/health' });
    t.notOk(live.headers.deprecation, 'other routes carry no Deprecation');
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    t.equal(doc.paths['/api/deprecated-example'].get.deprecated, true, 'deprecated: true in the document');
    t.notOk(doc.paths['/api/health'].get.deprecated);
    t.throws(() => deprecationHeaders({ since: 'soon' }), /not a date/, 'a bad date fails at boot');
  },
);
