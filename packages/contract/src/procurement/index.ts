export * from './compare';
export * from './maintain-comparison';
export * from './supplier';
export * from './task';
export * from './vat';
export * from './vocabulary';
