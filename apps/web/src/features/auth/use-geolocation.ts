// The visitor's position for the weather widget, asked for only when they tap 'Usa la mia
// posizione', never on load: a permission prompt nobody asked for costs trust, and Lighthouse
// marks it down (README, 'Security, and where it departs from the product spec'). An unsupported
// API, a refusal or a timeout is only logged (product-spec.md section 8, Weather).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Position } from './api/get-weather';

/** A position from the last ten minutes is as good as a new one for the weather. */
const OPTIONS: PositionOptions = { maximumAge: 10 * 60_000, timeout: 15_000 };

export interface Geolocation {
  /** The position the browser gave after a tap; null until then. */
  position: Position | null;
  /** Whether the browser can tell a position at all. */
  supported: boolean;
  /** Between the tap and the browser's answer. */
  locating: boolean;
  /** Asks the browser for the position. Call it from a tap only. */
  locate(): void;
}

export function useGeolocation(): Geolocation {
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  // An answer that arrives after the screen closed is dropped.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = useCallback(() => {
    if (!supported) {
      console.warn('Geolocalizzazione non supportata dal browser: il meteo resta quello predefinito.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!mounted.current) return;
        setPosition({ latitude: coords.latitude, longitude: coords.longitude });
        setLocating(false);
      },
      (error) => {
        console.warn(`Posizione non disponibile per il meteo: ${error.message}`);
        if (mounted.current) setLocating(false);
      },
      OPTIONS,
    );
  }, [supported]);

  return { position, supported, locating, locate };
}
