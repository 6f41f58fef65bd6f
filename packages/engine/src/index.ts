export * from './bars';
export * from './fx';
export * from './grid/params';
export * from './grid/requirement';
export * from './grid/prepared-bars';
export * from './grid/run-grid';
export * from './analysis/analyse-market';
export * from './grid/sweep';
