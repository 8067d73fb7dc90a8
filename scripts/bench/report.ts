/** The benchmark's output: a table for people, then one JSON line for scripts. */
import { basename } from 'node:path';
import type { ChunkingOptions } from '../../src/ingestion/chunker.ts';
import type { Evaluation } from '../../src/retrieval/metrics.ts';
import { percentile, type QueryRun } from './run-queries.ts';

export interface Report {
  dataset: string;
  mode: string;
  /** Hybrid's fusion; null for the other modes. */
  fusion: string | null;
  alpha: number;
  split: string;
  chunking: ChunkingOptions;
  index: {
    documents: number;
    failed: number;
    chunks: number;
    indexS: number;
    embedS: number;
    maintenanceS: number;
    concurrency: number;
    /** The --keep folder the index was reused from; null when it was built by this run. */
    reusedFrom: string | null;
  };
  chunkLimit: number;
  depth: number;
  evaluation: Evaluation;
  result: QueryRun;
}

const ms = (values: number[], p: number) => Number(percentile(values, p).toFixed(1));

/**
 * Prints the table, then as the last line
 * {"dataset","mode","ndcg@10","recall@100","mrr@10","queries","p50_ms","p95_ms","index_s"}
 * (metrics rounded to 4 decimals, milliseconds and seconds to 1).
 */
export function printReport(r: Report): void {
  const { index, evaluation: e, result } = r;
  const perDoc = index.chunks / Math.max(1, index.documents);
  const mode =
    r.fusion === null
      ? r.mode
      : `${r.mode}, fusion ${r.fusion}${r.fusion === 'normalized' ? `, α = ${r.alpha}` : ''}`;
  const rows: [string, string][] = [
    ['dataset', `${r.dataset} (${index.documents} documents indexed, ${index.failed} not)`],
    ['mode', mode],
    [
      'chunking',
      `${r.chunking.maxTokens} tokens, overlap ${r.chunking.overlapTokens}: ${index.chunks} chunks, ${perDoc.toFixed(2)}/document`,
    ],
    [
      'index',
      index.reusedFrom
        ? `REUSED from --keep ${index.reusedFrom}: built in ${index.indexS.toFixed(1)} s by an earlier run, not re-measured`
        : `${index.indexS.toFixed(1)} s wall, ingest concurrency ${index.concurrency} ` +
          `(of which ${index.maintenanceS.toFixed(1)} s VACUUM/ANALYZE after the burst, as the worker does)`,
    ],
    [
      'chunks/s',
      `${(index.chunks / index.indexS).toFixed(1)} indexed end to end; ` +
        `${(index.chunks / index.embedS).toFixed(1)} while the model was busy (${index.embedS.toFixed(1)} s)`,
    ],
    [
      'queries',
      `${e.queries} (qrels/${r.split}.tsv), ${r.chunkLimit} chunks each → top ${r.depth} documents ` +
        `(${result.shallow} queries got fewer)`,
    ],
    [`nDCG@${e.cutoffs.ndcgAt}`, e.mean.ndcg.toFixed(4)],
    [`Recall@${e.cutoffs.recallAt}`, e.mean.recall.toFixed(4)],
    [`MRR@${e.cutoffs.mrrAt}`, e.mean.mrr.toFixed(4)],
    [
      'latency',
      `p50 ${ms(result.latenciesMs, 50)} ms, p95 ${ms(result.latenciesMs, 95)} ms per retrieve of ${r.chunkLimit} chunks`,
    ],
    [
      'latency@10',
      `p50 ${ms(result.apiLatenciesMs, 50)} ms, p95 ${ms(result.apiLatenciesMs, 95)} ms per retrieve of 10 chunks (API default)`,
    ],
  ];
  console.log(rows.map(([k, v]) => `${k.padEnd(12)} ${v}`).join('\n'));
  console.log(
    JSON.stringify({
      dataset: basename(r.dataset),
      mode: r.mode,
      'ndcg@10': Number(e.mean.ndcg.toFixed(4)),
      'recall@100': Number(e.mean.recall.toFixed(4)),
      'mrr@10': Number(e.mean.mrr.toFixed(4)),
      queries: e.queries,
      p50_ms: ms(result.latenciesMs, 50),
      p95_ms: ms(result.latenciesMs, 95),
      index_s: Number(index.indexS.toFixed(1)),
    }),
  );
}
