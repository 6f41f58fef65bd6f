// The page buttons of the data table (product-spec.md section 9): every page when there are
// five or fewer, otherwise the first, the last and the current page's neighbours, with ellipses.

export type PageStripItem = number | 'ellipsis-start' | 'ellipsis-end';

export function pageStrip(current: number, pageCount: number): PageStripItem[] {
  if (pageCount <= 5) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const middle = [current - 1, current, current + 1].filter((page) => page > 1 && page < pageCount);
  const items: PageStripItem[] = [1];
  if ((middle[0] ?? pageCount) > 2) items.push('ellipsis-start');
  items.push(...middle);
  if ((middle.at(-1) ?? 1) < pageCount - 1) items.push('ellipsis-end');
  items.push(pageCount);
  return items;
}

/** 'from-to di total', with 0-0 di 0 for an empty table. */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0-0 di 0';
  const from = (page - 1) * pageSize + 1;
  return `${from}-${Math.min(page * pageSize, total)} di ${total}`;
}
