import { algorithms, type AlgorithmRow, type Database } from '@platform/db';
import { asc, eq, sql } from 'drizzle-orm';

export type NewAlgorithm = Pick<AlgorithmRow, 'name' | 'description' | 'minCapital' | 'market' | 'config'>;

export class AlgorithmsRepository {
  constructor(private readonly db: Database) {}

  list(): Promise<AlgorithmRow[]> {
    return this.db.select().from(algorithms).orderBy(asc(algorithms.createdAt), asc(algorithms.name));
  }

  async findById(id: string): Promise<AlgorithmRow | undefined> {
    const [row] = await this.db.select().from(algorithms).where(eq(algorithms.id, id)).limit(1);
    return row;
  }

  async insert(values: NewAlgorithm): Promise<AlgorithmRow> {
    const [row] = await this.db.insert(algorithms).values(values).returning();
    if (!row) throw new Error('algorithm insert returned nothing');
    return row;
  }

  async update(id: string, values: NewAlgorithm): Promise<AlgorithmRow | undefined> {
    const [row] = await this.db
      .update(algorithms)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(algorithms.id, id))
      .returning();
    return row;
  }
}
