export * from './access';
export * from './system';
export * from './planning';
export * from './commodity';
