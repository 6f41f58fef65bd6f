// Fixed price shapes for the drawings of the public site: illustrations, not market data.

export const ILLUSTRATION_SERIES = {
  GOLD: [62, 60, 63, 61, 66, 65, 69, 67, 71, 70, 74, 73, 77, 80, 78, 83],
  NASDAQ: [40, 44, 42, 47, 45, 50, 48, 46, 52, 55, 53, 58, 56, 61, 64, 63],
  EURUSD: [50, 48, 51, 49, 47, 50, 52, 51, 49, 53, 55, 54, 57, 55, 58, 60],
  EQUITY: [10, 12, 11, 15, 14, 18, 21, 19, 24, 27, 25, 30, 34, 32, 37, 41, 39, 44, 48, 52],
} as const;
