import './zod-setup.js';
import { z } from 'zod';

/** Every error the API sends has this shape. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
