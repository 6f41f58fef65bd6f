import './validation';

export * from './envelope';
export * from './constants';
export * from './enums';
export * from './messages';
export * from './settings-messages';
export * from './validation';
export * from './http/auth';
export * from './http/health';
export * from './http/logs';
export * from './sa-code';
export * from './http/users';
export * from './http/algorithms';
export * from './http/accounts';
export * from './http/investments';
export * from './http/transactions';
export * from './http/instruments';
