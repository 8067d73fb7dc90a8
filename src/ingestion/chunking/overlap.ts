/**
 * What a chunk that continues a section starts with, so that a fact straddling a break is
 * retrievable from either side: the last whole sentences (lines of code, rows) of the previous
 * chunk, or, while a table is being continued, the table's header row, so that its rows read
 * under their column names. Budgets are in tokens.
 */
import type { Count, Piece } from './piece.ts';
import { wholeUnits } from './text-splitter.ts';

/** Token costs of a piece's text and of the separator joining two adjacent pieces. */
export interface OverlapCosts {
  count: Count;
  join: (prev: Piece, next: Piece) => number;
}

/**
 * The overlap pieces (role `overlap`) that open the chunk after `previous`: the table header
 * row when one is given, else the `tail` of `previous` within `budget` tokens.
 */
export function overlapSeed(
  previous: Piece[],
  tableHeader: Piece | null,
  budget: number,
  costs: OverlapCosts,
): Piece[] {
  return tableHeader !== null ? [{ ...tableHeader, role: 'overlap' }] : tail(previous, budget, costs);
}

/**
 * The last whole sentences (lines of code, rows of a table) of `pieces`, at most `budget`
 * tokens in all, as overlap pieces. A sentence longer than the budget, or a chunk ending
 * mid-sentence, gives none: overlap never starts mid-sentence. Headings never count.
 */
function tail(pieces: Piece[], budget: number, { count, join }: OverlapCosts): Piece[] {
  const out: Piece[] = [];
  let used = 0;
  for (let i = pieces.length - 1; i >= 0; i--) {
    const p = pieces[i]!;
    if (p.role === 'heading' || !p.whole) break;
    const { parts, glues } = wholeUnits(p.text, p.kind);
    for (let j = parts.length - 1; j >= 0; j--) {
      const text = parts[j]!;
      const tokens = parts.length === 1 ? p.tokens : count(text);
      const piece: Piece = { ...p, text, tokens, glue: j === 0 ? p.glue : glues[j]!, role: 'overlap' };
      const cost = tokens + (out[0] === undefined ? 0 : join(piece, out[0]));
      if (used + cost > budget) return out;
      used += cost;
      out.unshift(piece);
    }
  }
  return out;
}
