// GET /api/weather against a loopback stand-in for weatherapi.com that answers the documented
// forecast.json shape, a refusal, or nothing useful; and without an API key at all.
import { WEATHER_MESSAGES, requestOf, type WeatherForecast } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from './support/test-app';

/** A trimmed real answer of forecast.json (lang=it, days=3), with fields the proxy must drop. */
const FORECAST = {
  location: {
    name: 'Milano',
    region: 'Lombardia',
    country: 'Italia',
    lat: 45.46,
    lon: 9.19,
    tz_id: 'Europe/Rome',
  },
  current: {
    temp_c: 14,
    condition: { text: 'Soleggiato', icon: '//cdn.weatherapi.com/weather/64x64/day/113.png', code: 1000 },
  },
  forecast: {
    forecastday: [
      {
        date: '2026-11-22',
        day: {
          maxtemp_c: 16.4,
          mintemp_c: 7.1,
          avghumidity: 70,
          condition: {
            text: 'Soleggiato',
            icon: '//cdn.weatherapi.com/weather/64x64/day/113.png',
            code: 1000,
          },
        },
        astro: {},
        hour: [],
      },
      {
        date: '2026-11-23',
        day: {
          maxtemp_c: 12.9,
          mintemp_c: 8.3,
          condition: {
            text: 'Pioggia moderata',
            icon: '//cdn.weatherapi.com/weather/64x64/day/302.png',
            code: 1189,
          },
        },
        astro: {},
        hour: [],
      },
      {
        date: '2026-11-24',
        day: {
          maxtemp_c: 9.5,
          mintemp_c: 2,
          condition: {
            text: 'Neve leggera',
            icon: '//cdn.weatherapi.com/weather/64x64/day/326.png',
            code: 1213,
          },
        },
        astro: {},
        hour: [],
      },
    ],
  },
};

interface Upstream {
  url: string;
  requests: URL[];
  answer: { status: number; body: unknown };
}

async function startUpstream(): Promise<Upstream> {
  const upstream = { url: '', requests: [] as URL[], answer: { status: 200, body: FORECAST as unknown } };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    upstream.requests.push(new URL(request.url ?? '/', 'http://upstream.test'));
    response.writeHead(upstream.answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(upstream.answer.body));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  onTestFinished(() => new Promise<void>((closed) => server.close(() => closed())));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return upstream;
}

/** The app's log lines, as pino writes them. */
function capturedLog() {
  const lines: { msg: string; level: number }[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => lines.push(JSON.parse(line) as { msg: string; level: number }) },
  );
  return { logger, lines };
}

describe('weather proxy', () => {
  it('answers the city and three days of forecast, asking weatherapi.com in Italian for three days', async () => {
    const upstream = await startUpstream();
    const testApp = await createTestApp({ weather: { apiKey: 'test-key', baseUrl: upstream.url } });
    const { status, body } = await testApp.call<WeatherForecast>({
      ...requestOf(API.weather.forecast, undefined, { q: '45.4642,9.19' }),
    });

    expect(status).toBe(200);
    expect(body.data).toEqual({
      city: 'Milano',
      days: [
        { date: '2026-11-22', condition: 'Soleggiato', icon: 'clear', minTemp: 7.1, maxTemp: 16.4 },
        { date: '2026-11-23', condition: 'Pioggia moderata', icon: 'rain', minTemp: 8.3, maxTemp: 12.9 },
        { date: '2026-11-24', condition: 'Neve leggera', icon: 'snow', minTemp: 2, maxTemp: 9.5 },
      ],
    });
    const [asked] = upstream.requests;
    expect(asked?.pathname).toBe('/v1/forecast.json');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      key: 'test-key',
      q: '45.4642,9.19',
      lang: 'it',
      days: '3',
    });
  });

  it('says the weather is not available, and logs why, when weatherapi.com refuses', async () => {
    const upstream = await startUpstream();
    upstream.answer = { status: 403, body: { error: { code: 2008, message: 'API key has been disabled.' } } };
    const log = capturedLog();
    const testApp = await createTestApp({
      weather: { apiKey: 'disabled-key', baseUrl: upstream.url },
      logger: log.logger,
    });
    const { status, body } = await testApp.call({
      ...requestOf(API.weather.forecast, undefined, { q: '45.46,9.19' }),
    });

    expect(status).toBe(503);
    expect(body).toEqual({ ok: false, error: WEATHER_MESSAGES.unavailable });
    const line = log.lines.find((entry) => entry.msg === 'weather forecast failed');
    expect(JSON.stringify(line)).toContain('403');
  });

  it('says the weather is not available when the answer is not a forecast', async () => {
    const upstream = await startUpstream();
    upstream.answer = { status: 200, body: { location: { name: 'Milano' } } };
    const testApp = await createTestApp({ weather: { apiKey: 'test-key', baseUrl: upstream.url } });
    const { status, body } = await testApp.call({
      ...requestOf(API.weather.forecast, undefined, { q: '45.46,9.19' }),
    });
    expect(status).toBe(503);
    expect(body.error).toBe(WEATHER_MESSAGES.unavailable);
  });

  it('does not call weatherapi.com without an API key, and logs that the key is missing', async () => {
    const upstream = await startUpstream();
    const log = capturedLog();
    const testApp = await createTestApp({ weather: { baseUrl: upstream.url }, logger: log.logger });
    const { status, body } = await testApp.call({
      ...requestOf(API.weather.forecast, undefined, { q: '45.46,9.19' }),
    });

    expect(status).toBe(503);
    expect(body).toEqual({ ok: false, error: WEATHER_MESSAGES.unavailable });
    expect(upstream.requests).toEqual([]);
    expect(log.lines.map((entry) => entry.msg)).toContain(
      'weather forecast asked for, but WEATHER_API_KEY is not set',
    );
  });

  it('refuses a missing or malformed position, or one out of range, without calling weatherapi.com', async () => {
    const upstream = await startUpstream();
    const testApp = await createTestApp({ weather: { apiKey: 'test-key', baseUrl: upstream.url } });
    for (const q of [undefined, '', 'Milano', '45.46', '45.46,9.19,3', '91,9', '45,-180.5', '1e2,3']) {
      const { status, body } = await testApp.call({ ...requestOf(API.weather.forecast, undefined, { q }) });
      expect(status, q).toBe(400);
      expect(body, q).toEqual({ ok: false, error: WEATHER_MESSAGES.badLocation });
    }
    expect(upstream.requests).toEqual([]);
    const edge = await testApp.call({ ...requestOf(API.weather.forecast, undefined, { q: '-90, 180' }) });
    expect(edge.status).toBe(200);
  });
});
