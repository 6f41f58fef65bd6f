// The texts of the mails the auth module sends (Italian, like the dashboard).
import { APP_NAME, PASSWORD_RESET_LINK_MINUTES } from '@platform/contracts';
import type { MailMessage } from '../../lib/mailer';

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `${APP_NAME} - Reimposta la password`,
    text: [
      'Ciao,',
      '',
      'abbiamo ricevuto una richiesta di reimpostare la password del tuo account.',
      `Apri questo link entro ${PASSWORD_RESET_LINK_MINUTES} minuti per sceglierne una nuova (vale una sola volta):`,
      '',
      link,
      '',
      'Se non hai chiesto tu il reset, ignora questo messaggio: la password resta invariata.',
    ].join('\n'),
  };
}

/** Sent instead of a link when the account has 2FA and the request came without a valid code. */
export function passwordResetNeedsOtpMail(to: string): MailMessage {
  return {
    to,
    subject: `${APP_NAME} - Reset password non eseguito`,
    text: [
      'Ciao,',
      '',
      'abbiamo ricevuto una richiesta di reimpostare la password del tuo account,',
      "ma l'account ha l'autenticazione a due fattori e la richiesta non conteneva un codice OTP valido.",
      'Ripeti la richiesta inserendo il codice della tua app di autenticazione.',
      '',
      'Se non hai chiesto tu il reset, ignora questo messaggio.',
    ].join('\n'),
  };
}

export function registrationRequestMail(
  to: string,
  request: { firstname: string; username: string; message: string },
): MailMessage {
  return {
    to,
    subject: `${APP_NAME} - Nuova richiesta di registrazione`,
    text: [
      `${request.firstname} <${request.username}> ha inviato una richiesta di registrazione:`,
      '',
      request.message,
      '',
      'Approvala o rifiutala dalla sezione Users della dashboard.',
    ].join('\n'),
  };
}

export const INVITATION_LINK_DAYS = 7;

export function invitationMail(to: string, firstname: string, link: string): MailMessage {
  return {
    to,
    subject: `${APP_NAME} - Il tuo account è pronto`,
    text: [
      `Ciao ${firstname},`,
      '',
      `il tuo account ${APP_NAME} è stato attivato. Scegli la tua password da questo link`,
      `(vale ${INVITATION_LINK_DAYS} giorni e una sola volta):`,
      '',
      link,
      '',
      `Poi accedi con il tuo indirizzo e-mail: ${to}`,
    ].join('\n'),
  };
}
