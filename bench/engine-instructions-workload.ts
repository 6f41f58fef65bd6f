// What bench/engine-instructions.ts counts: the default GOLD sweep over three months of
// synthetic bars, as many times as the argument says.
import { DEFAULT_SWEEPS, fallbackFx, prepareBars, runAllPrepared, sweepParams } from '@platform/engine';
import { syntheticBars } from '@platform/marketdata';

const GOLD = { point: 0.1, contractSize: 100, spreadPoints: 3 };
const BASE = { worst: 300, safeWorst: 400, capital: 10_000, leverage: 20, dynamic: false, close: true };

const repeats = Number(process.argv[2] ?? 3);
const bars = syntheticBars('GOLD', Date.parse('2024-01-01T00:00:00Z'), Date.parse('2024-04-01T00:00:00Z'));
const prepared = prepareBars(bars, GOLD, fallbackFx());
const sweep = sweepParams(DEFAULT_SWEEPS.GOLD, BASE);
for (let run = 0; run < repeats; run++) runAllPrepared(prepared, sweep);
