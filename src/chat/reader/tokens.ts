/**
 * WordPiece token ids with each token's character offsets in the text, which transformers.js's
 * tokenizer does not return: BERT's basic pre-tokenisation splits the text into words first
 * (Devlin et al. 2019; `BasicTokenizer`: runs of letters, marks and digits, and every other
 * non-space character alone), and WordPiece then splits each word on its own — so tokenising
 * word by word gives the same tokens as the whole text, each tied to its word's characters.
 */
import type { PreTrainedTokenizer } from '@huggingface/transformers';

/** A text's token ids (no special tokens) and each token's [start, end) character offsets. */
export interface TokenizedText {
  ids: number[];
  offsets: [number, number][];
}

const WORD = /[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu;
/** Distinct words remembered per tokenizer before the cache starts again (≈ 2 MB). */
const CACHE_WORDS = 50_000;

/** A word-by-word tokenizer with a bounded cache of each word's pieces. */
export function wordPieces(tokenizer: PreTrainedTokenizer): { tokenize(text: string): TokenizedText } {
  const cache = new Map<string, number[]>();
  const piecesOf = (word: string): number[] => {
    let ids = cache.get(word);
    if (!ids) {
      ids = tokenizer.encode(word, { add_special_tokens: false });
      if (cache.size >= CACHE_WORDS) cache.clear();
      cache.set(word, ids);
    }
    return ids;
  };
  return {
    tokenize(text) {
      const ids: number[] = [];
      const offsets: [number, number][] = [];
      for (const m of text.matchAll(WORD)) {
        for (const id of piecesOf(m[0])) {
          ids.push(id);
          offsets.push([m.index, m.index + m[0].length]);
        }
      }
      return { ids, offsets };
    },
  };
}
