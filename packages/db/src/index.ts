export * from './client';
export * from './notifications';
export * from './schema';
export * from './seed';
export * from './demo-seed';
