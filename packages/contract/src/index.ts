export * from './errors.ts';
export * from './me.ts';
export * from './calls.ts';
export * from './call-list-filters.ts';
export * from './analytics.ts';
export * from './admin.ts';
