/**
 * What the sign-in screen says when a session ended without the user signing out here
 * (issue 38: no silent sign-out). Spread into both dictionaries of i18n.ts.
 */
export const EN_SESSION = {
  notice_ended:
    'Your session has ended: it was signed out elsewhere, your password or access changed, or it expired. Sign in again.',
  notice_signedOutElsewhere: 'You signed out in another tab.',
  notice_unavailable: 'The server could not be reached to restore your session. Try again in a moment.',
};

export const FR_SESSION: typeof EN_SESSION = {
  notice_ended:
    'Votre session a pris fin : déconnexion ailleurs, mot de passe ou accès modifiés, ou expiration. Reconnectez-vous.',
  notice_signedOutElsewhere: 'Vous vous êtes déconnecté dans un autre onglet.',
  notice_unavailable:
    'Le serveur est injoignable : votre session n’a pas pu être rétablie. Réessayez dans un instant.',
};
