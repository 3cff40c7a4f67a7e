export * from './admin.js';
export * from './analytics.js';
export * from './errors.js';
export * from './health.js';
export * from './money.js';
export * from './remotes.js';
export * from './seo.js';
export * from './site.js';
