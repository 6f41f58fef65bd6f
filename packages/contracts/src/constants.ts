// Business constants of product-spec.md section 9 that more than one side needs.

export const APP_NAME = 'Trading Platform';

/** The access token lives an hour; the session dialog appears this long before it ends. */
export const SESSION_WARNING_MS = 180_000;

export const PASSWORD_RESET_LINK_MINUTES = 30;
