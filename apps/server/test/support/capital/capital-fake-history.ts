// GET /history/activity at the Capital.com fake (spec/capital-api.md section 8): the account's
// rows in a time window, by deal id and by a FIQL filter, oldest first.
import { type FakeActivity, type Reply, activityJson, ok, refuse } from './capital-fake-shapes';

/**
 * `from` (and `to`, now unless given; `YYYY-MM-DDTHH:MM:SS` UTC, at most a day apart) or else
 * lastPeriod in seconds (default 600, at most a day); `dealId`; `detailed=true` for the details;
 * and a FIQL filter of `key==value` terms joined by `;` over the row's fields.
 */
export function activityAnswer(
  activities: readonly FakeActivity[],
  query: URLSearchParams,
  now: number,
): Reply {
  const window = activityWindow(query, now);
  if ('errorCode' in window) return refuse(400, window.errorCode);
  const detailed = query.get('detailed') === 'true';
  const dealId = query.get('dealId');
  const terms = (query.get('filter') ?? '')
    .split(';')
    .filter(Boolean)
    .map((term) => term.split('=='));
  const rows = activities
    .filter((activity) => activity.at >= window.since && activity.at <= window.until)
    .filter((activity) => dealId === null || activity.dealId === dealId)
    .map((activity) => activityJson(activity, detailed))
    .filter((row) =>
      terms.every(([key, value]) => String((row as Record<string, unknown>)[key ?? '']) === value),
    );
  return ok({ activities: rows });
}

function activityWindow(
  query: URLSearchParams,
  now: number,
): { since: number; until: number } | { errorCode: string } {
  const from = query.get('from');
  if (from !== null) {
    const since = Date.parse(`${from}Z`);
    const to = query.get('to');
    const until = to === null ? now : Date.parse(`${to}Z`);
    if (Number.isNaN(since)) return { errorCode: 'error.invalid.from' };
    if (Number.isNaN(until)) return { errorCode: 'error.invalid.to' };
    // Invented code: the spec says only that from and to lie at most a day apart.
    if (until - since > 86_400_000 || until < since) return { errorCode: 'error.invalid.daterange' };
    return { since, until };
  }
  // Invented code, kept from the fake's first version: the spec documents none for lastPeriod.
  const lastPeriod = Number(query.get('lastPeriod') ?? 600);
  if (!Number.isFinite(lastPeriod) || lastPeriod <= 0 || lastPeriod > 86_400) {
    return { errorCode: 'error.invalid.lastPeriod' };
  }
  return { since: now - lastPeriod * 1000, until: now };
}
