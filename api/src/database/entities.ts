import { AnalyticsEventEntity } from '../modules/analytics/analytics-event.entity.js';
import { HttpSessionEntity } from '../modules/auth/http-session.entity.js';
import { SiteSettingEntity } from '../modules/site/site-setting.entity.js';

/** Every entity of the API, registered once with the data source. */
export const ENTITIES = [SiteSettingEntity, HttpSessionEntity, AnalyticsEventEntity];
