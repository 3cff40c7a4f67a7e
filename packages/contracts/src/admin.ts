import './zod-setup.js';
import { z } from 'zod';

export const adminLoginRequestSchema = z.strictObject({
  password: z.string().min(1, 'Password is required').max(500, 'Password is too long'),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const adminCheckResponseSchema = z.object({ authenticated: z.boolean() });
export type AdminCheckResponse = z.infer<typeof adminCheckResponseSchema>;
