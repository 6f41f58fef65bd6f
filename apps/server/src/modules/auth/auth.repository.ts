// Credentials and sessions: the users table's login columns, sessions, and the three kinds
// of opaque tokens (refresh, remember, password), all stored as hashes. The session look-up of
// every authenticated call goes through the session cache (session-cache.ts), which every write
// here to a session or a user clears.
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
import { userById } from '../users/users.repository';
import type { SessionCache, SessionLookup } from './session-cache';

export type PasswordTokenPurpose = 'reset' | 'invite';

/** The look-up of every authenticated call, built once (a prepared statement on PostgreSQL). */
const sessionUserQuery = (db: Database) =>
  db
    .select({ user: users, revokedAt: sessions.revokedAt, createdAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('auth_session_user');

export class AuthRepository {
  private sessionUser: ReturnType<typeof sessionUserQuery> | undefined;

  /**
   * sessionCache: forgotten on every write to a session or a user. afterCommit: in a transaction,
   * where the forgets wait for the commit (a look-up meanwhile still reads the old rows).
   */
  constructor(
    private readonly db: Database,
    private readonly sessionCache?: SessionCache,
    private readonly afterCommit?: (() => void)[],
  ) {}

  /** Runs fn on a repository bound to one transaction: all of it lands or none. */
  async transaction<T>(fn: (repository: AuthRepository) => Promise<T>): Promise<T> {
    const forgets: (() => void)[] = [];
    try {
      return await this.db.transaction((tx) => fn(new AuthRepository(tx, this.sessionCache, forgets)));
    } finally {
      for (const forget of forgets) forget();
    }
  }

  private forget(action: (cache: SessionCache) => void): void {
    const cache = this.sessionCache;
    if (!cache) return;
    action(cache);
    this.afterCommit?.push(() => action(cache));
  }

  async findUserByUsername(username: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.username, username)).limit(1);
    return user;
  }

  findUserById(id: string): Promise<UserRow | undefined> {
    return userById(this.db, id);
  }

  async listAdminEmails(): Promise<string[]> {
    const rows = await this.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.role, 'admin'));
    return rows.map((row) => row.username);
  }

  /** Inserts unless the username exists; answers whether it inserted. */
  async insertUserIfNew(values: NewUserRow): Promise<boolean> {
    const inserted = await this.db
      .insert(users)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: users.id });
    return inserted.length > 0;
  }

  async updateUser(
    id: string,
    patch: Partial<
      Pick<UserRow, 'passwordHash' | 'otpStatus' | 'otpSecret' | 'otpPendingSecret' | 'otpLastStep'>
    >,
  ): Promise<void> {
    await this.db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    this.forget((cache) => cache.forgetUser(id));
  }

  /** Records a TOTP step as used unless a later or equal one was: false means a replayed code. */
  async claimOtpStep(userId: string, step: number): Promise<boolean> {
    const claimed = await this.db
      .update(users)
      .set({ otpLastStep: step })
      .where(and(eq(users.id, userId), sql`coalesce(${users.otpLastStep}, -1) < ${step}`))
      .returning({ id: users.id });
    this.forget((cache) => cache.forgetUser(userId));
    return claimed.length > 0;
  }

  /**
   * The session just proved its password (a password login, a password in a 2FA change, or
   * verify-password, which also opens the reveal of credentials).
   */
  async recordPasswordProof(
    sessionId: string,
    at: Date,
    options: { verified?: boolean } = {},
  ): Promise<void> {
    const values = { provedAt: at, ...(options.verified ? { verifiedAt: at } : {}) };
    await this.db
      .insert(passwordProofs)
      .values({ sessionId, ...values })
      .onConflictDoUpdate({ target: passwordProofs.sessionId, set: values });
  }

  async findPasswordProof(sessionId: string): Promise<Date | undefined> {
    return (await this.passwordProofOf(sessionId))?.provedAt;
  }

  /** The session's latest verify-password, the proof whose key the client holds. */
  async findVerifiedPassword(sessionId: string): Promise<Date | undefined> {
    return (await this.passwordProofOf(sessionId))?.verifiedAt ?? undefined;
  }

  private async passwordProofOf(sessionId: string) {
    const [row] = await this.db
      .select()
      .from(passwordProofs)
      .where(eq(passwordProofs.sessionId, sessionId))
      .limit(1);
    return row;
  }

  /** createdAt comes from the service's clock: the absolute lifetime is measured from it. */
  async createSession(values: {
    userId: string;
    ipAddress: string;
    userAgent: string | null;
    createdAt: Date;
  }): Promise<string> {
    const [session] = await this.db.insert(sessions).values(values).returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    return session.id;
  }

  async findSessionUser(sessionId: string, userId: string): Promise<SessionLookup | undefined> {
    const cached = this.sessionCache?.get(sessionId);
    if (cached) return cached.user.id === userId ? cached : undefined;
    const begun = this.sessionCache?.begin();
    this.sessionUser ??= sessionUserQuery(this.db);
    const [row] = await this.sessionUser.execute({ sessionId, userId });
    if (!row) return undefined;
    const found = { user: row.user, revoked: row.revokedAt !== null, createdAt: row.createdAt };
    if (begun !== undefined) this.sessionCache?.store(sessionId, found, begun);
    return found;
  }

  async revokeSession(sessionId: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    this.forget((cache) => cache.forgetSession(sessionId));
  }

  async revokeUserSessions(userId: string, at: Date, keepSessionId?: string): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(...conditions));
    // The kept session is forgotten too: its user row may have changed with it (a new password).
    this.forget((cache) => cache.forgetUser(userId));
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
    const [row] = await this.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, tokenHash))
      .limit(1);
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
        and(
          eq(passwordTokens.userId, userId),
          eq(passwordTokens.purpose, purpose),
          isNull(passwordTokens.usedAt),
        ),
      );
  }
}
