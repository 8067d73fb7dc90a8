import t from 'tap';
import { pluralForm } from '../../console/src/plural.ts';
import { EN_MORE, FR_MORE } from '../../console/src/i18n-more.ts';
import { EN_INSIGHTS, FR_INSIGHTS } from '../../console/src/i18n-insights.ts';
import { EN_CONNECTORS, FR_CONNECTORS } from '../../console/src/i18n-connectors.ts';

/**
 * Issue 40: "1 documents" — counts take the language's plural form. (The dictionaries are read
 * from their own files: i18n.ts imports Preact, whose DOM types would change this program's.)
 */
const en = (text: string, vars: Record<string, string | number>) =>
  pluralForm(text, vars, new Intl.PluralRules('en'));
const fr = (text: string, vars: Record<string, string | number>) =>
  pluralForm(text, vars, new Intl.PluralRules('fr'));

t.test('one|other strings follow the plural rules of each language', async (t) => {
  t.equal(en(EN_MORE.documentCount, { n: 1 }), '{n} document');
  t.equal(en(EN_MORE.documentCount, { n: 0 }), '{n} documents');
  t.equal(en(EN_MORE.documentCount, { n: 12 }), '{n} documents');
  t.equal(fr(FR_MORE.documentCount, { n: 0 }), '{n} document', 'French counts 0 as one');
  t.equal(fr(FR_MORE.documentCount, { n: 2 }), '{n} documents');
  t.equal(en(EN_INSIGHTS.citationCount, { n: 1 }), '{n} citation');
  t.match(en(EN_MORE.uploadSummary, { total: 1 }), /^\{total\} file: /, 'or by total');
  t.equal(en(EN_INSIGHTS.lastNDays, { n: 7 }), 'Last {n} days', 'a string without forms is left alone');
  t.equal(en(EN_MORE.documentCount, { name: 'x' }), EN_MORE.documentCount, 'no count: as written');
});

t.test('a string has at most two forms (one|other)', async (t) => {
  for (const dict of [EN_MORE, FR_MORE, EN_INSIGHTS, FR_INSIGHTS, EN_CONNECTORS, FR_CONNECTORS])
    for (const [key, text] of Object.entries(dict as Record<string, string>))
      t.ok(text.split('|').length <= 2, key);
});
