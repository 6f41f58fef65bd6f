// Algorithms: what the spec's form edits (name, description, minCapital) plus the market and
// the grid parameters, which default from the market's row of the instrument table.
import {
  ALGORITHM_MESSAGES,
  type Algorithm,
  type AlgorithmConfig,
  type AlgorithmFormInput,
} from '@platform/contracts';
import type { AlgorithmRow } from '@platform/db';
import { notFound } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import type { InstrumentsService } from '../instruments/instruments.service';
import type { AuditTrail } from '../logs/logs.service';
import type { AlgorithmsRepository } from './algorithms.repository';

export function toAlgorithm(row: AlgorithmRow): Algorithm {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    minCapital: row.minCapital,
    market: row.market,
    config: row.config,
  };
}

export class AlgorithmsService {
  constructor(
    private readonly repository: AlgorithmsRepository,
    private readonly instruments: InstrumentsService,
    private readonly audit: AuditTrail,
  ) {}

  async list(): Promise<Algorithm[]> {
    return (await this.repository.list()).map(toAlgorithm);
  }

  async find(id: string): Promise<Algorithm | undefined> {
    const row = await this.repository.findById(id);
    return row && toAlgorithm(row);
  }

  async get(id: string): Promise<Algorithm> {
    const algorithm = await this.find(id);
    if (!algorithm) throw notFound(ALGORITHM_MESSAGES.notFound);
    return algorithm;
  }

  async create(actorId: string, form: AlgorithmFormInput, origin: RequestOrigin): Promise<Algorithm> {
    const row = await this.repository.insert({
      ...this.fieldsOf(form),
      config: await this.configOf(form, undefined),
    });
    await this.audit.record({
      action: 'ALGORITHM_CREATED',
      description: `Algoritmo creato: ${row.name}`,
      userId: actorId,
      origin,
      metadata: { algorithmId: row.id },
    });
    return toAlgorithm(row);
  }

  async update(
    actorId: string,
    id: string,
    form: AlgorithmFormInput,
    origin: RequestOrigin,
  ): Promise<Algorithm> {
    const current = await this.repository.findById(id);
    if (!current) throw notFound(ALGORITHM_MESSAGES.notFound);
    const row = await this.repository.update(id, {
      ...this.fieldsOf(form),
      config: await this.configOf(form, current),
    });
    if (!row) throw notFound(ALGORITHM_MESSAGES.notFound);
    await this.audit.record({
      action: 'ALGORITHM_UPDATED',
      description: `Algoritmo aggiornato: ${row.name}`,
      userId: actorId,
      origin,
      metadata: { algorithmId: id },
    });
    return toAlgorithm(row);
  }

  private fieldsOf(form: AlgorithmFormInput) {
    return {
      name: form.name,
      description: form.description,
      minCapital: form.minCapital,
      market: form.market,
    };
  }

  /**
   * Sent fields win; the rest keep their current values while the market is unchanged, and
   * otherwise take the defaults of the (new) market.
   */
  private async configOf(
    form: AlgorithmFormInput,
    current: AlgorithmRow | undefined,
  ): Promise<AlgorithmConfig> {
    const { defaults } = await this.instruments.get(form.market);
    const base: AlgorithmConfig =
      current && current.market === form.market ? current.config : { ...defaults, multiplier: 1 };
    const sent = form.config ?? {};
    return {
      ...base,
      ...Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)),
    };
  }
}
