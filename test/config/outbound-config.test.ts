import t from 'tap';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

t.test('outbound, web search and webhook settings', async (t) => {
  const defaults = loadConfig({});
  t.same(defaults.outboundAllowlist, []);
  t.equal(defaults.searxngUrl, null);
  t.equal(defaults.webhookSecretKey, null);
  t.same(
    defaults.webhookRetryDelaysSeconds,
    [5, 300, 1800, 7200, 18000, 36000, 36000, 36000, 36000, 36000, 36000],
  );
  const total = defaults.webhookRetryDelaysSeconds.reduce((a, b) => a + b, 0);
  t.ok(total > 2.5 * 86400 && total < 3.5 * 86400, 'about three days of retries');

  const set = loadConfig({
    OUTBOUND_ALLOWLIST: '10.0.0.0/8, 127.0.0.1 ,SearXNG.internal',
    SEARXNG_URL: 'http://searxng.internal:8080/',
    WEBHOOK_RETRY_DELAYS: '1,2',
  });
  t.same(set.outboundAllowlist, ['10.0.0.0/8', '127.0.0.1', 'searxng.internal']);
  t.equal(set.searxngUrl, 'http://searxng.internal:8080', 'trailing slash dropped');
  t.same(set.webhookRetryDelaysSeconds, [1, 2]);

  for (const [key, value, pattern] of [
    ['OUTBOUND_ALLOWLIST', '10.0.0.0/99', /OUTBOUND_ALLOWLIST/],
    ['OUTBOUND_ALLOWLIST', 'http://x', /OUTBOUND_ALLOWLIST/],
    ['SEARXNG_URL', 'searxng:8080', /SEARXNG_URL/],
    ['WEBHOOK_RETRY_DELAYS', '5,soon', /WEBHOOK_RETRY_DELAYS/],
    ['WEBHOOK_SECRET_KEY', 'short', /WEBHOOK_SECRET_KEY/],
    ['WEBHOOK_TIMEOUT_MS', '0', /WEBHOOK_TIMEOUT_MS/],
  ] as const) {
    t.throws(
      () => loadConfig({ [key]: value }),
      { name: 'ConfigError', message: pattern },
      `${key}=${value}`,
    );
  }
  t.ok(new ConfigError('x') instanceof Error);
});
