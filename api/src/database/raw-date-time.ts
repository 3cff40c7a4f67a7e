/** A datetime column read raw (an aggregate, say): a Date from MySQL, an ISO-like UTC string from SQLite. */
export function rawDateTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
}
