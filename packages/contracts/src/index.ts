import './validation';

export * from './envelope';
export * from './constants';
export * from './enums';
export * from './messages';
export * from './validation';
export * from './http/auth';
export * from './http/health';
export * from './http/logs';
