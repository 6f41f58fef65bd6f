// A live price card of the overview (product-spec.md section 2, Overview): the market's recent
// candles (one per bar of the feed) with TradingView's lightweight-charts, polled every second.
// The chart is made once; each poll only updates the growing candle and appends new ones (see
// candle-updates.ts), so the chart neither flickers nor loses the user's crosshair. Colours follow
// the theme; times are the user's local time, like the clock in the top bar, with seconds only
// where a replay faster than real time starts bars within a minute.
import {
  CandlestickSeries,
  createChart,
  TickMarkType,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect } from 'react';
import type { LiveCandle, Market } from '@platform/contracts';
import '../../../components/components.css';
import { formatHourMinute, formatTime } from '../../../lib/format';
import { CHART_BASE_OPTIONS } from './chart-theme';
import { useCardChart } from './use-card-chart';
import { useLivePrices } from '../api/get-live-prices';
import { nextCandleStep, type ShownCandles } from '../candle-updates';

const priceFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatPrice = (price: number) => priceFormat.format(price);

const dayMonthFormat = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short' });
const dayFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit' });
/** The series holds UTCTimestamps only. */
const toDate = (time: Time) => new Date((time as UTCTimestamp) * 1000);

/** The crosshair's label, e.g. 25/11 09:26. */
const formatCandleTime = (time: Time) => {
  const date = toDate(time);
  return `${dayFormat.format(date)} ${date.getSeconds() === 0 ? formatHourMinute(date) : formatTime(date)}`;
};

const formatTickMark = (time: Time, type: TickMarkType) => {
  switch (type) {
    case TickMarkType.Year:
    case TickMarkType.Month:
    case TickMarkType.DayOfMonth:
      return dayMonthFormat.format(toDate(time));
    case TickMarkType.Time:
      return formatHourMinute(toDate(time));
    case TickMarkType.TimeWithSeconds:
      return formatTime(toDate(time));
  }
};

const toBar = (candle: LiveCandle): CandlestickData => ({ ...candle, time: candle.time as UTCTimestamp });

const NO_CANDLES: LiveCandle[] = [];

interface LiveChart {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  /** What the series shows, so that a poll only sends what changed; none on a new chart. */
  shown: ShownCandles | null;
}

function makeLiveChart(container: HTMLElement): LiveChart {
  const chart = createChart(container, {
    ...CHART_BASE_OPTIONS,
    localization: {
      locale: 'it-IT',
      priceFormatter: formatPrice,
      timeFormatter: formatCandleTime,
    },
    timeScale: {
      timeVisible: true,
      secondsVisible: true,
      borderVisible: false,
      tickMarkFormatter: formatTickMark,
    },
  });
  const series = chart.addSeries(CandlestickSeries, { borderVisible: false });
  return { chart, series, shown: null };
}

const candleColours = (palette: { rise: string; fall: string }) => ({
  upColor: palette.rise,
  downColor: palette.fall,
  wickUpColor: palette.rise,
  wickDownColor: palette.fall,
});

export function LivePriceChart({ market, symbol }: { market: Market; symbol: string }) {
  const { containerRef, chartRef } = useCardChart(makeLiveChart, candleColours);
  const candles = useLivePrices(market).data?.candles ?? NO_CANDLES;
  const last = candles.at(-1);
  const titleId = `live-price-chart-${market}`;

  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    const step = nextCandleStep(current.shown, candles);
    if (step.kind === 'replace') {
      current.series.setData(step.candles.map(toBar));
      current.chart.timeScale().fitContent();
    } else {
      for (const candle of step.candles) current.series.update(toBar(candle));
    }
    current.shown = step.shown;
  }, [chartRef, candles]);

  const direction = last && last.close < last.open ? 'down' : 'up';
  return (
    <section className="card overview-card" aria-labelledby={titleId}>
      <div className="live-price-chart__header">
        <h2 id={titleId} className="overview-card__title">
          {symbol}
        </h2>
        {last && (
          <p className={`live-price-chart__price live-price-chart__price--${direction}`}>
            {formatPrice(last.close)}
          </p>
        )}
      </div>
      <div className="live-price-chart">
        <div ref={containerRef} className="live-price-chart__canvas" />
        {/* The picture's name on a layer of its own over the chart: the chart holds the library's
            attribution link, which a role="img" would make unreachable (axe: nested-interactive). */}
        <div
          className="chart-label"
          role="img"
          aria-label={
            last
              ? `Grafico a candele di ${symbol}, ultimo prezzo ${formatPrice(last.close)}`
              : `Grafico a candele di ${symbol}: in attesa dei prezzi`
          }
        />
        {!last && <p className="live-price-chart__empty">In attesa dei prezzi…</p>}
      </div>
    </section>
  );
}
