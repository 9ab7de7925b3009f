export * from './compare';
export * from './supplier';
export * from './task';
export * from './vat';
