import { users, type Database, type NewUserRow, type UserRow } from '@platform/db';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SessionCache } from '../auth/session-cache';

export type UserProfilePatch = Partial<
  Pick<
    UserRow,
    | 'firstname'
    | 'lastname'
    | 'username'
    | 'role'
    | 'isPro'
    | 'requestStatus'
    | 'eulaContractAccepted'
    | 'eulaContractSignedAt'
    | 'eulaAutotradingAccepted'
    | 'eulaAutotradingSignedAt'
    | 'deletionRequestedAt'
  >
>;

/** A user by id: the users module's look-up, and auth's on every login, refresh and 2FA setup. */
export async function userById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export class UsersRepository {
  /** sessionCache: the user's cached sessions are forgotten once their row changes (blocked, role, deletion). */
  constructor(
    private readonly db: Database,
    private readonly sessionCache?: SessionCache,
  ) {}

  list(): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
  }

  findById(id: string): Promise<UserRow | undefined> {
    return userById(this.db, id);
  }

  async usernameTaken(username: string, exceptId?: string): Promise<boolean> {
    const condition = exceptId
      ? and(eq(users.username, username), ne(users.id, exceptId))
      : eq(users.username, username);
    const [row] = await this.db.select({ id: users.id }).from(users).where(condition).limit(1);
    return row !== undefined;
  }

  async insert(values: NewUserRow): Promise<UserRow | undefined> {
    const [user] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return user;
  }

  async update(id: string, patch: UserProfilePatch): Promise<UserRow | undefined> {
    const [user] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    this.sessionCache?.forgetUser(id);
    return user;
  }
}
