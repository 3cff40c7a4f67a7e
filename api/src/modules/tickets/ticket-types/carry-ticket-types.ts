import type { EntityManager } from 'typeorm';
import { TicketTypeEntity } from './ticket-type.entity.js';

/**
 * Writes the ticket types the next season starts with, inside the season start's transaction:
 * the ending season's types (built-in ones included) with their names, prices, seats, own
 * capacities, order and visibility, but no sale window and no early-bird prices, whose dates
 * were this year's (docs/ticket-types.md).
 */
export async function carryTicketTypes(manager: EntityManager, fromEventId: number, toEventId: number): Promise<void> {
  const types = await manager.find(TicketTypeEntity, { where: { eventId: fromEventId }, order: { position: 'ASC', id: 'ASC' } });
  if (types.length === 0) return;
  await manager.insert(
    TicketTypeEntity,
    types.map(({ id: _id, ...type }) => ({ ...type, eventId: toEventId, salesStart: null, salesEnd: null, priceSteps: [] })),
  );
}
