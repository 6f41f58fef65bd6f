import { describe, expect, it } from 'vitest';
import { weatherIcon } from './weather-icon';

describe('weather icon', () => {
  it('draws each family of weatherapi.com condition codes with its own icon', () => {
    expect(weatherIcon(1000)).toBe('clear');
    expect(weatherIcon(1003)).toBe('partly-cloudy');
    expect([1006, 1009].map(weatherIcon)).toEqual(['cloudy', 'cloudy']);
    expect([1030, 1135, 1147].map(weatherIcon)).toEqual(['fog', 'fog', 'fog']);
    expect([1087, 1276, 1282].map(weatherIcon)).toEqual(['thunder', 'thunder', 'thunder']);
    expect([1066, 1117, 1213, 1237, 1264].map(weatherIcon)).toEqual(['snow', 'snow', 'snow', 'snow', 'snow']);
    expect([1063, 1153, 1189, 1246].map(weatherIcon)).toEqual(['rain', 'rain', 'rain', 'rain']);
  });
});
