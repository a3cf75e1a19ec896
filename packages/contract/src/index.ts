export * from './errors.ts';
export * from './me.ts';
export * from './calls.ts';
export * from './analytics.ts';
export * from './admin.ts';
export * from './route.ts';
export * from './routes/index.ts';
export * from './routes/auth.ts';
