import { useEffect, useState } from 'preact/hooks';
import type { FunctionComponent } from 'preact';
import { useI18n } from '../i18n.ts';

/** The audit log screen, loaded when first shown: it stays out of the console's initial JS. */
export function LazyAuditLog() {
  const { t } = useI18n();
  const [Screen, setScreen] = useState<FunctionComponent | null>(null);
  useEffect(() => {
    void import('./audit.tsx').then((m) => setScreen(() => m.AuditLog));
  }, []);
  return Screen ? <Screen /> : <p class="loading">{t('loading')}</p>;
}
