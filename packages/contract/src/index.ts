export * from './errors.ts';
export * from './me.ts';
