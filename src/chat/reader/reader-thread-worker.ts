/** The thread of reader-thread.ts: loads the reader once, then reads each question's passages. */
import { workerData } from 'node:worker_threads';
import { serveModel } from '../../lib/model-thread.ts';
import { loadReader, type Reader } from './reader.ts';
import type { ReaderThreadModel } from './reader-thread.ts';

const model = workerData as ReaderThreadModel;
serveModel(
  loadReader(model.folder, model.threads),
  (reader: Reader, m: { question: string; passages: string[] }) => reader.read(m.question, m.passages),
);
