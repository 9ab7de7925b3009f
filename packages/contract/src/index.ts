export * from './auth';
export * from './case';
export * from './common';
export * from './endpoint';
export * from './format';
export * from './menu';
export * from './result';
export * from './validation';
