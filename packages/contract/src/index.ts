export * from './errors';
export * from './auth';
export * from './flags';
export * from './tenants';
export * from './health';
export * from './routes';
export * from './insights';
export * from './web-routes';
