import type { DataSource, EntityManager } from 'typeorm';
import { ExclusiveSection, isDeadlock } from './exclusive-section.js';

/** A MariaDB data source whose transactions fail with the given errors, then succeed. */
function mariadbFailing(errors: Error[]) {
  const started: number[] = [];
  const dataSource = {
    options: { type: 'mariadb' },
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      started.push(Date.now());
      const error = errors.shift();
      if (error) throw error;
      return work({} as EntityManager);
    },
  } as unknown as DataSource;
  return { section: new ExclusiveSection(dataSource), started };
}

const deadlock = () => Object.assign(new Error('Deadlock found when trying to get lock'), { code: 'ER_LOCK_DEADLOCK' });

describe('ExclusiveSection on MariaDB', () => {
  it('runs a transaction lost to a deadlock again, after a wait, until it commits', async () => {
    const { section, started } = mariadbFailing([
      deadlock(),
      Object.assign(new Error('timeout'), { driverError: { code: 'ER_LOCK_WAIT_TIMEOUT' } }),
    ]);
    await expect(section.transaction(async () => 'committed')).resolves.toBe('committed');
    expect(started).toHaveLength(3);
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(4);
  });

  it('gives up after five attempts and reports the deadlock', async () => {
    const { section, started } = mariadbFailing(Array.from({ length: 6 }, deadlock));
    await expect(section.transaction(async () => 'committed')).rejects.toThrow('Deadlock found');
    expect(started).toHaveLength(5);
  });

  it('does not run again a transaction that failed for another reason', async () => {
    const { section, started } = mariadbFailing([Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' })]);
    await expect(section.transaction(async () => 'committed')).rejects.toThrow('Duplicate entry');
    expect(started).toHaveLength(1);
    expect(isDeadlock(deadlock())).toBe(true);
  });
});
