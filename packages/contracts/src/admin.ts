import './zod-setup.js';
import { z } from 'zod';
import type { StaffSessionView } from './staff.js';

export const adminLoginRequestSchema = z.strictObject({
  password: z.string().min(1, 'Password is required').max(500, 'Password is too long'),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const adminCheckResponseSchema = z.object({ authenticated: z.boolean() });
/**
 * `GET /api/admin/check`: `authenticated` as docs/product.md has it, plus who this session is
 * (its role and name) when authenticated, and why it ended when a device was just signed out.
 */
export type AdminCheckResponse = z.infer<typeof adminCheckResponseSchema> & { staff?: StaffSessionView; ended?: string };
