import type { Instrument, Market } from '@platform/contracts';
import type { InstrumentRow } from '@platform/db';
import type { InstrumentsRepository } from './instruments.repository';

function toInstrument(row: InstrumentRow): Instrument {
  return {
    market: row.market,
    symbol: row.symbol,
    point: row.point,
    contractSize: row.contractSize,
    spreadPoints: row.spreadPoints,
    defaults: {
      mediazione: row.defaultMediazione,
      target: row.defaultTarget,
      worst: row.defaultWorst,
      safeWorst: row.defaultSafeWorst,
    },
  };
}

export class InstrumentsService {
  constructor(private readonly repository: InstrumentsRepository) {}

  async list(): Promise<Instrument[]> {
    return (await this.repository.list()).map(toInstrument);
  }

  /** The table is seeded at first start, so a known market always has a row. */
  async get(market: Market): Promise<Instrument> {
    const row = await this.repository.find(market);
    if (!row) throw new Error(`instrument ${market} missing from the instrument table`);
    return toInstrument(row);
  }
}
