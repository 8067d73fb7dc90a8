/**
 * The parser process: forked by sandbox.ts with a capped V8 heap, it parses one document per
 * message and answers with the blocks or a user-facing reason. Anything it cannot survive
 * (out of memory, a parser stuck in a loop) ends the process, which the parent reports as an
 * ordinary parse failure — the API's process never runs parser code.
 */
import { parseDocument } from '../parsers/index.ts';
import { DocumentParseError, type DocumentFormat, type ParseOptions } from '../parsers/types.ts';
import { checkOutput, type SandboxLimits } from './limits.ts';

/** A job from the parent. */
export interface ParseJob {
  id: number;
  format: DocumentFormat;
  bytes: Uint8Array;
  options: ParseOptions;
  limits: SandboxLimits;
}

process.on('message', (job: ParseJob) => {
  void (async () => {
    try {
      const parsed = await parseDocument(job.format, job.bytes, { ...job.options, limits: job.limits });
      checkOutput(parsed, job.limits);
      process.send!({ id: job.id, ok: true, parsed });
    } catch (err) {
      const reason = err instanceof DocumentParseError ? err.message : 'the document could not be read';
      process.send!({ id: job.id, ok: false, reason });
    }
  })();
});
process.send!({ ready: true });
