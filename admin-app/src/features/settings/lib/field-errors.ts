/**
 * A settings route's refusal split by field: a 400's `message` is `field: text`, several joined
 * by `; ` (`percentOff: Percent off must be at least 1; maxUses: …`). Parts naming one of
 * `fields` (or a path under it, `groupDiscountTiers.0.percent`) go to that field, the first
 * text each; the rest stay whole for a message of their own.
 */
export function fieldErrorsOf<F extends string>(
  message: string,
  fields: readonly F[],
): { byField: Partial<Record<F, string>>; other: string[] } {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const part of message.split('; ')) {
    const match = /^([A-Za-z]\w*)(?:\.[\w.]+)?: (.+)$/s.exec(part);
    const field = match?.[1] as F | undefined;
    if (match && field && fields.includes(field)) byField[field] ??= match[2];
    else if (part.trim() !== '') other.push(part);
  }
  return { byField, other };
}
