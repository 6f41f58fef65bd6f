// The forecast for the access screen's widget: three days at the visitor's position, reduced to
// city, condition, icon and temperatures. Without an API key, or when weatherapi.com fails, the
// answer is a plain "not available" and the reason goes to the log: the widget just stays empty.
import { WEATHER_MESSAGES, type WeatherForecast, type WeatherLocation } from '@platform/contracts';
import { AppError } from '../../lib/errors';
import { weatherIcon } from './weather-icon';
import type { ForecastProvider } from './weatherapi-client';

/** product-spec.md section 9: weather forecast 3 days. */
const FORECAST_DAYS = 3;

export interface WeatherLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const unavailable = () => new AppError(503, WEATHER_MESSAGES.unavailable);

export class WeatherService {
  constructor(
    private readonly provider: ForecastProvider,
    private readonly apiKey: string | undefined,
    private readonly log: WeatherLog,
  ) {}

  async forecast({ lat, lon }: WeatherLocation): Promise<WeatherForecast> {
    if (!this.apiKey) {
      this.log.warn({}, 'weather forecast asked for, but WEATHER_API_KEY is not set');
      throw unavailable();
    }
    let answer;
    try {
      answer = await this.provider.forecast({ apiKey: this.apiKey, lat, lon, days: FORECAST_DAYS });
    } catch (error) {
      this.log.warn({ err: error }, 'weather forecast failed');
      throw unavailable();
    }
    return {
      city: answer.location.name,
      days: answer.forecast.forecastday.slice(0, FORECAST_DAYS).map(({ date, day }) => ({
        date,
        condition: day.condition.text,
        icon: weatherIcon(day.condition.code),
        minTemp: day.mintemp_c,
        maxTemp: day.maxtemp_c,
      })),
    };
  }
}
