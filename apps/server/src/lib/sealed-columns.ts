// Every database column that holds a ciphertext at rest, with the key purpose that encrypts it.
// Plain names rather than the Drizzle schema: the server's Capital.com links bind an account's
// credentials to their row with them, and the rotation's SQL uses the same names, so its test on
// a real database catches a name that drifts from the schema.
import type { AtRestCipher, AtRestPurpose } from './crypto';

export interface SealedColumn {
  table: string;
  column: string;
  purpose: AtRestPurpose;
}

export const SEALED_COLUMNS = {
  otpSecret: { table: 'users', column: 'otp_secret', purpose: 'totp-secrets' },
  otpPendingSecret: { table: 'users', column: 'otp_pending_secret', purpose: 'totp-secrets' },
  accountUsername: { table: 'accounts', column: 'username_encrypted', purpose: 'broker-credentials' },
  accountPassword: { table: 'accounts', column: 'password_encrypted', purpose: 'broker-credentials' },
  accountApiKey: { table: 'accounts', column: 'apikey_encrypted', purpose: 'broker-credentials' },
  webhookSecret: { table: 'alert_settings', column: 'webhook_secret_encrypted', purpose: 'webhook-secrets' },
} as const satisfies Record<string, SealedColumn>;

/** The associated data of a ciphertext: where it lives, e.g. `accounts:password_encrypted:<id>`. */
export function cellOf(column: SealedColumn, rowId: string): string {
  return `${column.table}:${column.column}:${rowId}`;
}

/** How the demo seed has an account's credential encrypted: under broker-credentials, bound to its row. */
export function accountCredentialSealer(credentials: AtRestCipher) {
  return (plaintext: string, credential: 'username' | 'password', accountRowId: string): string =>
    credentials.encrypt(
      plaintext,
      cellOf(
        credential === 'username' ? SEALED_COLUMNS.accountUsername : SEALED_COLUMNS.accountPassword,
        accountRowId,
      ),
    );
}
