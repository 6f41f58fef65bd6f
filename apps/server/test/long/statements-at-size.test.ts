// The long runs of the statements (npm run test:all, the server-long project): an investment's
// CSV of 1,000,000 cycles (the million) streamed page by page, counted row by row, its
// memory watched.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  downloadTransactionsCsv,
  insertCyclesSharingSeconds,
  investorWithInvestment,
} from '../support/investment-cycles';
import { createTestApp } from '../support/test-app';

/**
 * The JavaScript heap still in use after a full collection: what the process holds, not the
 * garbage it has yet to collect. The test process runs the server too (inject).
 */
function retainedHeap(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

describe('statements, at size', () => {
  it('streams 1,000,000 cycles a page at a time: every row once, in many pieces, in memory that does not grow with the file', async () => {
    const testApp = await createTestApp();
    const { ownerToken, investment, ownerId } = await investorWithInvestment(testApp);
    const rows = 1_000_000;
    await insertCyclesSharingSeconds(testApp, investment, ownerId, rows);

    const response = await downloadTransactionsCsv(testApp, investment, ownerToken);
    expect(response.statusCode).toBe(200);
    const seen = new Uint8Array(rows + 1);
    let chunks = 0;
    let bytes = 0;
    let lines = 0;
    let rest = '';
    const heapBefore = retainedHeap();
    let heapPeak = 0;
    for await (const chunk of response.stream()) {
      const text = rest + String(chunk);
      chunks += 1;
      bytes += Buffer.byteLength(String(chunk));
      const parts = text.split('\r\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines += 1;
        if (lines === 1) continue;
        const profit = Number(line.slice(line.lastIndexOf(',') + 1));
        seen[profit] = (seen[profit] ?? 0) + 1;
      }
      if (chunks % 8 === 0) heapPeak = Math.max(heapPeak, retainedHeap() - heapBefore);
    }
    expect(rest).toBe('');
    expect(lines).toBe(rows + 1);
    expect(seen.subarray(1).every((count) => count === 1)).toBe(true);
    // One piece per page of 5,000 rows at least, where a file built whole would come as one.
    expect(chunks).toBeGreaterThanOrEqual(rows / 5000);
    // What stayed in memory meanwhile (after a collection: two pages of rows at most, about 2 MB
    // measured) is a fixed amount, far below the file's 94 MB, which a reply built whole would
    // hold besides the rows it was built from.
    expect(bytes).toBeGreaterThan(90_000_000);
    expect(heapPeak).toBeLessThan(16 * 1024 * 1024);
    // A million rows inserted, streamed and counted: minutes on a busy machine.
  }, 600_000);
});
