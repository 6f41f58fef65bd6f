// Credentials and sessions: the users table's login columns, sessions, and the three kinds
// of opaque tokens (refresh, remember, password), all stored as hashes.
import {
  passwordProofs,
  passwordTokens,
  refreshTokens,
  rememberTokens,
  sessions,
  users,
  type Database,
  type NewUserRow,
  type UserRow,
} from '@platform/db';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';

export type PasswordTokenPurpose = 'reset' | 'invite';

export class AuthRepository {
  constructor(private readonly db: Database) {}

  /** Runs fn on a repository bound to one transaction: all of it lands or none. */
  transaction<T>(fn: (repository: AuthRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new AuthRepository(tx)));
  }

  async findUserByUsername(username: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.username, username)).limit(1);
    return user;
  }

  async findUserById(id: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return user;
  }

  async listAdminEmails(): Promise<string[]> {
    const rows = await this.db.select({ username: users.username }).from(users).where(eq(users.role, 'admin'));
    return rows.map((row) => row.username);
  }

  /** Inserts unless the username exists; answers whether it inserted. */
  async insertUserIfNew(values: NewUserRow): Promise<boolean> {
    const inserted = await this.db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
    return inserted.length > 0;
  }

  async updateUser(
    id: string,
    patch: Partial<Pick<UserRow, 'passwordHash' | 'otpStatus' | 'otpSecret' | 'otpPendingSecret' | 'otpLastStep'>>,
  ): Promise<void> {
    await this.db.update(users).set({ ...patch, updatedAt: sql`now()` }).where(eq(users.id, id));
  }

  /** Records a TOTP step as used unless a later or equal one was: false means a replayed code. */
  async claimOtpStep(userId: string, step: number): Promise<boolean> {
    const claimed = await this.db
      .update(users)
      .set({ otpLastStep: step })
      .where(and(eq(users.id, userId), sql`coalesce(${users.otpLastStep}, -1) < ${step}`))
      .returning({ id: users.id });
    return claimed.length > 0;
  }

  /**
   * The session just proved its password (a password login, a password in a 2FA change, or
   * verify-password, which also opens the reveal of credentials).
   */
  async recordPasswordProof(sessionId: string, at: Date, options: { verified?: boolean } = {}): Promise<void> {
    const values = { provedAt: at, ...(options.verified ? { verifiedAt: at } : {}) };
    await this.db
      .insert(passwordProofs)
      .values({ sessionId, ...values })
      .onConflictDoUpdate({ target: passwordProofs.sessionId, set: values });
  }

  async findPasswordProof(sessionId: string): Promise<Date | undefined> {
    const [row] = await this.db.select().from(passwordProofs).where(eq(passwordProofs.sessionId, sessionId)).limit(1);
    return row?.provedAt;
  }

  /** The session's latest verify-password, the proof whose key the client holds. */
  async findVerifiedPassword(sessionId: string): Promise<Date | undefined> {
    const [row] = await this.db.select().from(passwordProofs).where(eq(passwordProofs.sessionId, sessionId)).limit(1);
    return row?.verifiedAt ?? undefined;
  }

  /** createdAt comes from the service's clock: the absolute lifetime is measured from it. */
  async createSession(values: { userId: string; ipAddress: string; userAgent: string | null; createdAt: Date }): Promise<string> {
    const [session] = await this.db.insert(sessions).values(values).returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    return session.id;
  }

  async findSessionUser(
    sessionId: string,
    userId: string,
  ): Promise<{ user: UserRow; revoked: boolean; createdAt: Date } | undefined> {
    const [row] = await this.db
      .select({ user: users, revokedAt: sessions.revokedAt, createdAt: sessions.createdAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .limit(1);
    return row && { user: row.user, revoked: row.revokedAt !== null, createdAt: row.createdAt };
  }

  async revokeSession(sessionId: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeUserSessions(userId: string, at: Date, keepSessionId?: string): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(...conditions));
  }

  async insertRefreshToken(values: { sessionId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(refreshTokens).values(values);
  }

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
        userId: sessions.userId,
        sessionRevokedAt: sessions.revokedAt,
        sessionCreatedAt: sessions.createdAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /** Marks the token exchanged; false when another request exchanged it first. */
  async markRefreshTokenUsed(id: string, at: Date): Promise<boolean> {
    const updated = await this.db
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    return updated.length > 0;
  }

  async insertRememberToken(values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(rememberTokens).values(values);
  }

  async findLiveRememberToken(userId: string, tokenHash: string, at: Date) {
    const [row] = await this.db
      .select({ id: rememberTokens.id })
      .from(rememberTokens)
      .where(
        and(
          eq(rememberTokens.userId, userId),
          eq(rememberTokens.tokenHash, tokenHash),
          isNull(rememberTokens.revokedAt),
          gt(rememberTokens.expiresAt, at),
        ),
      )
      .limit(1);
    return row;
  }

  async revokeRememberToken(id: string, at: Date): Promise<void> {
    await this.db.update(rememberTokens).set({ revokedAt: at }).where(eq(rememberTokens.id, id));
  }

  /** Revokes the live remember token with this hash; answers its user, or undefined when none was live. */
  async revokeRememberTokenByHash(tokenHash: string, at: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(rememberTokens)
      .set({ revokedAt: at })
      .where(and(eq(rememberTokens.tokenHash, tokenHash), isNull(rememberTokens.revokedAt)))
      .returning({ userId: rememberTokens.userId });
    return row?.userId;
  }

  async revokeUserRememberTokens(userId: string, at: Date): Promise<void> {
    await this.db
      .update(rememberTokens)
      .set({ revokedAt: at })
      .where(and(eq(rememberTokens.userId, userId), isNull(rememberTokens.revokedAt)));
  }

  async insertPasswordToken(values: {
    userId: string;
    purpose: PasswordTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(passwordTokens).values(values);
  }

  async findPasswordToken(tokenHash: string) {
    const [row] = await this.db.select().from(passwordTokens).where(eq(passwordTokens.tokenHash, tokenHash)).limit(1);
    return row;
  }

  /** Uses up every open password token of the user: false when this one was used already. */
  async consumePasswordTokens(userId: string, tokenId: string, at: Date): Promise<boolean> {
    const used = await this.db
      .update(passwordTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
      .returning({ id: passwordTokens.id });
    return used.some((row) => row.id === tokenId);
  }

  async expireOpenPasswordTokens(userId: string, purpose: PasswordTokenPurpose, at: Date): Promise<void> {
    await this.db
      .update(passwordTokens)
      .set({ usedAt: at })
      .where(
        and(eq(passwordTokens.userId, userId), eq(passwordTokens.purpose, purpose), isNull(passwordTokens.usedAt)),
      );
  }
}
