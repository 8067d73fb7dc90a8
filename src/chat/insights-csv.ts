/** Starts each file: without it Excel reads UTF-8 as the local code page ("Ã©" for "é"). */
const BOM = '\uFEFF';

/**
 * CSV (RFC 4180) of the insights for spreadsheets, UTF-8 with a byte-order mark. Every cell is quoted; a cell that begins with
 * `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a spreadsheet shows a
 * question such as "=HYPERLINK(…)" as text instead of running it (CSV injection, OWASP).
 */
const cell = (v: string | number) => {
  const s = String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

const line = (cells: (string | number)[]) => cells.map(cell).join(',') + '\r\n';

interface DayRow {
  date: string;
  questions: number;
  refused: number;
  thumbsUp: number;
  thumbsDown: number;
  console: number;
  widget: number;
}
interface Question {
  conversationId: string;
  question: string;
  askedAt: string;
  channel: string;
}

/** The daily series: one row per UTC day, oldest first, under a header row. */
export function daysCsv(rows: DayRow[]): string {
  const head = ['date', 'questions', 'refused', 'thumbs_up', 'thumbs_down', 'console', 'widget'];
  return (
    BOM +
    line(head) +
    rows
      .map((r) => line([r.date, r.questions, r.refused, r.thumbsUp, r.thumbsDown, r.console, r.widget]))
      .join('')
  );
}

/** The questions needing attention: refused ones, then thumbs-down ones, each newest first. */
export function questionsCsv(lists: { unanswered: Question[]; thumbsDown: Question[] }): string {
  const row = (kind: string) => (q: Question) =>
    line([kind, q.askedAt, q.channel, q.question, q.conversationId]);
  return (
    BOM +
    line(['kind', 'asked_at', 'channel', 'question', 'conversation_id']) +
    lists.unanswered.map(row('unanswered')).join('') +
    lists.thumbsDown.map(row('thumbs_down')).join('')
  );
}
