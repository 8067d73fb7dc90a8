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

/** Added to the system prompt when web results are among the sources. */
export const WEB_RULE =
  'Sources under "Web results" come from a web search, not from the company\'s documents: prefer the ' +
  'company documents, and say so when a statement rests only on a web result.';

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
  const numbered = sources.map((s, i) => ({ s, n: i + 1 }));
  const context = numbered
    .filter(({ s }) => !s.web)
    .map(({ s, n }) => `[${n}] (${sourceLabel(s)})\n${s.contextText ?? s.text}`)
    .join('\n\n');
  // Web results stay in their own block, labelled as external, so they are never taken for the
  // company's own documents.
  const web = numbered
    .filter(({ s }) => s.web)
    .map(({ s, n }) => `[${n}] (web: ${s.web!.title} — ${s.web!.url})\n${s.text}`)
    .join('\n\n');
  return [
    {
      role: 'system' as const,
      // A company's own instructions come first; the grounding and citation rules always apply.
      content:
        (systemPrompt ? `${systemPrompt.trim()}\n\n${SYSTEM_PROMPT}` : SYSTEM_PROMPT) +
        (web ? ` ${WEB_RULE}` : ''),
    },
    ...history.map((t) => ({ role: t.role, content: t.content })),
    {
      role: 'user' as const,
      content:
        `Sources:\n\n${context || '(no sources found)'}\n\n` +
        (web ? `Web results (external, not company documents):\n\n${web}\n\n` : '') +
        `Question: ${question}`,
    },
  ];
}

/** Instruction for rewriting a follow-up into a standalone search question (ARCHITECTURE.md step 1). */
export const CONDENSE_PROMPT =
  'Rewrite the last user message as one standalone question that can be understood without the ' +
  'conversation, keeping names, numbers and the language of the message. Reply with the question only.';

/** Messages asking a model for the standalone form of `question` given the last turns. */
export function buildCondenseMessages(question: string, history: ChatTurn[]) {
  const transcript = history
    .map((t) => `${t.role === 'user' ? 'User' : 'Assistant'}: ${t.content}`)
    .join('\n');
  return [
    { role: 'system' as const, content: CONDENSE_PROMPT },
    { role: 'user' as const, content: `Conversation:\n${transcript}\n\nLast user message: ${question}` },
  ];
}
