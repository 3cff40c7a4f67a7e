import './zod-setup.js';
import { z } from 'zod';

/** The contact form of the party page (step 2), with the messages of docs/product.md. */
export const partyContactSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(80, 'First name is too long'),
  lastName: z.string().trim().min(1, 'Last name is required').max(80, 'Last name is too long'),
  email: z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
  phone: z.string().trim().min(10, 'Phone number must be at least 10 digits').max(30, 'Phone number is too long'),
});
export type PartyContact = z.infer<typeof partyContactSchema>;
