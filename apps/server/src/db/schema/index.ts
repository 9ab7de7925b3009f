export * from './access';
export * from './system';
export * from './dictionary';
export * from './price-template';
