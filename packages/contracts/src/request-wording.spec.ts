import { z } from 'zod';
import * as contracts from './index.js';
import {
  activityQuerySchema,
  addGuestsRequestSchema,
  adminLoginRequestSchema,
  analyticsEventRequestSchema,
  analyticsEventsQuerySchema,
  campaignPreviewRequestSchema,
  checkInRequestSchema,
  closeDrinkTabRequestSchema,
  complimentaryDrinksRequestSchema,
  confirmDoorSaleRequestSchema,
  confirmDrinkPaymentRequestSchema,
  confirmDrinkTabSetupRequestSchema,
  confirmPaymentRequestSchema,
  createCampaignRequestSchema,
  createDeviceRequestSchema,
  createPromoCodeSchema,
  dashboardFilterSchema,
  doorSaleRequestSchema,
  doorSearchQuerySchema,
  drinkPaymentRequestSchema,
  drinksMenuOrderSchema,
  drinkTabRequestSchema,
  drinkTabTipRequestSchema,
  editGuestRequestSchema,
  eventSettingsSchema,
  feastOrderIntentSchema,
  feastPacksUpdateSchema,
  feastRefundRequestSchema,
  guestMealChangeSchema,
  keepCardRequestSchema,
  mealSettingsSchema,
  menuDrinkUpdateSchema,
  myTicketsLinkRequestSchema,
  myTicketsSessionRequestSchema,
  newMenuDrinkSchema,
  offlineCheckInsRequestSchema,
  partyContactSchema,
  partyOrderRequestSchema,
  partyQuoteRequestSchema,
  partyRefundRequestSchema,
  pickupRequestSchema,
  pickupSearchQuerySchema,
  policyUpdateRequestSchema,
  redeemDevicePassRequestSchema,
  resendConfirmationRequestSchema,
  restaurantSettingsSchema,
  sendTestCampaignRequestSchema,
  simulatedPaymentConfirmSchema,
  simulatedSetupConfirmSchema,
  staffResendRequestSchema,
  startSeasonRequestSchema,
  tabOrderRequestSchema,
  ticketSettingsSchema,
  ticketTabRequestSchema,
  ticketTokenRequestSchema,
  ticketTypesRequestSchema,
  updateBarOrderRequestSchema,
  updateDrinkStockRequestSchema,
  updatePromoCodeSchema,
  waitlistJoinRequestSchema,
  guestDataSettingsSchema,
  guestEmailQuerySchema,
  guestEraseRequestSchema,
  guestSearchQuerySchema,
} from './index.js';

/**
 * Every object the browsers and the staff pages send: the request bodies and query strings the
 * API validates, and the party page's contact form. A new exported schema must be listed here
 * or under NOT_SENT, and every field of the listed ones is checked below.
 */
const SENT_SCHEMAS = {
  closeDrinkTabRequestSchema,
  drinkTabTipRequestSchema,
  keepCardRequestSchema,
  ticketTabRequestSchema,
  ticketTokenRequestSchema,
  myTicketsLinkRequestSchema,
  myTicketsSessionRequestSchema,
  addGuestsRequestSchema,
  adminLoginRequestSchema,
  activityQuerySchema,
  analyticsEventRequestSchema,
  analyticsEventsQuerySchema,
  campaignPreviewRequestSchema,
  checkInRequestSchema,
  complimentaryDrinksRequestSchema,
  confirmDoorSaleRequestSchema,
  confirmDrinkPaymentRequestSchema,
  confirmDrinkTabSetupRequestSchema,
  confirmPaymentRequestSchema,
  createCampaignRequestSchema,
  createDeviceRequestSchema,
  createPromoCodeSchema,
  dashboardFilterSchema,
  doorSaleRequestSchema,
  doorSearchQuerySchema,
  drinkPaymentRequestSchema,
  drinksMenuOrderSchema,
  drinkTabRequestSchema,
  editGuestRequestSchema,
  eventSettingsSchema,
  feastOrderIntentSchema,
  feastPacksUpdateSchema,
  feastRefundRequestSchema,
  guestMealChangeSchema,
  mealSettingsSchema,
  menuDrinkUpdateSchema,
  newMenuDrinkSchema,
  offlineCheckInsRequestSchema,
  partyContactSchema,
  partyOrderRequestSchema,
  partyQuoteRequestSchema,
  partyRefundRequestSchema,
  pickupRequestSchema,
  pickupSearchQuerySchema,
  policyUpdateRequestSchema,
  redeemDevicePassRequestSchema,
  resendConfirmationRequestSchema,
  restaurantSettingsSchema,
  sendTestCampaignRequestSchema,
  simulatedPaymentConfirmSchema,
  simulatedSetupConfirmSchema,
  staffResendRequestSchema,
  startSeasonRequestSchema,
  tabOrderRequestSchema,
  ticketSettingsSchema,
  ticketTypesRequestSchema,
  waitlistJoinRequestSchema,
  updateBarOrderRequestSchema,
  updateDrinkStockRequestSchema,
  updatePromoCodeSchema,
  guestDataSettingsSchema,
  guestEmailQuerySchema,
  guestEraseRequestSchema,
  guestSearchQuerySchema,
} satisfies Record<string, z.ZodObject>;

/** The exported schemas that are not a request of their own, and why. */
const NOT_SENT: Record<string, string> = {
  adminCheckResponseSchema: 'a response',
  analyticsEventSchema: 'a response',
  analyticsEventsSummarySchema: 'a response',
  attributionRowSchema: 'a response',
  campaignProgressItemSchema: 'a response',
  campaignPreviewSchema: 'a response',
  campaignAudienceCountSchema: 'a response',
  campaignRecipientReportSchema: 'a response',
  campaignAudienceSchema: 'one field of createCampaignRequestSchema',
  guestAudienceSchema: 'a path parameter, one string',
  campaignProgressSchema: 'part of a response',
  campaignSchema: 'a response',
  campaignStatusSchema: 'part of a response',
  errorResponseSchema: 'a response',
  funnelEntrySchema: 'a response',
  healthResponseSchema: 'a response',
  livenessResponseSchema: 'a response',
  readinessResponseSchema: 'a response',
  sendTestCampaignResponseSchema: 'a response',
  unsubscribeResponseSchema: 'a response',
  siteConfigSchema: 'a response (GET /api/site), stored by the settings routes',
  clientIdSchema: 'one field of analyticsEventRequestSchema',
  drinkOrderItemSchema: 'the items of drinkPaymentRequestSchema and tabOrderRequestSchema',
  ticketItemSchema: 'the items of partyOrderRequestSchema and partyQuoteRequestSchema',
  ticketTypeInputSchema: 'the types of ticketTypesRequestSchema',
  offlineAdmissionSchema: 'the admissions of offlineCheckInsRequestSchema',
  pageSectionStatsSchema: 'part of pageSections in analyticsEventRequestSchema',
  pageSectionsSchema: 'one field of analyticsEventRequestSchema',
  recipientEmailSchema: 'the recipients of createCampaignRequestSchema',
  promoCodeTextSchema: 'one code of the PROMO_CODES setting',
  tipSchema: 'the tip of drinkPaymentRequestSchema, drinkTabTipRequestSchema and closeDrinkTabRequestSchema',
  partyGuestSchema: 'the guests of partyOrderRequestSchema (a staff change sends it as guestMealChangeSchema)',
  eventTypeSchema: 'a path parameter, one string',
  reportExportFormatSchema: 'a query parameter, one string',
  reportExportTableSchema: 'a path parameter, one string',
  guestDataSchema: 'a response (GET /api/admin/guests/data, and the Export file)',
  guestEraseResponseSchema: 'a response',
  guestSummarySchema: 'a response',
};

type OwnWords = Record<string, { missing?: string; wrongType?: string }>;

/**
 * Fields whose missing or wrongly typed value the product description words itself
 * (docs/product.md): they keep that text instead of the defaults. Each entry names its section.
 * Staff and door requests word none of their own; they answer with the defaults like the rest.
 */
const OWN_WORDS: Record<string, OwnWords> = {};

type Schema = z.core.$ZodType;

/** The schema a field's value is checked against, without optional, nullable, default or transform around it. */
function base(schema: Schema): Schema {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: Schema; in?: Schema };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return base(def.innerType!);
    case 'pipe':
      return base(def.in!);
    default:
      return schema;
  }
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** A value of another type than the field takes, and the message the defaults give it. */
function wrongValue(schema: Schema): { value: unknown; message: string } {
  const def = schema._zod.def as z.core.$ZodTypeDef & { coerce?: boolean; entries?: object; values?: unknown[] };
  const expecting = (expected: string, value: unknown) => ({ value, message: `Expected ${expected}, received ${typeOf(value)}` });
  switch (def.type) {
    case 'string':
      return expecting('string', 12345);
    case 'number':
      // A query's numbers arrive as text and are converted: text that is no number becomes NaN.
      return def.coerce ? { value: 'two', message: 'Expected number, received nan' } : expecting('number', 'two');
    case 'boolean':
      return expecting('boolean', 'yes');
    case 'array':
    case 'object':
    case 'record':
      return expecting(def.type, 'text');
    case 'enum':
    case 'literal': {
      const allowed = def.type === 'enum' ? Object.values(def.entries!) : def.values!;
      const types = [...new Set(allowed.map(typeOf))];
      return expecting(types.join(' | '), types.includes('string') ? 12345 : 'text');
    }
    default:
      throw new Error(`No wrongly typed value for a ${def.type} field: teach request-wording.spec.ts about it`);
  }
}

interface FieldCase {
  path: string;
  /** The request with the field left out, or undefined for an optional field. */
  missing?: unknown;
  wrongType: { input: unknown; message: string };
}

/**
 * Every field of an object schema, the fields of its nested objects and of the objects its lists
 * hold included: `wrap` puts a value for the field where it belongs in the request.
 */
function fieldCases(shape: Record<string, Schema>, prefix: string[], wrap: (inner: object) => unknown): FieldCase[] {
  return Object.entries(shape).flatMap(([key, field]) => {
    const path = [...prefix, key];
    const required = !z.safeParse(field, undefined).success;
    const inner = base(field);
    const wrong = wrongValue(inner);
    const own: FieldCase = {
      path: path.join('.'),
      missing: required ? wrap({}) : undefined,
      wrongType: { input: wrap({ [key]: wrong.value }), message: wrong.message },
    };
    const innerDef = inner._zod.def as z.core.$ZodTypeDef & { shape?: Record<string, Schema>; element?: Schema };
    if (innerDef.type === 'object') {
      return [own, ...fieldCases(innerDef.shape!, path, (value) => wrap({ [key]: value }))];
    }
    if (innerDef.type === 'array') {
      const element = base(innerDef.element!);
      const elementDef = element._zod.def as z.core.$ZodTypeDef & { shape?: Record<string, Schema> };
      if (elementDef.type === 'object') {
        return [own, ...fieldCases(elementDef.shape!, [...path, '0'], (value) => wrap({ [key]: [value] }))];
      }
      const wrongElement = wrongValue(element);
      const elementCase: FieldCase = {
        path: [...path, '0'].join('.'),
        wrongType: { input: wrap({ [key]: [wrongElement.value] }), message: wrongElement.message },
      };
      return [own, elementCase];
    }
    return [own];
  });
}

/** The messages of every zod issue on exactly `path`. */
function messagesAt(schema: Schema, input: unknown, path: string): string[] {
  const result = z.safeParse(schema, input);
  return result.success ? [] : result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

describe('the wording of a missing or wrongly typed field, in every request', () => {
  it('lists every exported schema either as sent or as not sent', () => {
    const exported = Object.entries(contracts)
      .filter(([name, value]) => name.endsWith('Schema') && value instanceof z.ZodType)
      .map(([name]) => name);
    const unlisted = exported.filter((name) => !(name in SENT_SCHEMAS) && !(name in NOT_SENT));
    expect(unlisted).toEqual([]);
    const requests = Object.keys(contracts).filter((name) => name.endsWith('RequestSchema'));
    expect(requests.filter((name) => !(name in SENT_SCHEMAS))).toEqual([]);
    expect(Object.keys(NOT_SENT).filter((name) => !exported.includes(name))).toEqual([]);
    for (const name of Object.keys(SENT_SCHEMAS)) expect(exported).toContain(name);
  });

  describe.each(Object.entries(SENT_SCHEMAS))('%s', (name, schema: z.ZodObject) => {
    const cases = fieldCases(schema.shape, [], (value) => value);
    const own = OWN_WORDS[name] ?? {};

    it('has fields to check', () => {
      expect(cases.length).toBeGreaterThan(0);
    });

    const required = cases.filter((c) => c.missing !== undefined).map((c) => [c.path, c] as const);
    if (required.length > 0) {
      it.each(required)('says Required when %s is missing', (path, c) => {
        expect(messagesAt(schema, c.missing, path)).toEqual([own[path]?.missing ?? 'Required']);
      });
    }

    it.each(cases.map((c) => [c.path, c] as const))('says Expected <type>, received <type> when %s has the wrong type', (path, c) => {
      expect(messagesAt(schema, c.wrongType.input, path)).toEqual([own[path]?.wrongType ?? c.wrongType.message]);
    });
  });

  it('checks the own words only of fields that exist', () => {
    for (const [name, fields] of Object.entries(OWN_WORDS)) {
      const schema = SENT_SCHEMAS[name as keyof typeof SENT_SCHEMAS];
      const paths = fieldCases(schema.shape, [], (value) => value).map((c) => c.path);
      expect(Object.keys(fields).filter((path) => !paths.includes(path))).toEqual([]);
    }
  });
});
