// What the benchmarks use of the API outside Nest, published as `api/testing`: the data source
// options and entities, the analytics report service, the fill statement of the analytics
// counters, and the synthetic visitors the demo seed also draws from. Built to
// dist/testing.js with its types.
import 'reflect-metadata';

export { ENTITIES } from './app.entities.js';
export { dataSourceOptions } from './database/data-source-options.js';
export { fillAnalyticsCounters } from './modules/analytics/analytics-counters-fill.js';
export { seededRandom } from './demo/demo-data.js';
export {
  SyntheticVisitors,
  type Purchase,
  type SyntheticEvent,
  type SyntheticVisit,
  type SyntheticVisitorsOptions,
} from './demo/synthetic-visitors.js';
export { AnalyticsEventEntity } from './modules/analytics/analytics-event.entity.js';
export { AnalyticsReportService } from './modules/analytics/analytics-report.service.js';
export { DrinkOrderEntity } from './modules/drinks/drink-order.entity.js';
export { DrinkTabEntity } from './modules/drinks/drink-tab.entity.js';
export { FeastOrderEntity } from './modules/feast/feast-order.entity.js';
export { PartyOrderEntity } from './modules/tickets/party-order.entity.js';
