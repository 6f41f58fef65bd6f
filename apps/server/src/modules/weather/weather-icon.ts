// weatherapi.com condition codes (its conditions list) to our own small icon set, so the browser
// shows drawn icons instead of loading images from a third party.
import type { WeatherIcon } from '@platform/contracts';

const THUNDER = new Set([1087, 1273, 1276, 1279, 1282]);
const FOG = new Set([1030, 1135, 1147]);
/** Snow, sleet, blizzards and ice pellets. */
const SNOW = new Set([
  1066, 1069, 1114, 1117, 1204, 1207, 1210, 1213, 1216, 1219, 1222, 1225, 1237, 1249, 1252, 1255, 1258, 1261,
  1264,
]);

export function weatherIcon(code: number): WeatherIcon {
  if (code === 1000) return 'clear';
  if (code === 1003) return 'partly-cloudy';
  if (code === 1006 || code === 1009) return 'cloudy';
  if (FOG.has(code)) return 'fog';
  if (THUNDER.has(code)) return 'thunder';
  if (SNOW.has(code)) return 'snow';
  // Every other code is some drizzle, rain or shower.
  return 'rain';
}
