import type { ChatTurn, Source } from './llm/provider.ts';
import type { RetrievedChunk } from '../retrieval/types.ts';

/**
 * System prompt for grounded answers with numbered citations. It asks for [n] markers after
 * each claim and for an explicit "I don't know" when the sources do not answer (ARCHITECTURE.md
 * "Retrieval and generation" step 3).
 */
export const SYSTEM_PROMPT = [
  'You answer questions using only the numbered sources provided.',
  'Cite every statement with the number of its source in square brackets, like [1] or [2][3].',
  'Use only source numbers that exist. Do not invent facts that are not in the sources.',
  'If the sources do not contain the answer, say that you do not know based on the documents available.',
  'Answer in the language of the question, concisely.',
].join(' ');

/** Where a chunk sits, for the source header: "doc.pdf, p. 3, Section > Subsection". */
export function sourceLabel(chunk: RetrievedChunk): string {
  const parts = [chunk.documentName];
  if (chunk.pageStart) {
    parts.push(
      chunk.pageEnd && chunk.pageEnd !== chunk.pageStart
        ? `pp. ${chunk.pageStart}–${chunk.pageEnd}`
        : `p. ${chunk.pageStart}`,
    );
  }
  if (chunk.headingPath.length) parts.push(chunk.headingPath.join(' > '));
  return parts.join(', ');
}

/** Chat messages for an LLM: system, prior turns, then the sources block and the question. */
export function buildMessages(
  question: string,
  sources: Source[],
  history: ChatTurn[],
  systemPrompt?: string,
) {
  const context = sources
    .map((s, i) => `[${i + 1}] (${sourceLabel(s)})\n${s.contextText ?? s.text}`)
    .join('\n\n');
  return [
    {
      role: 'system' as const,
      // A company's own instructions come first; the grounding and citation rules always apply.
      content: systemPrompt ? `${systemPrompt.trim()}\n\n${SYSTEM_PROMPT}` : SYSTEM_PROMPT,
    },
    ...history.map((t) => ({ role: t.role, content: t.content })),
    {
      role: 'user' as const,
      content: `Sources:\n\n${context || '(no sources found)'}\n\nQuestion: ${question}`,
    },
  ];
}
