import { useI18n } from '../i18n.ts';
import { formatDate, Link } from '../ui.tsx';

/** A question from the insights: the answer's id, its conversation, when and where it was asked. */
export interface Question {
  messageId: string;
  conversationId: string;
  question: string;
  askedAt: string;
  channel: 'console' | 'widget';
  /** The start of the answer (thumbs-down questions). */
  answer?: string;
}

/** Where "Upload a document for this" leads: the documents screen, which shows the question. */
export const uploadFor = (question: string) => `documents?for=${encodeURIComponent(question.slice(0, 500))}`;

/**
 * A list of questions to act on, each a card with its conversation one click away and "Upload a
 * document for this" (the documents screen with the question shown above the upload).
 */
export function QuestionList(props: { title: string; id: string; items: Question[] }) {
  const { t, lang } = useI18n();
  return (
    <section class="questions" aria-labelledby={props.id}>
      <h3 id={props.id}>
        {props.title} ({props.items.length})
      </h3>
      {props.items.length === 0 ? (
        <p>{t('nothingYet')}</p>
      ) : (
        <ul class="cards-list">
          {props.items.map((q) => (
            <li key={q.messageId} class="card question">
              <p class="q">“{q.question}”</p>
              {q.answer && <p class="hint answer-excerpt">{q.answer}</p>}
              <p class="hint">
                {t('askedOn', { when: formatDate(q.askedAt, lang), channel: t(`channel_${q.channel}`) })}
              </p>
              <p class="link-row">
                <Link
                  to={`insights/${encodeURIComponent(q.conversationId)}`}
                  aria-label={`${t('openConversation')}: ${q.question.slice(0, 80)}`}
                >
                  {t('openConversation')}
                </Link>
                <Link
                  to={uploadFor(q.question)}
                  aria-label={`${t('uploadForThis')}: ${q.question.slice(0, 80)}`}
                >
                  {t('uploadForThis')}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
