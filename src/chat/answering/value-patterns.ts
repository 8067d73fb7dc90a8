/**
 * Value patterns: where the value a question asks for should sit in the sentence that answers it
 * (the ranker's `valueMatch` feature, features.ts).
 */

/**
 * Where the asked-for value should sit in an answering sentence, as a pattern, or null: "By what
 * date …?" → "by" then within three words a number or a month ("… by September 21, 2020"; also
 * "in what year", "since when"); "How many sequences …?" → a number then within one word the
 * counted noun ("… the 100 sequences …"). Classic answer-pattern matching of factoid QA
 * (Ravichandran & Hovy, "Learning Surface Text Patterns for a Question Answering System", ACL 2002),
 * with hand-written patterns; a measure the question names is answered in its units.
 */
export function valuePattern(question: string): RegExp | null {
  const prep = /^\s*(by|in|on|since|until|from|before|after|at|for|during)\s+(what|which|how|when)\b/i.exec(
    question,
  );
  if (prep)
    return new RegExp(
      `\\b${prep[1]!.toLowerCase()}\\s+(\\S+\\s+){0,2}(\\d|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\b)`,
      'i',
    );
  const count = /\bhow many\s+([\p{L}-]{3,})/iu.exec(question);
  if (count) {
    const stem = countedStem(count[1]!);
    return new RegExp(`\\d[\\d,.]*\\s+(\\S+\\s+)?${stem.replace(/[-]/g, '\\-')}`, 'i');
  }
  return MEASURES.find(([asked]) => asked.test(question))?.[1] ?? null;
}

/** A figure, then its unit. */
const figureIn = (units: string) => new RegExp(`\\d[\\d,.]*\\s*(?:${units})(?![\\p{L}])`, 'iu');
const TIME_UNITS = 'seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|ms';
const LENGTH_UNITS =
  'km|kilomet(?:er|re)s?|met(?:er|re)s?|m|miles?|mi|feet|foot|ft|inch(?:es)?|cm|mm|nautical miles';
/**
 * A measure the question asks for, and the units its value is written in: "What was the clock
 * speed …?" is answered by "2.2 GHz", not by another figure of the passage. The first measure
 * the question names decides.
 */
const MEASURES: [RegExp, RegExp][] = [
  [
    /(speed|frequency|\bclock rate|\bclock|\bhow fast)\b/i,
    figureIn('[kmgt]hz|mph|km/h|kph|m/s|knots|[kmg]bps|[kmg]bit/s|[kmg]b/s'),
  ],
  [/\b(memory|ram|storage|disk space|capacity|file size)\b/i, figureIn('[kmgtp]i?b|bytes?|[kmgt]bytes')],
  [/\btemperature\b/i, figureIn('°\\s*[cf]?|degrees?|celsius|fahrenheit')],
  [/\b(weigh|weighs|weight|mass)\b/i, figureIn('kg|kilograms?|grams?|g|lbs?|pounds|tons?|tonnes?')],
  [
    /\b(distance|length|height|altitude|elevation|width|depth|how far|how tall|how high|how deep)\b/i,
    figureIn(LENGTH_UNITS),
  ],
  [/\b(how long|duration)\b/i, figureIn(`${TIME_UNITS}|${LENGTH_UNITS}`)],
  [/\b(percent|percentage)\b/i, figureIn('%|percent|per cent')],
  [
    /\b(price|prices|cost|costs|fee|fees|paid|spent|spend|worth|budget|revenue|salary|wage)\b/i,
    /[$€£¥]\s*\d|\d[\d,.]*\s*(?:million\s+|billion\s+)?(?:dollars|euros|pounds|usd|eur|gbp|yen)(?![\p{L}])/iu,
  ],
];

/**
 * A counted noun's stem for matching it in a sentence ("sequences" → "sequenc", "employees" →
 * "employe"): lower-cased, a plural ending cut, at most six letters.
 */
export function countedStem(noun: string): string {
  return noun
    .toLowerCase()
    .replace(/(ies|es|s)$/, '')
    .slice(0, 6);
}
