import * as z from 'zod';

/** 'sales' is shown as Salesman in the screens. */
export const roleSchema = z.enum(['admin', 'user', 'sales']);
export type Role = z.infer<typeof roleSchema>;
export const DASHBOARD_ROLES: readonly Role[] = ['admin', 'user', 'sales'];

/** 'rejected' is known to the login screen; the users list offers the other three. */
export const requestStatusSchema = z.enum(['pending', 'approved', 'blocked', 'rejected']);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

/**
 * not-configured: setup is offered at the next login; disabled: the user skipped or turned it off;
 * enabled: every login, password change and reset request needs a code.
 */
export const otpStatusSchema = z.enum(['not-configured', 'disabled', 'enabled']);
export type OtpStatus = z.infer<typeof otpStatusSchema>;

export const marketSchema = z.enum(['GOLD', 'NASDAQ', 'EURUSD']);
export type Market = z.infer<typeof marketSchema>;
