/** The embed builder's branding fields and key picker (issue 40). French names every key. */
export const EN_EMBED = {
  embedKey: 'Key',
  embedNewKey: '{name} (just generated)',
  embedPasteKey: 'Paste the key (it is shown only once, at creation)',
  embedKeyPlaceholderHint:
    'The snippet shows the key’s first and last characters: paste the key you saved to fill it in (it stays in this page).',
  embedKeyMismatch: 'This is not the selected key.',
  widgetColor: 'Colour',
  widgetAccent: 'Accent (citations, suggestions)',
  widgetLogo: 'Logo (https:// URL)',
  widgetGreeting: 'Greeting',
  widgetSuggestions: 'Suggested questions (one per line, up to 4)',
  embedPinned: 'Pinned to this version of the widget with its integrity hash.',
  embedUnpinned: 'The widget is not built on this server, so the snippet cannot pin its integrity.',
  allowOriginals: 'Visitors may open the original files',
  allowOriginalsHint:
    'A cited source then links to its file (a download, valid 10 minutes), for documents within this key’s scope only.',
  originalsBadge: 'Originals',
};

export const FR_EMBED: Record<keyof typeof EN_EMBED, string> = {
  embedKey: 'Clé',
  embedNewKey: '{name} (tout juste générée)',
  embedPasteKey: 'Collez la clé (elle n’est montrée qu’une fois, à sa création)',
  embedKeyPlaceholderHint:
    'Le code montre le début et la fin de la clé : collez la clé conservée pour le compléter (elle reste dans cette page).',
  embedKeyMismatch: 'Ce n’est pas la clé choisie.',
  widgetColor: 'Couleur',
  widgetAccent: 'Accent (citations, suggestions)',
  widgetLogo: 'Logo (URL https://)',
  widgetGreeting: 'Message d’accueil',
  widgetSuggestions: 'Questions suggérées (une par ligne, 4 au plus)',
  embedPinned: 'Épinglé sur cette version du widget avec son empreinte d’intégrité.',
  embedUnpinned: 'Le widget n’est pas construit sur ce serveur : le code ne peut pas épingler son intégrité.',
  allowOriginals: 'Les visiteurs peuvent ouvrir les fichiers originaux',
  allowOriginalsHint:
    'Une source citée renvoie alors à son fichier (un téléchargement, valable 10 minutes), pour les documents de la portée de cette clé seulement.',
  originalsBadge: 'Originaux',
};
