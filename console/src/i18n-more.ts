/**
 * The strings issue 24 added (invitations, document organisation, chat, uploads, settings,
 * connection, embed builder), kept apart from i18n.ts so that file stays readable; both
 * dictionaries are spread into the main ones, and French must name every English key.
 */
export const EN_MORE = {
  invitationLink: 'Invitation link for {email}',
  invitationExpires: 'Valid until {date}. Send it to the person; it works once.',
  copyLink: 'Copy the invitation link',
  dismiss: 'Dismiss',
  menu: 'Menu',
  acceptTitle: 'Accept your invitation',
  acceptIntro: 'Choose your name and a password (8 characters or more) to join.',
  acceptSubmit: 'Join and sign in',
  acceptMissing: 'This link carries no invitation token. Ask your admin for a new link.',
  newPassword: 'New password',
  role_COMPANY_ADMIN: 'Admin',
  role_COMPANY_EDITOR: 'Editor',
  role_COMPANY_READER: 'Reader',
  status_active: 'Active',
  status_invited: 'Invited',
  status_disabled: 'Disabled',
};

/** French for EN_MORE (same keys; the type check in i18n.ts enforces it). */
export const FR_MORE: Record<keyof typeof EN_MORE, string> = {
  invitationLink: 'Lien d’invitation pour {email}',
  invitationExpires: 'Valable jusqu’au {date}. Envoyez-le à la personne ; il ne sert qu’une fois.',
  copyLink: 'Copier le lien d’invitation',
  dismiss: 'Fermer',
  menu: 'Menu',
  acceptTitle: 'Accepter votre invitation',
  acceptIntro: 'Choisissez votre nom et un mot de passe (8 caractères ou plus) pour rejoindre.',
  acceptSubmit: 'Rejoindre et se connecter',
  acceptMissing: 'Ce lien ne contient pas d’invitation. Demandez un nouveau lien à votre administrateur.',
  newPassword: 'Nouveau mot de passe',
  role_COMPANY_ADMIN: 'Administrateur',
  role_COMPANY_EDITOR: 'Éditeur',
  role_COMPANY_READER: 'Lecteur',
  status_active: 'Actif',
  status_invited: 'Invité',
  status_disabled: 'Désactivé',
};
