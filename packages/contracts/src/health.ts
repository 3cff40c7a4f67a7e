import './zod-setup.js';
import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/health/live`: the process answers (no database asked). */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

const indicatorsSchema = z.record(z.string(), z.object({ status: z.enum(['up', 'down', 'degraded']) }).catchall(z.unknown()));

/**
 * `GET /api/health/ready` (200, or 503 with the same shape): whether this replica should be sent
 * requests — the database answers and no migration is pending.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'error', 'degraded', 'shutting_down']),
  info: indicatorsSchema.optional(),
  error: indicatorsSchema.optional(),
  details: indicatorsSchema,
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
