import t from 'tap';
import { overDeepAt } from '../../plugins/json-body.ts';
import { MAX_BODY_DEPTH } from '../../plugins/no-nul.ts';
import { buildTestApp } from '../helpers/app.ts';
import { deepArrays, deepObjectField } from '../fixtures/hostile/deep-json.ts';

/** `depth` nested arrays around `inner`, as text. */
const nest = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

t.test('overDeepAt counts the nesting JSON.parse would build', async (t) => {
  t.equal(overDeepAt(nest(MAX_BODY_DEPTH)), -1, 'exactly the limit passes');
  t.equal(overDeepAt(nest(MAX_BODY_DEPTH + 1)), MAX_BODY_DEPTH, 'one more: the offset of its bracket');
  t.equal(overDeepAt(deepArrays(100_000)), MAX_BODY_DEPTH, 'the audit body stops at the 33rd bracket');
  t.equal(overDeepAt(deepObjectField(MAX_BODY_DEPTH - 1)), -1, 'objects: 1 + 31 levels pass');
  t.not(overDeepAt(deepObjectField(MAX_BODY_DEPTH)), -1, 'objects: 1 + 32 levels do not');
  t.equal(overDeepAt('{"a":[1,{"b":[]}],"c":{}}', 4), -1, 'siblings do not add up');
  t.equal(overDeepAt('{"a":[1,{"b":[[]]}]}', 4), 14, 'the first container past the limit');
  t.equal(overDeepAt('[]'.repeat(10_000), 1), -1, 'many shallow arrays in a row');
  t.equal(overDeepAt('', 1), -1);
  t.equal(overDeepAt('42', 0), -1, 'a scalar has no nesting');
  t.equal(overDeepAt('[]', 0), 0);
});

t.test('brackets inside strings do not count', async (t) => {
  const brackets = JSON.stringify({ q: '[[[[{{{{'.repeat(100) });
  t.equal(overDeepAt(brackets, 1), -1, 'brackets in a value');
  t.equal(overDeepAt(JSON.stringify({ '[[[[{{{{': 1 }), 1), -1, 'brackets in a key');
  t.equal(overDeepAt(JSON.stringify(['a"[[[', '\\', '"]]]{']), 1), -1, 'escaped quotes do not end a string');
  t.equal(
    overDeepAt('["\\\\", [[1]]]', 2),
    8,
    'an escaped backslash ends before the quote: the brackets after count',
  );
  t.equal(overDeepAt('["\\\\\\"[[[["]', 1), -1, 'an odd run of backslashes escapes the quote');
  t.equal(overDeepAt('["\\u0022[[[["]', 1), -1, 'a \\u-escaped quote is no quote');
  t.equal(overDeepAt('["', 1), -1, 'an unterminated string ends the scan (the parser refuses the text)');
  t.equal(overDeepAt('["abc\\"', 1), -1, 'also when it ends on an escaped quote');
  t.equal(overDeepAt('"x"' + nest(3), 2), 5, 'after a string, brackets count again');
  // Every text JSON.stringify writes: the scan agrees with the value's real nesting.
  for (const value of [{ a: ['"]', { b: '\\' }, [['\\"[']]] }, [[[['x\\\\']]]], { '"{': { '\\': [] } }]) {
    const text = JSON.stringify(value);
    const depth = (v: unknown): number =>
      v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0;
    t.equal(overDeepAt(text, depth(value)), -1, `${text}: its depth passes`);
    t.not(overDeepAt(text, depth(value) - 1), -1, `${text}: one less does not`);
  }
});

t.test('the parser refuses an over-deep body before parsing it, in the envelope', async (t) => {
  const { app } = await buildTestApp(t);
  const parse = t.capture(JSON, 'parse', JSON.parse);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: deepArrays(100_000),
  });
  t.equal(res.statusCode, 400);
  const calls = parse.args().filter(([text]) => typeof text === 'string' && text.length > 100_000);
  t.equal(calls.length, 0, 'the body never reached JSON.parse');
  t.same(res.json(), {
    success: false,
    error: {
      code: 'VALIDATION_ERROR',
      message: `Request body is nested too deeply: at most ${MAX_BODY_DEPTH} levels of arrays and objects`,
      details: [
        {
          field: 'body',
          reason: `must not nest arrays and objects deeper than ${MAX_BODY_DEPTH} levels (level ${MAX_BODY_DEPTH + 1} opens at character ${MAX_BODY_DEPTH})`,
        },
      ],
    },
  });
  const charset = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: deepObjectField(100),
  });
  t.equal(charset.statusCode, 400, 'with a charset parameter too');
  t.match(charset.json().error.message, /nested too deeply/);
  const fine = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'nobody@example.com', password: '[[[[{{{{'.repeat(8) }),
  });
  t.equal(fine.statusCode, 401, 'brackets in a string are a sign-in like any other');
  const poisoned = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email":"nobody@example.com","password":"x","__proto__":{"polluted":true}}',
  });
  t.equal(poisoned.statusCode, 401, 'a __proto__ key is still removed, as Fastify does (onProtoPoisoning)');
  t.equal(({} as Record<string, unknown>).polluted, undefined);
  const empty = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '',
  });
  t.equal(empty.json().error.message, 'Request body must not be empty', "Fastify's own errors unchanged");
  const malformed = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email":',
  });
  t.equal(malformed.json().error.message, 'Malformed JSON in request body');
});
