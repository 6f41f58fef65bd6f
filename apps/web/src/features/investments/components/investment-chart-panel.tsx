// An investment's view (issue 36, point 2): its figures, one lightweight-charts chart in two panes
// sharing the time axis (the market's price bars with the bot's entries and exits as markers; the
// equity and the balance), then its open positions and its transactions. The answer is asked for
// again every 5 s: the chart is made once and only its data is replaced, so a fill shows as a new
// marker without the chart losing the user's zoom or crosshair.
import {
  INVESTMENT_CHART_MAX_TRANSACTIONS,
  INVESTMENT_CHART_MESSAGES,
  type ChartMarker,
  type InvestmentChart,
  type OpenPosition,
  type Transaction,
} from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import {
  createSeriesMarkers,
  LineSeries,
  LineType,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarkerBar,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { CHART_PALETTES, type ChartPalette } from '../../../components/charts/chart-palette';
import { ChartFigures, ChartFrame, ChartLegend } from '../../../components/charts/chart-panel';
import {
  addCandleSeries,
  candleData,
  createDialogChart,
  marketPriceFormat,
} from '../../../components/charts/dialog-chart';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDateTime, formatEuro, formatNumber } from '../../../lib/format';
import { useTheme, type Theme } from '../../../lib/theme';
import { useInvestmentChart } from '../api/get-investment-chart';
import {
  equityLine,
  groupMarkers,
  markerCounts,
  placeMarkers,
  toSeconds,
  tradePriceLine,
} from '../investment-chart-series';

const REASONS: Record<Transaction['reason'], string> = {
  'take-profit': 'Take profit',
  stop: 'Stop di sicurezza',
  close: 'Chiusura',
};

const isoOf = (ms: number) => new Date(ms).toISOString();

function markerStyle(
  marker: ChartMarker,
  palette: ChartPalette,
): Pick<SeriesMarkerBar<Time>, 'position' | 'shape' | 'color'> {
  if (marker.kind === 'entry')
    return marker.transactionId === null
      ? { position: 'belowBar', shape: 'circle', color: palette.open }
      : { position: 'belowBar', shape: 'arrowUp', color: palette.entry };
  const color =
    marker.reason === 'stop' ? palette.fall : marker.reason === 'close' ? palette.muted : palette.exit;
  return { position: 'aboveBar', shape: 'arrowDown', color };
}

interface DrawnChart {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  /** The trades' prices joined, when the server holds no bar for the period. */
  tradeLine: ISeriesApi<'Line'>;
  candleMarkers: ISeriesMarkersPluginApi<Time>;
  lineMarkers: ISeriesMarkersPluginApi<Time>;
  equity: ISeriesApi<'Line'>;
  balance: ISeriesApi<'Line'>;
  /** How many times the time axis holds: 0 before the first answer. */
  points: number;
}

function createDrawnChart(container: HTMLElement, theme: Theme): DrawnChart {
  const palette = CHART_PALETTES[theme];
  // The range stays as the user left it when the width changes: the data is replaced every 5 s.
  const chart = createDialogChart(container, theme, { keepRangeOnResize: false });
  const candles = addCandleSeries(chart, theme, { title: 'Prezzo' });
  const tradeLine = chart.addSeries(LineSeries, {
    color: palette.muted,
    lineWidth: 1,
    title: 'Prezzi delle operazioni',
  });
  const euro = { type: 'custom' as const, formatter: formatEuro, minMove: 0.01 };
  const equity = chart.addSeries(
    LineSeries,
    { color: palette.equity, lineWidth: 2, priceFormat: euro, title: 'Equity' },
    1,
  );
  const balance = chart.addSeries(
    LineSeries,
    {
      color: palette.balance,
      lineWidth: 2,
      lineType: LineType.WithSteps,
      priceFormat: euro,
      title: 'Balance',
    },
    1,
  );
  chart.panes()[0]?.setStretchFactor(2.2);
  return {
    chart,
    candles,
    tradeLine,
    candleMarkers: createSeriesMarkers(candles, []),
    lineMarkers: createSeriesMarkers(tradeLine, []),
    equity,
    balance,
    points: 0,
  };
}

/**
 * True when the whole period is in view (or nothing is drawn yet): the chart then keeps showing
 * all of it as bars arrive. A user who zoomed or moved it keeps what they chose.
 */
function seesEverything(drawn: DrawnChart): boolean {
  if (drawn.points === 0) return true;
  const range = drawn.chart.timeScale().getVisibleLogicalRange();
  return range === null || (range.from <= 0.5 && range.to >= drawn.points - 1.5);
}

function drawData(drawn: DrawnChart, data: InvestmentChart, theme: Theme): void {
  const palette = CHART_PALETTES[theme];
  const fit = seesEverything(drawn);
  const priceFormat = marketPriceFormat(data.market);
  drawn.candles.applyOptions({ priceFormat });
  drawn.tradeLine.applyOptions({ priceFormat });
  const { bars } = data;
  drawn.candles.setData(candleData(bars.time, bars));
  const noPrices = bars.time.length === 0;
  drawn.tradeLine.setData(
    noPrices
      ? tradePriceLine(data.markers).map(({ time, value }) => ({ time: time as UTCTimestamp, value }))
      : [],
  );
  const placed = noPrices
    ? data.markers.map((marker) => ({ marker, time: toSeconds(marker.time) }))
    : placeMarkers(data).placed;
  const markers = groupMarkers(placed).map(({ marker, time, count }): SeriesMarkerBar<Time> => ({
    time: time as UTCTimestamp,
    ...markerStyle(marker, palette),
    ...(count > 1 ? { text: String(count) } : {}),
  }));
  drawn.candleMarkers.setMarkers(noPrices ? [] : markers);
  drawn.lineMarkers.setMarkers(noPrices ? markers : []);
  const at = (points: { time: number; value: number }[]) =>
    points.map(({ time, value }) => ({ time: time as UTCTimestamp, value }));
  const equity = equityLine(data, 'equity');
  drawn.equity.setData(at(equity));
  drawn.balance.setData(at(equityLine(data, 'balance')));
  drawn.points = new Set([
    ...bars.time.map(toSeconds),
    ...placed.map(({ time }) => time),
    ...equity.map(({ time }) => time),
  ]).size;
  if (fit) drawn.chart.timeScale().fitContent();
}

function PriceChart({ data }: { data: InvestmentChart }) {
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const drawnRef = useRef<DrawnChart | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const drawn = createDrawnChart(container, theme);
    drawnRef.current = drawn;
    return () => {
      drawnRef.current = null;
      drawn.chart.remove();
    };
  }, [theme]);

  useEffect(() => {
    if (drawnRef.current) drawData(drawnRef.current, data, theme);
  }, [data, theme]);

  const { entries, exits } = markerCounts(data.markers);
  const { outside } = data.bars.time.length === 0 ? { outside: 0 } : placeMarkers(data);
  const first = data.equity.equity[0] ?? data.capital;
  const last = data.equity.equity.at(-1) ?? data.capital;
  const summary =
    `Prezzo di ${data.market} con ${entries} entrate e ${exits} uscite del bot` +
    (outside > 0 ? `, di cui ${outside} prima dei prezzi registrati` : '') +
    `; equity da ${formatEuro(first)} a ${formatEuro(last)}.`;
  return (
    <ChartFrame
      containerRef={containerRef}
      summary={summary}
      testId="investment-chart"
      data={{
        'data-entries': entries,
        'data-exits': exits,
        'data-shown': data.markers.length - outside,
        'data-bars': data.bars.time.length,
      }}
      chartClassName="investment-chart__chart"
    />
  );
}

function Legend({ theme }: { theme: Theme }) {
  const palette = CHART_PALETTES[theme];
  return (
    <ChartLegend
      className="investment-chart__legend"
      items={[
        { symbol: '▲', color: palette.entry, label: 'Entrata' },
        { symbol: '▼', color: palette.exit, label: 'Uscita (take profit)' },
        { symbol: '▼', color: palette.fall, label: 'Uscita (stop)' },
        { symbol: '●', color: palette.open, label: 'Posizione aperta' },
        { label: 'Equity', color: palette.equity },
        { label: 'Balance', color: palette.balance },
      ]}
      note="Il numero accanto a un segno: più operazioni nella stessa barra."
    />
  );
}

const money = (value: number | null) => (value === null ? '—' : formatEuro(value));
const signClass = (value: number | null) =>
  value === null || value === 0
    ? undefined
    : value > 0
      ? 'data-table__cell--positive'
      : 'data-table__cell--negative';

const positionColumn = createColumnHelper<OpenPosition>();
const positionColumns = (decimals: number) => [
  positionColumn.accessor('level', { header: 'Livello' }),
  positionColumn.accessor('lots', { header: 'Lotti', cell: ({ getValue }) => formatNumber(getValue()) }),
  positionColumn.accessor('price', {
    header: 'Prezzo',
    cell: ({ getValue }) => formatNumber(getValue(), decimals),
  }),
  positionColumn.accessor('openedAt', {
    header: 'Aperta il',
    cell: ({ getValue }) => formatDateTime(getValue()),
    meta: { phone: 'details' },
  }),
  positionColumn.accessor('profitLoss', {
    header: 'P/L',
    cell: ({ getValue }) => <span className={signClass(getValue())}>{money(getValue())}</span>,
  }),
];

const transactionColumn = createColumnHelper<Transaction>();
const transactionColumns = (decimals: number) => [
  transactionColumn.accessor('closedAt', {
    header: 'Chiusa il',
    cell: ({ getValue }) => formatDateTime(getValue()),
  }),
  transactionColumn.accessor('openedAt', {
    header: 'Aperta il',
    cell: ({ getValue }) => formatDateTime(getValue()),
    meta: { phone: 'details' },
  }),
  transactionColumn.accessor('reason', {
    header: 'Motivo',
    cell: ({ getValue }) => REASONS[getValue()],
    meta: { phone: 'details' },
  }),
  transactionColumn.accessor('lots', {
    header: 'Lotti',
    cell: ({ getValue }) => formatNumber(getValue()),
    meta: { phone: 'details' },
  }),
  transactionColumn.accessor('entryPrice', {
    header: 'Entrata',
    cell: ({ getValue }) => formatNumber(getValue(), decimals),
    meta: { phone: 'details' },
  }),
  transactionColumn.accessor('exitPrice', {
    header: 'Uscita',
    cell: ({ getValue }) => formatNumber(getValue(), decimals),
    meta: { phone: 'details' },
  }),
  transactionColumn.accessor('profitLoss', {
    header: 'P/L',
    cell: ({ getValue }) => <span className={signClass(getValue())}>{formatEuro(getValue())}</span>,
  }),
];

export function InvestmentChartPanel({ investmentId }: { investmentId: string }) {
  const theme = useTheme();
  const chart = useInvestmentChart(investmentId);
  if (chart.isPending)
    return (
      <div
        className="spinner investments-loading"
        role="status"
        aria-label={INVESTMENT_CHART_MESSAGES.loading}
      />
    );
  if (chart.isError && !chart.data)
    return (
      <p className="investments-error" role="alert">
        {chart.error.message || INVESTMENT_CHART_MESSAGES.error}
      </p>
    );
  const data = chart.data;
  const { precision: decimals } = marketPriceFormat(data.market);
  const outside = data.bars.time.length === 0 ? 0 : placeMarkers(data).outside;
  const figures: [string, string][] = [
    ['Mercato', data.market],
    ['Capitale', formatEuro(data.capital)],
    ['Profitto chiuso', formatEuro(data.profit)],
    ['P/L aperto', formatEuro(data.openPnl)],
    ['Equity', formatEuro(data.capital + data.profit + data.openPnl)],
    ['Ultimo prezzo', data.lastPrice === null ? '—' : formatNumber(data.lastPrice, decimals)],
    ['Transazioni', formatNumber(data.transactionCount, 0)],
  ];
  return (
    <>
      <ChartFigures figures={figures} className="investment-chart__figures" />
      <p className="muted-note chart-panel__note">
        Dal {formatDateTime(isoOf(data.from))} al {formatDateTime(isoOf(data.to))}; aggiornato ogni 5 secondi.
        {data.bars.time.length === 0 &&
          ' Il server non ha prezzi per il periodo: la linea unisce i prezzi delle operazioni.'}
        {outside > 0 &&
          ` ${outside} entrate o uscite precedono i prezzi registrati dal server: sono nelle tabelle, non sul grafico.`}
      </p>
      {chart.isError && (
        <p className="investments-error" role="alert">
          {chart.error.message || INVESTMENT_CHART_MESSAGES.error}
        </p>
      )}
      <PriceChart data={data} />
      <Legend theme={theme} />
      <section className="investment-chart__tables">
        <DataTable
          title="Posizioni aperte"
          data={data.openPositions}
          columns={positionColumns(decimals)}
          getRowId={(position) => position.id}
          pageSize={10}
          pageSizeOptions={[10, 20, 50]}
          height="16rem"
        />
        <DataTable
          title="Transazioni"
          data={data.transactions}
          columns={transactionColumns(decimals)}
          getRowId={(transaction) => transaction._id}
          pageSize={10}
          pageSizeOptions={[10, 20, 50]}
          height="24rem"
        />
        {data.transactionCount > data.transactions.length && (
          <p className="muted-note chart-panel__note">
            Le ultime {formatNumber(INVESTMENT_CHART_MAX_TRANSACTIONS, 0)} di{' '}
            {formatNumber(data.transactionCount, 0)} transazioni del periodo: l’esportazione CSV le contiene
            tutte.
          </p>
        )}
      </section>
    </>
  );
}
