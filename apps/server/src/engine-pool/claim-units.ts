// How a sweep's decision groups are split into the units the engine threads claim one at a time.
// Groups run together take turns over the same windows of bars, which stay in the processor's
// cache for all of them: a group run among few others costs up to twice what it costs among many
// (README, speed). So the first units, one per thread, hold nine tenths of the estimated work, the
// groups dealt out to them alternately (costliest first, as decisionGroups orders them) so that
// they weigh the same. The cheap rest comes in ever smaller units (each 1/threads of the work
// left, four groups at least), which let the threads finish together even when the estimates are
// off or one thread runs slower than the other (over the whole span, one big unit takes up to a
// tenth longer than the other).

/** The share of the estimated work left to the small units that even the threads out. */
const TAIL = 0.1;
/** Fewer groups than this at a time lose what their turns over the same windows of bars save. */
const MIN_GROUPS_PER_UNIT = 4;

/** Indexes into `costs` (each group's estimated work, costliest first), unit by unit, in claiming order. */
export function claimUnits(costs: readonly number[], threads: number): number[][] {
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  const units: number[][] = Array.from({ length: threads }, () => []);
  let group = 0;
  let done = 0;
  // Dealt out back and forth (0, 1, 1, 0, 0, 1, …), so that no unit always gets the costlier group.
  for (; group < costs.length && done + (costs[group] as number) <= (1 - TAIL) * total; group++) {
    const round = Math.floor(group / threads);
    const place = group % threads;
    (units[round % 2 === 0 ? place : threads - 1 - place] as number[]).push(group);
    done += costs[group] as number;
  }
  while (group < costs.length) {
    const goal = (total - done) / threads;
    const unit: number[] = [];
    let work = 0;
    while (group < costs.length && (unit.length < MIN_GROUPS_PER_UNIT || work < goal)) {
      unit.push(group);
      work += costs[group] as number;
      group++;
    }
    units.push(unit);
    done += work;
  }
  return units.filter((unit) => unit.length > 0);
}
