/**
 * The form of a `one|other` string ("{n} document|{n} documents") for a count, by the language's
 * plural rules (French counts 0 and 1 as one): the first form for `one`, the second otherwise. A
 * string without `|`, or no numeric `n` (else `total`) among `vars`, is returned as it is.
 */
export function pluralForm(
  text: string,
  vars: Record<string, string | number>,
  rules: Intl.PluralRules,
): string {
  const bar = text.indexOf('|');
  const count = vars.n ?? vars.total;
  if (bar < 0 || typeof count !== 'number') return text;
  return rules.select(count) === 'one' ? text.slice(0, bar) : text.slice(bar + 1);
}
