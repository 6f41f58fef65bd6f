// The exact texts of product-spec.md sections 4, 5 and 8 that both server and web show.

export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid credentials or OTP error',
  loginError: 'Login error. Please try again later.',
  otpRequired: 'OTP code required',
  pending: 'Your account is pending approval.',
  rejected: 'Your account has been banned.',
  blocked: 'Your account is blocked. Please contact support.',
  notApproved: 'Il tuo account non è ancora approvato.',
  otpUrlMissing: 'OTP URL non disponibile.',
  disableOtpError: 'Error disabling OTP.',
} as const;

export const OTP_MESSAGES = {
  generateErrorLogin: 'Error generating OTP secret.',
  enabledLogin: 'OTP enabled successfully!',
  invalidLogin: 'Invalid OTP code, please try again.',
  verifyErrorLogin: 'Error verifying OTP.',
  enabledSettings: 'OTP abilitato correttamente!',
  invalidSettings: 'Codice OTP non valido.',
  verifyErrorSettings: 'Errore nella verifica OTP.',
  codeRequired: 'Inserisci il codice OTP.',
} as const;

export const PASSWORD_MESSAGES = {
  changed: 'Password cambiata con successo!',
  changeError: 'Errore nel cambio password.',
  mismatchSettings: 'Le nuove password non coincidono.',
  currentRequired: 'Inserisci la password corrente.',
  verified: 'Password verificata!',
  wrong: 'Password errata.',
  tooShort: 'La password deve avere almeno 8 caratteri.',
} as const;

export const RESET_MESSAGES = {
  linkSent: 'Reset link sent to the provided email address!',
  requestError: 'Error sending reset request.',
  resetError: 'Password reset error. Please try again later.',
  updated: 'Password updated successfully!',
  mismatch: 'Passwords do not match.',
  /** Contains 'token': the client shows the expired view on it. */
  tokenInvalid: 'Il token è scaduto o già utilizzato.',
  updatedIt: 'Password aggiornata con successo!',
  tokenExpiredIt: 'Il token è scaduto o già utilizzato. Richiedi un nuovo reset password.',
  resetErrorIt: 'Errore nel reset della password.',
  mismatchIt: 'Le password inserite non corrispondono.',
} as const;

export const CONTACT_MESSAGES = {
  sent: 'Data sent successfully!',
  sendError: 'Error sending data.',
  registrationError: 'Registration error. Please try again later.',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters',
  captchaRequired: 'Completa la verifica anti-spam.',
  captchaInvalid: 'Verifica anti-spam non valida o scaduta.',
} as const;

export const SESSION_MESSAGES = {
  logoutConfirm: 'Sei sicuro di voler effettuare il logout?',
  expiringTitle: 'Sessione in scadenza',
  expiringText: 'La tua sessione sta per scadere.',
  stillHere: 'Sì, sono qui',
  tokenCrash: 'Errore critico con il token JWT...',
  unauthenticated: 'Sessione non valida o scaduta. Effettua di nuovo il login.',
  forbidden: 'Non hai i permessi per questa operazione.',
  /** Settings: ends every session and saved auto-login of the user (not in the spec's settings strings). */
  logoutEverywhere: 'Esci da tutti i dispositivi',
  logoutEverywhereConfirm:
    'Vuoi chiudere la sessione su tutti i dispositivi, compreso questo? Anche gli accessi automatici salvati verranno revocati.',
  logoutEverywhereError: 'Impossibile chiudere le sessioni sugli altri dispositivi.',
} as const;

export const HTTP_MESSAGES = {
  invalidJson: 'Il corpo della richiesta non è un JSON valido.',
  bodyTooLarge: 'Richiesta troppo grande.',
  unsupportedMediaType: 'Tipo di contenuto non supportato.',
  notFound: 'Risorsa non trovata.',
  urlTooLong: "L'indirizzo della richiesta è troppo lungo.",
  badUrl: "L'indirizzo della richiesta non è valido.",
  tooManyRequests: 'Troppi tentativi. Riprova tra poco.',
  internal: 'Errore interno del server. Riprova più tardi.',
} as const;

/** Login throttling and the 2FA rules (ASVS level 2): not in the spec, so in Italian. */
export const SECURITY_MESSAGES = {
  accountLocked: 'Troppi tentativi di accesso falliti: account bloccato temporaneamente. Riprova più tardi.',
  addressThrottled: 'Troppi tentativi di accesso falliti da questo indirizzo. Riprova più tardi.',
  otpLocked: 'Troppi codici OTP errati: verifica bloccata temporaneamente. Riprova più tardi.',
  busy: 'Il server è occupato. Riprova tra qualche secondo.',
  passwordProofRequired: 'Conferma la tua password per modificare la 2FA.',
  otpMandatory: 'La 2FA è obbligatoria per il tuo ruolo e non può essere disattivata.',
  otpSetupNeedsPassword: 'La 2FA è obbligatoria per il tuo ruolo: accedi con la password per configurarla.',
  otpAlreadyEnabled: 'La 2FA è già attiva su questo account.',
  ownOtpReset: 'Non puoi azzerare la tua 2FA: disattivala dalle impostazioni.',
} as const;

export const WEATHER_MESSAGES = {
  /** product-spec.md section 8, Weather: what the widget logs when the forecast answer is not 200. */
  requestFailed: 'Errore durante la richiesta meteo',
  unavailable: 'Meteo non disponibile',
  badLocation:
    'Posizione non valida: indica q=latitudine,longitudine (latitudine tra -90 e 90, longitudine tra -180 e 180).',
} as const;
