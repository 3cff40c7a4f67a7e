import { SiteSettings1761000000000 } from './1761000000000-site-settings.js';
import { HttpSessions1761000001000 } from './1761000001000-http-sessions.js';
import { Campaigns1761000300000 } from './1761000300000-campaigns.js';

/** Every migration, oldest first. Never rewrite one that has been committed: add a new one. */
export const MIGRATIONS = [SiteSettings1761000000000, HttpSessions1761000001000, Campaigns1761000300000];
