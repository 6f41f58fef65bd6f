export * from './client';
export * from './schema';
export * from './seed';
export * from './demo-seed';
