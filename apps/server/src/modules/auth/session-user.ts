import { LOGIN_MESSAGES, type SessionUser } from '@platform/contracts';
import type { UserRow } from '@platform/db';

export function toSessionUser(user: UserRow): SessionUser {
  return {
    _id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    username: user.username,
    role: user.role,
    isPro: user.isPro,
    request: { status: user.requestStatus },
    otp: { status: user.otpStatus },
  };
}

/** Why this user may not log in, or null when they may. A deletion request blocks like 'blocked'. */
export function loginBlockReason(user: UserRow): string | null {
  if (user.deletionRequestedAt) return LOGIN_MESSAGES.blocked;
  switch (user.requestStatus) {
    case 'approved':
      return null;
    case 'pending':
      return LOGIN_MESSAGES.pending;
    case 'rejected':
      return LOGIN_MESSAGES.rejected;
    case 'blocked':
      return LOGIN_MESSAGES.blocked;
  }
}
