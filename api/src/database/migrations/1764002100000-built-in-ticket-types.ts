import type { MigrationInterface, QueryRunner } from 'typeorm';
import { builtInTicketTypeRows } from '../../modules/tickets/ticket-types/ticket-type-defaults.js';

/**
 * Every season's built-in adult and child ticket types, made here for the seasons that do not
 * have them yet (docs/ticket-types.md). They were made on a season's first read before, which
 * raced between replicas reading a new database at once; `Start next event` carries them over.
 */
export class BuiltInTicketTypes1764002100000 implements MigrationInterface {
  name = 'BuiltInTicketTypes1764002100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const events = (await queryRunner.query('SELECT id FROM events')) as { id: number }[];
    const present = (await queryRunner.query('SELECT eventId, builtIn FROM ticket_types WHERE builtIn IS NOT NULL')) as {
      eventId: number;
      builtIn: string;
    }[];
    const has = new Set(present.map((row) => `${row.eventId}:${row.builtIn}`));
    for (const event of events) {
      for (const row of builtInTicketTypeRows(Number(event.id))) {
        if (has.has(`${row.eventId}:${row.builtIn}`)) continue;
        await queryRunner.query(
          'INSERT INTO ticket_types (eventId, builtIn, name, description, priceCents, seats, capacity, salesStart, salesEnd, priceSteps, hidden, position) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, NULL, ?, ?, ?)',
          [row.eventId, row.builtIn, row.name, row.description, row.priceCents, row.seats, '[]', 0, row.position],
        );
      }
    }
  }

  async down(): Promise<void> {
    // The rows stay: the seasons' orders and types refer to them.
  }
}
