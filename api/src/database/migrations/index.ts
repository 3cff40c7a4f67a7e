import { SiteSettings1761000000000 } from './1761000000000-site-settings.js';

/** Every migration, oldest first. Never rewrite one that has been committed: add a new one. */
export const MIGRATIONS = [SiteSettings1761000000000];
