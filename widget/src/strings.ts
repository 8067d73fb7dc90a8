/** Every text the widget shows; `{s}` is replaced by seconds, `{n}` by a citation number. */
export interface Strings {
  title: string;
  open: string;
  close: string;
  placeholder: string;
  send: string;
  inputLabel: string;
  greeting: string;
  thinking: string;
  you: string;
  assistant: string;
  citation: string;
  page: string;
  sources: string;
  closeSource: string;
  openSource: string;
  openOriginal: string;
  openOriginalPage: string;
  forbidden: string;
  rateLimited: string;
  network: string;
  unavailable: string;
  invalid: string;
  newConversation: string;
  stop: string;
  stopped: string;
  suggestions: string;
  feedback: string;
  helpful: string;
  notHelpful: string;
  thanks: string;
  feedbackFailed: string;
}

const en: Strings = {
  title: 'Ask our documents',
  open: 'Open the chat',
  close: 'Close the chat',
  placeholder: 'Type your question…',
  send: 'Send',
  inputLabel: 'Your question',
  greeting: 'Hello! Ask me anything about our documents.',
  thinking: 'Looking through the documents…',
  you: 'You',
  assistant: 'Assistant',
  citation: 'Source {n}',
  page: 'Page',
  sources: 'Sources',
  closeSource: 'Close the source',
  openSource: 'Open the source',
  openOriginal: 'Open the original',
  openOriginalPage: 'Open the original (page {n})',
  forbidden: 'Sorry, this assistant is not available on this website.',
  rateLimited: 'Too many questions at once. Please try again in {s} seconds.',
  network: 'The assistant cannot be reached. Check your connection and try again.',
  unavailable: 'The assistant is unavailable right now. Please try again later.',
  invalid: 'This question cannot be sent. Please shorten or rephrase it.',
  newConversation: 'New conversation',
  stop: 'Stop',
  stopped: '(stopped)',
  suggestions: 'Suggested questions',
  feedback: 'Was this answer helpful?',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  thanks: 'Thank you for your feedback.',
  feedbackFailed: 'Your feedback could not be sent.',
};

const fr: Strings = {
  title: 'Interrogez nos documents',
  open: 'Ouvrir la discussion',
  close: 'Fermer la discussion',
  placeholder: 'Posez votre question…',
  send: 'Envoyer',
  inputLabel: 'Votre question',
  greeting: 'Bonjour ! Posez-moi une question sur nos documents.',
  thinking: 'Recherche dans les documents…',
  you: 'Vous',
  assistant: 'Assistant',
  citation: 'Source {n}',
  page: 'Page',
  sources: 'Sources',
  closeSource: 'Fermer la source',
  openSource: 'Ouvrir la source',
  openOriginal: 'Ouvrir l’original',
  openOriginalPage: 'Ouvrir l’original (page {n})',
  forbidden: 'Désolé, cet assistant n’est pas disponible sur ce site.',
  rateLimited: 'Trop de questions à la fois. Réessayez dans {s} secondes.',
  network: 'L’assistant est injoignable. Vérifiez votre connexion et réessayez.',
  unavailable: 'L’assistant est indisponible pour le moment. Réessayez plus tard.',
  invalid: 'Cette question ne peut pas être envoyée. Raccourcissez-la ou reformulez-la.',
  newConversation: 'Nouvelle conversation',
  stop: 'Arrêter',
  stopped: '(interrompu)',
  suggestions: 'Questions suggérées',
  feedback: 'Cette réponse vous a-t-elle aidé ?',
  helpful: 'Utile',
  notHelpful: 'Pas utile',
  thanks: 'Merci pour votre avis.',
  feedbackFailed: 'Votre avis n’a pas pu être envoyé.',
};

export const BUILT_IN: Record<string, Strings> = { en, fr };

/**
 * The strings for `lang` (its primary subtag; English when not built in), with `overrides` on
 * top. Overrides that are not strings are ignored, so a bad `data-strings` cannot break the widget.
 */
export function stringsFor(lang: string, overrides: Record<string, unknown>): Strings {
  const base = BUILT_IN[lang.toLowerCase().split('-')[0] ?? 'en'] ?? en;
  const out: Strings = { ...base };
  for (const k of Object.keys(base) as (keyof Strings)[]) {
    const v = overrides[k];
    if (typeof v === 'string' && v.length <= 500) out[k] = v;
  }
  return out;
}
