import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { DEFAULT_FEAST_PACKS } from '@festival/contracts';
import { FeastPackEntity } from './feast-pack.entity.js';

/** A new event's feast packs: the two of docs/product.md, shown, with no pickup times (pre-orders closed). */
export async function insertDefaultFeastPacks(manager: EntityManager, eventId: number): Promise<void> {
  await manager.insert(
    FeastPackEntity,
    DEFAULT_FEAST_PACKS.map((pack, position) => ({
      id: randomUUID(),
      eventId,
      name: pack.name,
      description: pack.description,
      priceCents: pack.price,
      vegetarian: pack.vegetarian,
      hidden: false,
      position,
    })),
  );
}
