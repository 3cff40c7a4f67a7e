// How the database runs a query (EXPLAIN on MySQL/MariaDB, EXPLAIN QUERY PLAN on SQLite), in
// lines to print beside its timing.

/**
 * How the database runs a query, one line per step.
 * @param {import('typeorm').DataSource} ds
 * @param {'mysql' | 'sqlite'} kind
 * @param {import('typeorm').SelectQueryBuilder<import('typeorm').ObjectLiteral>} query
 */
export async function explain(ds, kind, query) {
  const [sql, params] = query.getQueryAndParameters();
  if (kind === 'sqlite') {
    const plan = /** @type {{ detail: string }[]} */ (await ds.query(`EXPLAIN QUERY PLAN ${sql}`, params));
    return plan.map((step) => `  ${step.detail}`).join('\n');
  }
  const plan = /** @type {{ table: string, type: string, key: string | null, rows: number, Extra: string | null }[]} */ (
    await ds.query(`EXPLAIN ${sql}`, params)
  );
  return plan
    .map((step) => `  table=${step.table} type=${step.type} key=${step.key ?? 'none'} rows=${step.rows} extra=${step.Extra ?? ''}`)
    .join('\n');
}
