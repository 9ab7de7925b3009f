export * from './api';
export * from './estimate';
export * from './units';
