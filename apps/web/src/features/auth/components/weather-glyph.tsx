// The weather icons, one per kind the server picks from the forecast's condition code; auth.css
// colours their parts (the sun, the cloud, what falls from it).
import type { WeatherIcon } from '@platform/contracts';
import {
  Cloud,
  CloudFog,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  Sun,
  type LucideIcon,
} from 'lucide-react';

const GLYPHS: Record<WeatherIcon, LucideIcon> = {
  clear: Sun,
  'partly-cloudy': CloudSun,
  cloudy: Cloud,
  fog: CloudFog,
  rain: CloudRain,
  snow: CloudSnow,
  thunder: CloudLightning,
};

/** Decorative: the condition text beside it says the same in words. */
export function WeatherGlyph({ icon, size = 28 }: { icon: WeatherIcon; size?: number }) {
  const Glyph = GLYPHS[icon];
  return (
    <Glyph
      className={`weather-glyph weather-glyph--${icon}`}
      size={size}
      strokeWidth={1.6}
      aria-hidden="true"
    />
  );
}
