import type { ChartMarker } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import {
  equityLine,
  groupMarkers,
  markerCounts,
  placeMarkers,
  tradePriceLine,
} from './investment-chart-series';

const MINUTE = 60_000;
const START = Date.parse('2026-11-02T09:00:00Z');

const marker = (kind: ChartMarker['kind'], time: number, price = 2000): ChartMarker => ({
  kind,
  time,
  price,
  lots: 1,
  reason: kind === 'exit' ? 'take-profit' : null,
  transactionId: null,
});

const bars = (count: number) => ({
  time: Array.from({ length: count }, (_, index) => START + index * MINUTE),
  open: [],
  high: [],
  low: [],
  close: [],
});

describe('placeMarkers', () => {
  it('puts each entry and exit on the bar its moment falls in, the last bar holding what follows it', () => {
    const markers = [
      marker('entry', START + 30_000),
      marker('exit', START + MINUTE),
      marker('entry', START + 2 * MINUTE + 59_999),
      marker('exit', START + 10 * MINUTE),
    ];
    const { placed, outside } = placeMarkers({ bars: bars(3), markers });
    expect(outside).toBe(0);
    expect(placed.map((place) => place.time)).toEqual(
      [START, START + MINUTE, START + 2 * MINUTE, START + 2 * MINUTE].map((ms) => ms / 1000),
    );
  });

  it('leaves out the markers before the first price, and all of them with no price', () => {
    const markers = [marker('entry', START - 1), marker('exit', START)];
    expect(placeMarkers({ bars: bars(2), markers }).outside).toBe(1);
    expect(placeMarkers({ bars: bars(0), markers })).toEqual({ placed: [], outside: 2 });
  });
});

describe('tradePriceLine', () => {
  it('joins the trades’ prices, one point a second', () => {
    expect(
      tradePriceLine([
        marker('entry', START, 2000),
        marker('exit', START + 400, 2005),
        marker('entry', START + 5000, 1990),
      ]),
    ).toEqual([
      { time: START / 1000, value: 2005 },
      { time: START / 1000 + 5, value: 1990 },
    ]);
  });
});

describe('markerCounts and equityLine', () => {
  it('counts entries and exits, and draws equity a point a second', () => {
    expect(markerCounts([marker('entry', START), marker('exit', START), marker('entry', START)])).toEqual({
      entries: 2,
      exits: 1,
    });
    const equity = { time: [START, START + 200, START + 1000], balance: [1, 2, 3], equity: [4, 5, 6] };
    expect(equityLine({ equity }, 'equity')).toEqual([
      { time: START / 1000, value: 5 },
      { time: START / 1000 + 1, value: 6 },
    ]);
  });
});

describe('groupMarkers', () => {
  it('draws the alike markers of a bar as one with their number, in the bars’ order', () => {
    const exit = marker('exit', START);
    const stop = { ...marker('exit', START), reason: 'stop' as const };
    const open = marker('entry', START + MINUTE);
    const closedEntry = { ...marker('entry', START), transactionId: 't1' };
    const placed = [
      { marker: closedEntry, time: 1 },
      { marker: exit, time: 1 },
      { marker: { ...closedEntry, transactionId: 't2' }, time: 1 },
      { marker: exit, time: 1 },
      { marker: stop, time: 1 },
      { marker: open, time: 2 },
    ];
    expect(
      groupMarkers(placed).map(({ marker: { kind, reason, transactionId }, time, count }) => [
        kind,
        reason,
        transactionId,
        time,
        count,
      ]),
    ).toEqual([
      ['entry', null, 't1', 1, 2],
      ['exit', 'take-profit', null, 1, 2],
      ['exit', 'stop', null, 1, 1],
      ['entry', null, null, 2, 1],
    ]);
  });
});
