const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a URL has the shape of the UUIDs rows are keyed by. Anything else is
 * answered 404 without a query (and never reaches a database that would refuse its type).
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
