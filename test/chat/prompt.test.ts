import t from 'tap';
import { buildMessages, sourceLabel, SYSTEM_PROMPT } from '../../src/chat/prompt.ts';

const chunk = {
  chunkId: 'chk_1',
  documentId: 'doc_1',
  documentName: 'handbook.pdf',
  text: 'Leave is two days a month.',
  pageStart: 3,
  pageEnd: 4,
  headingPath: ['Benefits', 'Leave'],
  score: 1,
};

t.test('numbered sources with where they come from; expanded context replaces the chunk text', async (t) => {
  t.equal(sourceLabel(chunk), 'handbook.pdf, pp. 3–4, Benefits > Leave');
  const messages = buildMessages(
    'How much leave?',
    [
      chunk,
      {
        ...chunk,
        chunkId: 'chk_2',
        pageStart: null,
        pageEnd: null,
        headingPath: [],
        contextText: 'Before.\nLeave is two days a month.\nAfter.',
      },
    ],
    [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ],
  );
  t.equal(messages[0]!.content, SYSTEM_PROMPT);
  t.same(
    messages.slice(1, 3).map((m) => m.role),
    ['user', 'assistant'],
  );
  t.equal(
    messages.at(-1)!.content,
    'Sources:\n\n[1] (handbook.pdf, pp. 3–4, Benefits > Leave)\nLeave is two days a month.\n\n' +
      '[2] (handbook.pdf)\nBefore.\nLeave is two days a month.\nAfter.\n\nQuestion: How much leave?',
  );
  t.match(SYSTEM_PROMPT, /\[1\]/);
  t.match(SYSTEM_PROMPT, /do not know/);
});
