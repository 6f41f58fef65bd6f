import { describe, expect, it } from 'vitest';
import { weatherQuery } from './api/get-weather';
import { dayLabel, formatTemperature } from './weather-display';

describe('weather display', () => {
  it('labels the three days of the forecast Oggi, Domani, Dopodomani', () => {
    expect([0, 1, 2].map(dayLabel)).toEqual(['Oggi', 'Domani', 'Dopodomani']);
  });

  it('writes whole degrees and no negative zero', () => {
    expect(formatTemperature(16.4)).toBe('16°');
    expect(formatTemperature(-3.6)).toBe('-4°');
    expect(formatTemperature(-0.2)).toBe('0°');
  });

  it('asks for the position with four decimals', () => {
    expect(weatherQuery({ latitude: 45.464211, longitude: -9.19 })).toBe('45.4642,-9.1900');
  });
});
