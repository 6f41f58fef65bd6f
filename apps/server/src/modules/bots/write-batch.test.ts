// Group commit in statements of a bounded size, with the event loop turning between them: the
// price feed's timers run while a burst of writes (a hundred bots filled on one price) goes out.
import { describe, expect, it } from 'vitest';
import { WriteBatch } from './write-batch';

/** As PGlite runs a statement: on the server's own thread, holding it the while. */
const holdThread = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('a write batch', () => {
  it('writes a burst in bounded statements, in order, and lets a due timer run between them', async () => {
    const log: string[] = [];
    const batch = new WriteBatch<number, number>((items) => {
      holdThread(3);
      log.push(`statement of ${items.length}`);
      return Promise.resolve(items.map((item) => item * 10));
    });
    const results = Promise.all(Array.from({ length: 70 }, (_, item) => batch.add(item)));
    setTimeout(() => log.push('timer'), 1);
    expect(await results).toEqual(Array.from({ length: 70 }, (_, item) => item * 10));
    expect(log.filter((line) => line !== 'timer')).toEqual([
      'statement of 32',
      'statement of 32',
      'statement of 6',
    ]);
    expect(log.indexOf('timer')).toBeLessThan(log.lastIndexOf('statement of 6'));
  });
});
