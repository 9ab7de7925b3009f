export * from './api';
export * from './estimate';
