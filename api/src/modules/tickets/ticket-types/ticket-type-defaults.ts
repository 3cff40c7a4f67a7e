import type { BuiltInTicketType } from '@festival/contracts';
import type { TicketTypeEntity } from './ticket-type.entity.js';

/** The built-in types' names in the staff's list (the guest sees the Tickets section's age labels). */
export const BUILT_IN_NAMES = { adult: 'Adult', child: 'Child' } as const satisfies Record<BuiltInTicketType, string>;

/**
 * A season's built-in adult and child rows, first in its list: priced by the Tickets section
 * (docs/ticket-types.md). Every season has them from the moment it exists: the migration made
 * them for the seasons before it, `Start next event` carries them over.
 */
export function builtInTicketTypeRows(eventId: number): Omit<TicketTypeEntity, 'id'>[] {
  return (['adult', 'child'] as const).map((builtIn) => ({
    eventId,
    builtIn,
    name: BUILT_IN_NAMES[builtIn],
    description: '',
    priceCents: 0,
    seats: 1,
    capacity: null,
    salesStart: null,
    salesEnd: null,
    priceSteps: [],
    hidden: false,
    position: builtIn === 'adult' ? -2 : -1,
  }));
}
