import { DRIFT_CHECK_MS, MARKET_PAUSE_CHECK_MS } from '@platform/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicChecks, type Duty } from './periodic-checks';

function servicesCounting() {
  const runs = { prune: 0, pauses: 0, drift: 0 };
  const services = {
    logs: { pruneAnonymous: () => Promise.resolve(runs.prune++) },
    alerts: {
      checkPauses: () => Promise.resolve(runs.pauses++),
      checkDrift: () => Promise.reject(new Error('database gone')),
    },
  };
  return { runs, services: services as unknown as Parameters<typeof startPeriodicChecks>[0] };
}

describe('the API’s periodic checks', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each check on its period, says when one fails, and stops', async () => {
    const { runs, services } = servicesCounting();
    const errors: unknown[] = [];
    let analysed = 0;
    const analyze = () => Promise.resolve(analysed++);
    const stop = startPeriodicChecks(services, { error: (fields) => errors.push(fields) }, null, analyze);
    await vi.advanceTimersByTimeAsync(Math.max(MARKET_PAUSE_CHECK_MS, DRIFT_CHECK_MS));
    expect(runs.prune).toBe(1);
    // PGlite's statistics at once, then hourly.
    expect(analysed).toBe(1);
    expect(runs.pauses).toBeGreaterThan(0);
    expect(errors).toContainEqual(expect.objectContaining({ check: 'backtest-drift' }));
    stop();
    const after = { ...runs };
    await vi.advanceTimersByTimeAsync(MARKET_PAUSE_CHECK_MS * 3);
    expect(runs).toEqual(after);
  });

  it('leaves a check to the process that holds its duty', async () => {
    const { runs, services } = servicesCounting();
    const asked: [string, number][] = [];
    const elsewhere: Duty = (name, leaseMs) => {
      asked.push([name, leaseMs]);
      return Promise.resolve(name !== 'market-pauses');
    };
    const stop = startPeriodicChecks(services, { error: () => undefined }, elsewhere);
    await vi.advanceTimersByTimeAsync(MARKET_PAUSE_CHECK_MS * 2);
    expect(runs.pauses).toBe(0);
    expect(runs.prune).toBe(1);
    // The lease outlives one period, so its holder keeps it from one run to the next.
    expect(asked).toContainEqual(['market-pauses', MARKET_PAUSE_CHECK_MS * 2]);
    stop();
  });
});
