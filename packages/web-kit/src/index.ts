export * from './api-client';
export * from './query-client';
