import { useEffect, useState } from 'preact/hooks';
import type { FunctionComponent } from 'preact';
import { useI18n } from '../i18n.ts';

/**
 * The insights screen, loaded when first shown: its charts and lists stay out of the console's
 * initial JS (issue 40's budget). `id`: a conversation opened from a question.
 */
export function LazyInsights({ id }: { id?: string }) {
  const { t } = useI18n();
  const [Screen, setScreen] = useState<FunctionComponent<{ id?: string }> | null>(null);
  useEffect(() => {
    void import('./insights.tsx').then((m) => setScreen(() => m.Insights));
  }, []);
  return Screen ? <Screen id={id} /> : <p class="loading">{t('loading')}</p>;
}
