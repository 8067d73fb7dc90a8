import t from 'tap';
import { analyze, ENGLISH_STOP_WORDS, lexicalLanguageOf } from '../../src/retrieval/lexical/analyzer.ts';
import { porterStem } from '../../src/retrieval/lexical/porter.ts';

t.test('English: possessives, lower case, stop words, Porter stems', async (t) => {
  t.same(analyze("The company's employees' benefits", 'en'), ['compani', 'employe', 'benefit']);
  t.same(analyze('Company’s', 'en'), ['compani'], 'typographic apostrophe too');
  t.same(analyze('What is the role of mitochondria in apoptosis?', 'en'), [
    'what',
    'role',
    'mitochondria',
    'apoptosi',
  ]);
  t.same(analyze('infection infected infects', 'en'), ['infect', 'infect', 'infect']);
  t.same(analyze('', 'en'), []);
  t.same(analyze('the and of to', 'en'), [], 'only stop words');
  t.same(analyze('not no', 'en'), [], "Lucene's set drops not/no");
  t.same(analyze('against before most', 'en'), ['against', 'befor', 'most'], 'Snowball-only stop words stay');
  t.equal(ENGLISH_STOP_WORDS.size, 33, "Lucene's EnglishAnalyzer stop set");
});

t.test('Porter stemmer: reference outputs (Porter 1980; Lucene PorterStemmer)', async (t) => {
  const expected: Record<string, string> = {
    caresses: 'caress',
    ponies: 'poni',
    ties: 'ti',
    cats: 'cat',
    feed: 'feed',
    agreed: 'agre',
    plastered: 'plaster',
    motoring: 'motor',
    sing: 'sing',
    conflated: 'conflat',
    hopping: 'hop',
    falling: 'fall',
    filing: 'file',
    happy: 'happi',
    sky: 'sky',
    relational: 'relat',
    conditional: 'condit',
    generalizations: 'gener',
    oscillators: 'oscil',
    adoption: 'adopt',
    expression: 'express',
    archaeology: 'archaeolog',
    sensibility: 'sensibl',
    electrical: 'electr',
    controlling: 'control',
    generously: 'gener',
    by: 'by',
  };
  for (const [word, stem] of Object.entries(expected)) t.equal(porterStem(word), stem, word);
});

t.test('English tokenisation follows Lucene StandardTokenizer (UAX #29)', async (t) => {
  t.same(analyze('IL-6 covid-19 p53 TGF-β1', 'en'), ['il', '6', 'covid', '19', 'p53', 'tgf', 'β1']);
  t.same(analyze('1,000 cells at 3.5 mg; 10:30', 'en'), ['1,000', 'cell', '3.5', 'mg', '10', '30']);
  t.same(analyze("don't e.g.", 'en'), ["don't", 'e.g']);
  t.same(analyze('日本語', 'en'), ['日', '本', '語'], 'one token per Han character');
  t.same(analyze('_emphasis_ snake_case', 'en'), ['emphasi', 'snake_cas']);
});

t.test('Unicode: NFKC, case, accents folded for English', async (t) => {
  t.same(analyze('ﬁnance ＦＵＬＬ', 'en'), ['financ', 'full'], 'ligature and full-width fold');
  t.same(analyze('Naïve CAFÉ', 'en'), analyze('naive cafe', 'en'));
  t.same(analyze('ΣΊΣΥΦΟΣ', 'en'), ['σισυφος'], 'non-Latin letters kept, lower-cased, folded');
});

t.test('French: elision, stop words, Snowball stems, accents folded after stemming', async (t) => {
  t.same(analyze("L'élève qu'il a vu", 'fr'), ['elev', 'vu']);
  t.same(analyze('jusqu’à l’hôpital', 'fr'), ['hopital']);
  t.same(analyze("aujourd'hui", 'fr'), ["aujourd'hui"], 'not an elided article');
  t.same(analyze('les élèves', 'fr'), analyze('les eleves', 'fr'), 'same stem with or without accents');
  t.same(analyze('chevaux cheval', 'fr'), ['cheval', 'cheval']);
  t.same(analyze('continuellement', 'fr'), ['continuel']);
  t.same(analyze('été étaient ete', 'fr'), [], 'stop words, also typed without accents');
  t.not(analyze('the company', 'fr')[0], 'compani', 'French does not Porter-stem');
});

t.test('language from company settings', async (t) => {
  t.equal(lexicalLanguageOf({ language: 'fr' }), 'fr');
  t.equal(lexicalLanguageOf({ language: 'en' }), 'en');
  t.equal(lexicalLanguageOf({}), 'en');
  t.equal(lexicalLanguageOf({ language: 'de' }), 'en');
  t.equal(lexicalLanguageOf(null), 'en');
});
