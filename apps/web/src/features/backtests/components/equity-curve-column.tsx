// The results table's last column (issue 36): one click opens the row's equity curve.
import { EQUITY_CURVE_MESSAGES, type BacktestResult } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { formatNumber } from '../../../lib/format';

const column = createColumnHelper<BacktestResult>();

export const equityCurveColumn = (onOpen: (result: BacktestResult) => void) =>
  column.display({
    id: 'equity-curve',
    header: 'Curva',
    cell: ({ row: { original: result } }) => (
      <button
        type="button"
        className="button button--ghost equity-curve__open"
        onClick={() => onOpen(result)}
        aria-label={
          `${EQUITY_CURVE_MESSAGES.open}: size ${formatNumber(result.size, 3)}, addizionale ${formatNumber(result.addizionale, 3)}, ` +
          `mediazione ${formatNumber(result.mediazione)}, target ${formatNumber(result.target)}`
        }
        title={EQUITY_CURVE_MESSAGES.open}
      >
        Curva
      </button>
    ),
  });
