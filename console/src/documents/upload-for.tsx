import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../i18n.ts';

/** The question an admin followed from the insights ("Upload a document for this"), if any. */
export const questionToAnswer = () => new URLSearchParams(location.search).get('for')?.slice(0, 500) || null;

/**
 * Above the upload on the documents screen when opened from the insights: the question the new
 * document should answer, announced, with focus moved to the file chooser so a keyboard user can
 * press Enter at once.
 */
export function UploadFor({ question }: { question: string }) {
  const { t } = useI18n();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.parentElement?.querySelector<HTMLInputElement>('input[type=file]')?.focus();
  }, [question]);
  return (
    <p class="upload-for" role="status" ref={ref}>
      {t('uploadFor', { question })}
    </p>
  );
}
