// The access screen's weather (product-spec.md section 2): the city and today's condition from
// the visitor's position; a click opens the three-day forecast. Until a forecast arrives, or when
// none can, nothing is shown.
import type { WeatherForecast } from '@platform/contracts';
import { useId, useState } from 'react';
import { Dialog, DialogCloseActions } from '../../../components/dialog';
import { useWeather } from '../api/get-weather';
import { useGeolocation } from '../use-geolocation';
import { dayLabel, formatTemperature } from '../weather-display';
import { WeatherGlyph } from './weather-glyph';

export function WeatherWidget() {
  const position = useGeolocation();
  const weather = useWeather(position);
  const today = weather.data?.days[0];
  const [open, setOpen] = useState(false);
  if (!weather.data || !today) return null;
  return (
    <>
      <button
        type="button"
        className="weather-widget"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Meteo a ${weather.data.city}: ${today.condition}, ${formatTemperature(today.maxTemp)}. Apri le previsioni`}
      >
        <WeatherGlyph icon={today.icon} />
        <span className="weather-widget__text">
          <span className="weather-widget__city">{weather.data.city}</span>
          <span className="weather-widget__condition">{today.condition}</span>
        </span>
        <span className="weather-widget__temperature">{formatTemperature(today.maxTemp)}</span>
      </button>
      <ForecastDialog forecast={weather.data} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function ForecastDialog({
  forecast,
  open,
  onClose,
}: {
  forecast: WeatherForecast;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onCancel={onClose}
      onBackdropClick={onClose}
      labelledBy={titleId}
      className="weather-dialog"
    >
      <h2 id={titleId} className="dialog__title">
        Previsioni meteo · {forecast.city}
      </h2>
      <ul className="weather-dialog__days">
        {forecast.days.map((day, index) => (
          <li key={day.date} className="weather-dialog__day">
            <span className="weather-dialog__label">{dayLabel(index)}</span>
            <WeatherGlyph icon={day.icon} size={36} />
            <span className="weather-dialog__condition">{day.condition}</span>
            <span className="weather-dialog__temperatures">
              <span className="weather-dialog__max" aria-label={`massima ${formatTemperature(day.maxTemp)}`}>
                {formatTemperature(day.maxTemp)}
              </span>
              <span className="weather-dialog__min" aria-label={`minima ${formatTemperature(day.minTemp)}`}>
                {formatTemperature(day.minTemp)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <DialogCloseActions onClose={onClose} />
    </Dialog>
  );
}
