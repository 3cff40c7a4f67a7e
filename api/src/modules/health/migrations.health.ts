import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';

/**
 * Readiness: no migration of this build is missing from the database. A replica of a newer build
 * waits (not ready) until the migrations have run; one pointed at a database restored from an
 * older backup says which are missing. One indexed read of the migrations table.
 */
@Injectable()
export class MigrationsHealthIndicator {
  constructor(
    private readonly dataSource: DataSource,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async check<const Key extends string>(key: Key) {
    const indicator = this.indicators.check(key);
    const table = this.dataSource.driver.escape(this.dataSource.options.migrationsTableName ?? 'migrations');
    let rows: { name: string }[];
    try {
      rows = (await this.dataSource.query(`SELECT name FROM ${table}`)) as { name: string }[];
    } catch {
      return indicator.down({ message: 'The database did not answer' });
    }
    const applied = new Set(rows.map((row) => row.name));
    const pending = this.dataSource.migrations.map((m) => m.name ?? m.constructor.name).filter((name) => !applied.has(name));
    return pending.length === 0 ? indicator.up() : indicator.down({ pending });
  }
}
