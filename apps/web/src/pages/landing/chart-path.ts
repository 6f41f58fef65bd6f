// SVG path data for the drawn charts of the public site (hero sparklines, platform mock-up):
// our own images, so nothing is loaded from elsewhere.

/** A polyline through values spread evenly over width, the highest at the top (y = pad). */
export function linePath(values: readonly number[], width: number, height: number, pad = 2): string {
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const stepX = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const x = index * stepX;
      const y = pad + (1 - (value - min) / span) * (height - 2 * pad);
      return `${index === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`;
    })
    .join(' ');
}

/** The line closed down to the bottom edge, for a gradient fill under it. */
export function areaPath(values: readonly number[], width: number, height: number, pad = 2): string {
  const line = linePath(values, width, height, pad);
  return line ? `${line} L${width} ${height} L0 ${height} Z` : '';
}

const round = (value: number) => Math.round(value * 10) / 10;
