import { HttpStatus, Injectable, Logger, NotFoundException, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import { formatCents, priceDrinks, type Drink, type DrinkOrderItem, type DrinkPrice } from '@festival/contracts';
import { HotRead } from '../../common/hot-read.js';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { DrinkEntity } from './drink.entity.js';
import type { DrinkOrderLine } from './drink-order.entity.js';
import { FESTIVAL_MENU } from './festival-menu.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/**
 * The named lock of every write to the drinks tables (stock, orders, tabs). On MySQL it
 * serialises them across replicas; on SQLite it keeps them out of each other's transactions.
 */
export const DRINKS_LOCK = 'drinks';

/** A line the stock cannot serve, and how many of that drink are left. */
export interface Shortage {
  line: DrinkOrderLine;
  available: number;
}

/** What a guest is told when a drink in the cart is gone or short (in the page's language). */
export function shortageRefusal({ line, available }: Shortage): GuestRefusal {
  if (available <= 0) return new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.drinkOutOfStock, { drink: line.name });
  return new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.drinkFewLeft, { available, drink: line.name });
}

export interface PricedOrder {
  lines: DrinkOrderLine[];
  price: DrinkPrice;
}

/** The menu, its stock, and the server's pricing of what a guest asks for. */
@Injectable()
export class DrinkMenuService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DrinkMenuService.name);
  /**
   * `GET /api/drinks`: every stock change (orders, staff edits, seeding) happens under the
   * drinks lock, after which this is dropped; other replicas re-read within a second. Browsers
   * revalidate every time (`no-cache`) with the ETag.
   */
  readonly answer = new HotRead<Drink[]>(async () => ({ value: await this.readMenu() }), 'no-cache');

  constructor(
    @InjectRepository(DrinkEntity) private readonly drinks: Repository<DrinkEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
  ) {
    exclusive.afterEach(DRINKS_LOCK, () => this.answer.invalidate());
  }

  /** Seeds the festival menu into a database without drinks; stock edits are then kept. */
  async onApplicationBootstrap(): Promise<void> {
    const seeded = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      if ((await manager.count(DrinkEntity)) > 0) return false;
      await manager.insert(
        DrinkEntity,
        FESTIVAL_MENU.map((drink, index) => ({ ...drink, sortOrder: index })),
      );
      return true;
    });
    if (seeded) this.logger.log(`Seeded the drinks menu with ${FESTIVAL_MENU.length} drinks`);
  }

  /** The guests' menu (hidden drinks left out): categories alphabetically, drinks in menu order within each. */
  menu(): Promise<Drink[]> {
    return this.answer.value();
  }

  private async readMenu(): Promise<Drink[]> {
    const rows = await this.drinks.find({ where: { hidden: false }, order: { category: 'ASC', sortOrder: 'ASC', name: 'ASC' } });
    return rows.map(toDrink);
  }

  /** Staff set how many are left (0 = out of stock), on the activity log in the same transaction. */
  async setStock(id: string, available: number, actor: StaffActor): Promise<Drink> {
    const updated = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const before = await manager.findOneBy(DrinkEntity, { id });
      if (!before) return null;
      await manager.update(DrinkEntity, { id }, { available });
      await this.activity.record(manager, actor, {
        action: 'drink.stock',
        object: before.name,
        detail: `${before.available} → ${available}`,
      });
      return { ...before, available };
    });
    if (!updated) throw new NotFoundException('No such drink');
    return toDrink(updated);
  }

  /**
   * Prices an order from the database's menu. A drink no longer on the menu (or hidden), a price that
   * differs from the menu's, a total that differs from the server's, or a drink without enough
   * stock is a 409 that says which, and nothing is created.
   */
  async priceOrder(items: DrinkOrderItem[], total: number): Promise<PricedOrder> {
    const rows = await this.drinks.findBy({ id: In(items.map((i) => i.id)) });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const lines: DrinkOrderLine[] = [];
    for (const item of items) {
      const drink = byId.get(item.id);
      if (!drink || drink.hidden) {
        const name = drink?.name ?? (item.name || 'A drink in your cart');
        throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.drinkGone, { drink: name });
      }
      if (drink.priceCents !== item.price) {
        throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.drinkPrice, { drink: drink.name, price: formatCents(drink.priceCents) });
      }
      lines.push({ id: drink.id, name: drink.name, price: drink.priceCents, quantity: item.quantity });
    }
    const price = priceDrinks(lines);
    if (price.totalCents !== total) {
      throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.drinksTotal, { total: formatCents(price.totalCents) });
    }
    const short = shortageOf(lines, byId);
    if (short) throw shortageRefusal(short);
    return { lines, price };
  }

  /** Inside the drinks lock: the first line the stock cannot serve now, or undefined. */
  async shortage(manager: EntityManager, lines: DrinkOrderLine[]): Promise<Shortage | undefined> {
    const rows = await manager.findBy(DrinkEntity, { id: In(lines.map((l) => l.id)) });
    return shortageOf(lines, new Map(rows.map((r) => [r.id, r])));
  }

  /**
   * Inside the drinks lock, after `shortage()` found none: takes the stock down, each line one
   * conditional UPDATE that never goes below 0. A line that cannot be taken aborts the whole
   * transaction (nothing is taken).
   */
  async takeStock(manager: EntityManager, lines: DrinkOrderLine[]): Promise<void> {
    for (const line of lines) {
      const result = await manager
        .createQueryBuilder()
        .update(DrinkEntity)
        .set({ available: () => 'available - :quantity' })
        .where('id = :id AND available >= :quantity', { id: line.id, quantity: line.quantity })
        .execute();
      if (result.affected !== 1) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.drinkSoldOut, { drink: line.name });
    }
  }
}

function shortageOf(lines: DrinkOrderLine[], drinks: Map<string, DrinkEntity>): Shortage | undefined {
  for (const line of lines) {
    const available = drinks.get(line.id)?.available ?? 0;
    if (available < line.quantity) return { line, available };
  }
  return undefined;
}

export function toDrink(row: DrinkEntity): Drink {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    price: row.priceCents,
    available: row.available,
  };
}
