import { expect } from 'vitest';
import type { RunResult } from '../src/grid/params';

const MONEY_FIELDS = [
  'profit',
  'interest',
  'requirement',
  'requirement20',
  'requirement200',
  'maxDrawdown',
  'openPnl',
] as const;

/**
 * engine.md section 8: trades and stops exactly, money within 1e-6 relative; a run that left the
 * exact range at the same moment, with the same figures up to it.
 */
export function expectSameRun(engine: RunResult, reference: RunResult): void {
  expect(engine.overflowAt).toBe(reference.overflowAt);
  expect(engine.overflow).toBe(reference.overflow);
  expect(engine.trades).toBe(reference.trades);
  expect(engine.stops).toBe(reference.stops);
  expect(engine.timeUnderWater, 'timeUnderWater').toBe(reference.timeUnderWater);
  for (const field of MONEY_FIELDS) {
    const tolerance = 1e-6 * Math.max(1, Math.abs(reference[field]));
    expect(Math.abs(engine[field] - reference[field]), field).toBeLessThanOrEqual(tolerance);
  }
  expect([engine.size, engine.addizionale, engine.mediazione, engine.target, engine.multiplier]).toEqual([
    reference.size,
    reference.addizionale,
    reference.mediazione,
    reference.target,
    reference.multiplier,
  ]);
}
