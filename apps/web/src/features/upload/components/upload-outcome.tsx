// What the server says it stored (DESIGN.md section 6): rows imported and rejected with the first
// reasons, the span of the bars and the gaps longer than a weekend.
import { UPLOAD_MESSAGES, type UploadResult } from '@platform/contracts';
import { formatDateTime, formatNumber } from '../../../lib/format';

const SHOWN_GAPS = 3;

export function UploadOutcome({ result }: { result: UploadResult }) {
  return (
    <div className="upload-outcome" role="status">
      <p className="upload-outcome__title">{UPLOAD_MESSAGES.successShort}</p>
      <dl className="upload-outcome__facts">
        <dt>Mercato</dt>
        <dd>
          {result.market} · {result.timeframe} · formato {result.format}
        </dd>
        <dt>Righe importate</dt>
        <dd>{formatNumber(result.imported, 0)}</dd>
        <dt>Righe scartate</dt>
        <dd>{formatNumber(result.rejected, 0)}</dd>
        <dt>Dal / al</dt>
        <dd>
          {formatDateTime(result.first)} – {formatDateTime(result.last)}
        </dd>
        <dt>Buchi</dt>
        <dd>{result.gaps.length === 0 ? 'nessuno' : formatNumber(result.gaps.length, 0)}</dd>
      </dl>
      {result.rejectedSamples.length > 0 && (
        <ul className="upload-outcome__list" aria-label="Prime righe scartate">
          {result.rejectedSamples.map((sample) => (
            <li key={sample.line}>
              riga {sample.line}: {sample.reason}
            </li>
          ))}
        </ul>
      )}
      {result.gaps.length > 0 && (
        <ul className="upload-outcome__list" aria-label="Primi buchi">
          {result.gaps.slice(0, SHOWN_GAPS).map((gap) => (
            <li key={gap.from}>
              {formatDateTime(gap.from)} – {formatDateTime(gap.to)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
