import t from 'tap';
import { DICTIONARIES, translator } from '../../console/src/i18n.ts';

/** Issue 40: "1 documents" — counts take the language's plural form. */
t.test('one|other strings follow the plural rules of each language', async (t) => {
  const en = translator('en');
  const fr = translator('fr');
  t.equal(en('documentCount', { n: 1 }), '1 document');
  t.equal(en('documentCount', { n: 0 }), '0 documents');
  t.equal(en('documentCount', { n: 12 }), '12 documents');
  t.equal(fr('documentCount', { n: 0 }), '0 document', 'French counts 0 as one');
  t.equal(fr('documentCount', { n: 2 }), '2 documents');
  t.equal(en('citationCount', { n: 1 }), '1 citation');
  t.match(
    en('uploadSummary', { total: 1, queued: 0, sending: 0, processing: 0, ready: 1, failed: 0 }),
    /^1 file: /,
  );
  t.equal(en('lastNDays', { n: 7 }), 'Last 7 days', 'a string without forms is left alone');
});

t.test('a string has at most two forms (one|other)', async (t) => {
  for (const [lang, dict] of Object.entries(DICTIONARIES))
    for (const [key, text] of Object.entries(dict as Record<string, string>))
      t.ok(text.split('|').length <= 2, `${lang}.${key}`);
});
