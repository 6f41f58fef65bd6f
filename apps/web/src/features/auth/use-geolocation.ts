// The visitor's position for the weather widget, asked once. An unsupported API, a refusal or a
// timeout is only logged (product-spec.md section 8, Weather): the widget then stays empty.
import { useEffect, useState } from 'react';
import type { Position } from './api/get-weather';

/** A position from the last ten minutes is as good as a new one for the weather. */
const OPTIONS: PositionOptions = { maximumAge: 10 * 60_000, timeout: 15_000 };

export function useGeolocation(): Position | null {
  const [position, setPosition] = useState<Position | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      console.warn('Geolocalizzazione non supportata dal browser: il meteo non viene mostrato.');
      return;
    }
    let active = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (active) setPosition({ latitude: coords.latitude, longitude: coords.longitude });
      },
      (error) => console.warn(`Posizione non disponibile per il meteo: ${error.message}`),
      OPTIONS,
    );
    return () => {
      active = false;
    };
  }, []);
  return position;
}
