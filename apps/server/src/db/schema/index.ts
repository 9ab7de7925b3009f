export * from './access';
export * from './system';
export * from './planning';
export * from './commodity';
export * from './dictionary';
export * from './price-template';
export * from './procurement';
