export * from './access';
export * from './system';
export * from './commodity';
