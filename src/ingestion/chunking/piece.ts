/**
 * The unit the chunking machinery works on: a `Piece` is a whole block, or a fragment of one,
 * with its token count. Shared by the text splitter, the overlap builder and the packer.
 */
import type { BlockKind } from '../parsers/types.ts';

/** Counts the embedding model's tokens in a text (see `TokenCounter` in ../chunker.ts). */
export type Count = (text: string) => number;

/** One unit of text placed in a chunk: a whole block, or a fragment of one. */
export interface Piece {
  text: string;
  /** Tokens of `text` alone, measured with the counter. */
  tokens: number;
  page: number | null;
  /** Index of the source block; fragments of one block share it and are rejoined with `glue`. */
  block: number;
  /** Separator placed before this piece when it follows a piece of the same block. */
  glue: string;
  kind: BlockKind;
  /** `overlap` pieces repeat earlier text; a chunk needs at least one `body` piece. */
  role: 'heading' | 'body' | 'overlap';
  /** Whole sentences (lines, rows) only; false for word fragments, which never seed overlap. */
  whole: boolean;
}

/**
 * The separator between two adjacent pieces of a chunk: fragments of one block are rejoined by
 * their own `glue`, different blocks by a newline.
 */
export function separator(prev: Piece, next: Piece): string {
  return prev.block === next.block ? next.glue : '\n';
}

/** The text of a chunk made of `pieces` (at least one), joined by their separators. */
export function joinPieces(pieces: readonly Piece[]): string {
  let text = pieces[0]!.text;
  for (let i = 1; i < pieces.length; i++) text += separator(pieces[i - 1]!, pieces[i]!) + pieces[i]!.text;
  return text;
}
