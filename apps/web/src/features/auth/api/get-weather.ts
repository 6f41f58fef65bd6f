// The forecast for the weather widget, through the server's proxy of weatherapi.com. Failures
// are only logged (product-spec.md section 8, Weather): the widget stays empty.
import { WEATHER_API, WEATHER_MESSAGES } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export interface Position {
  latitude: number;
  longitude: number;
}

/** Four decimals (about 10 m) are plenty for a city's weather and keep the query short. */
export const weatherQuery = ({ latitude, longitude }: Position) =>
  `${latitude.toFixed(4)},${longitude.toFixed(4)}`;

export async function getWeather(position: Position) {
  try {
    return await callApi(WEATHER_API.forecast, { query: { q: weatherQuery(position) }, auth: 'none' });
  } catch (error) {
    console.error(new Error(WEATHER_MESSAGES.requestFailed, { cause: error }));
    throw error;
  }
}

export const useWeather = (position: Position | null) =>
  useQuery({
    queryKey: ['weather', position && weatherQuery(position)],
    queryFn: () => getWeather(position as Position),
    enabled: position !== null,
    retry: false,
    staleTime: 30 * 60_000,
  });
