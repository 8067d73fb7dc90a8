import { useI18n } from '../i18n.ts';
import { ignoredBy } from './defaults.ts';

/** A banner naming the answer mode and the settings it ignores. */
export function ModeBanner({ mode }: { mode: { provider: string; model: string | null } }) {
  const { t } = useI18n();
  const ignored = ignoredBy(mode.provider);
  return (
    <p class="card mode-banner" role="note" data-testid="mode-banner">
      <strong>
        {t('answerMode')}:{' '}
        {mode.provider === 'extractive'
          ? t('modeExtractive')
          : `${mode.provider}${mode.model ? ` (${mode.model})` : ''}`}
      </strong>
      <br />
      {ignored.length ? t('modeIgnores', { list: ignored.map((k) => t(k)).join(', ') }) : t('modeUsesAll')}
    </p>
  );
}
