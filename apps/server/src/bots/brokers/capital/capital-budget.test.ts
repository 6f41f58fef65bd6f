// The account's request budget on a clock the test moves: never more than its allowance started in
// a window, the rest queued in order; a 429 holds everyone back and the refused request goes first.
import { describe, expect, it } from 'vitest';
import { manualTimers } from '../../../../test/support/capital/capital-test-fixtures';
import { RequestBudget } from './capital-budget';
import { CapitalApiError } from './capital-http';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("an account's request budget", () => {
  it('starts at most its allowance in any window, the others in the order they came', async () => {
    const clock = manualTimers(0);
    const budget = new RequestBudget({ perWindow: 8, windowMs: 1_250, timers: clock.timers });
    const started: [number, number][] = [];
    const done = Array.from({ length: 20 }, (_, index) =>
      budget.run(() => {
        started.push([index, clock.timers.now()]);
        return Promise.resolve(index);
      }),
    );
    await settle();
    expect(started).toHaveLength(8);
    clock.advance(1_249);
    await settle();
    expect(started).toHaveLength(8);
    clock.advance(1);
    await settle();
    expect(started).toHaveLength(16);
    clock.advance(1_250);
    await settle();
    await expect(Promise.all(done)).resolves.toEqual([...Array(20).keys()]);
    expect(started.map(([index]) => index)).toEqual([...Array(20).keys()]);
    expect(started.map(([, at]) => at)).toEqual(
      [0, 1_250, 2_500].flatMap((at, window) => new Array<number>(window < 2 ? 8 : 4).fill(at)),
    );
  });

  it('holds the queue back after a 429, doubling the pause while they repeat, and asks the refused request again first', async () => {
    const clock = manualTimers(0);
    const budget = new RequestBudget({
      perWindow: 100,
      windowMs: 1_000,
      backoffMs: 1_000,
      timers: clock.timers,
    });
    let refusals = 2;
    const order: string[] = [];
    const refusedTwice = budget.run(() => {
      order.push(`order@${clock.timers.now()}`);
      if (refusals-- > 0)
        return Promise.reject(
          new CapitalApiError(429, 'error.too-many.requests', { method: 'POST', path: '/api/v1/positions' }),
        );
      return Promise.resolve('opened');
    });
    await settle();
    const next = budget.run(() => {
      order.push(`read@${clock.timers.now()}`);
      return Promise.resolve('read');
    });
    await settle();
    clock.advance(1_000);
    await settle();
    clock.advance(2_000);
    await settle();
    await expect(refusedTwice).resolves.toBe('opened');
    await expect(next).resolves.toBe('read');
    expect(order).toEqual(['order@0', 'order@1000', 'read@1000', 'order@3000']);
    expect(budget.refusals).toBe(2);
  });

  it("fails a request refused too often as 'unavailable', its outcome then settled like any unknown one", async () => {
    const clock = manualTimers(0);
    const budget = new RequestBudget({
      perWindow: 100,
      windowMs: 1_000,
      backoffMs: 10,
      maxRefusals: 1,
      timers: clock.timers,
    });
    const refused = budget.run(() =>
      Promise.reject(
        new CapitalApiError(429, 'error.too-many.requests', { method: 'GET', path: '/api/v1/positions' }),
      ),
    );
    await settle();
    clock.advance(10);
    await expect(refused).rejects.toMatchObject({ problem: 'unavailable' });
  });
});
