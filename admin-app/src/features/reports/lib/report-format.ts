import { formatDateTime } from '#shared/lib/format.ts';

/** `Oct 12, 2025, 2:03 PM`, or a dash when there is no time. */
export const formatOptionalDateTime = (iso: string | null): string => (iso ? formatDateTime(iso) : '—');
