/** `HH:MM` of a 24-hour day, or undefined when it is not one. */
export function parseTimeOfDay(text: string): { hours: number; minutes: number } | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? { hours: Number(match[1]), minutes: Number(match[2]) } : undefined;
}

/** Milliseconds from `now` to the next `at` (local time of this process, TZ), never 0. */
export function msUntilNext(at: { hours: number; minutes: number }, now: Date): number {
  const next = new Date(now);
  next.setHours(at.hours, at.minutes, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}
