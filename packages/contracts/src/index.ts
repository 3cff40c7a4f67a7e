export * from './admin.js';
export * from './campaign-footer.js';
export * from './campaigns.js';
export * from './errors.js';
export * from './health.js';
export * from './money.js';
export * from './remotes.js';
export * from './site.js';
