import t from 'tap';
import {
  decryptSecret,
  deriveSecretKey,
  encryptSecret,
  newWebhookSecret,
  signPayload,
} from '../../src/webhooks/secrets.ts';
import { verifySignature } from '../helpers/receiver.ts';

// The test vector of the Standard Webhooks reference libraries (standard-webhooks/standard-webhooks).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';
const EXPECTED = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

t.test('Standard Webhooks golden vector', async (t) => {
  t.equal(signPayload(SECRET, ID, TIMESTAMP, BODY), EXPECTED);
  t.ok(verifySignature(SECRET, ID, String(TIMESTAMP), BODY, EXPECTED), 'the test receiver accepts it');
  t.notOk(verifySignature(SECRET, ID, String(TIMESTAMP + 1), BODY, EXPECTED), 'another timestamp fails');
  t.notOk(verifySignature(SECRET, ID, String(TIMESTAMP), BODY + ' ', EXPECTED), 'another body fails');
});

t.test('secrets: shape, encryption at rest, wrong key refused', async (t) => {
  const secret = newWebhookSecret();
  t.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
  t.equal(Buffer.from(secret.slice(6), 'base64').length, 24);
  const key = deriveSecretKey('jwt secret material');
  const stored = encryptSecret(key, secret);
  t.notMatch(stored, secret.slice(6), 'not stored in clear');
  t.equal(decryptSecret(key, stored), secret);
  t.throws(() => decryptSecret(deriveSecretKey('another key'), stored), 'another key cannot read it');
});
