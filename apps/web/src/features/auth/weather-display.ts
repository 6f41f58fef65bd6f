// How the weather widget names the days and writes temperatures (product-spec.md section 2).

const DAY_LABELS = ['Oggi', 'Domani', 'Dopodomani'] as const;

/** The forecast starts today at the visitor's place: the nth day gets the nth label. */
export const dayLabel = (index: number): string => DAY_LABELS[index] ?? '';

/** Whole degrees Celsius, e.g. 16°; never '-0°'. */
export const formatTemperature = (celsius: number): string => `${Math.round(celsius) || 0}°`;
