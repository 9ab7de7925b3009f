export * from './access';
export * from './system';
