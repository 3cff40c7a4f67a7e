import './zod-setup.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import { LANGUAGES } from './languages.js';

/**
 * The language of the page a guest ordered from (docs/languages.md), in an order's request:
 * every e-mail about the order is in it and staff see it; English unless told.
 */
export const orderLanguageField = () => z.enum(LANGUAGES, { error: valueMessage(`must be one of ${LANGUAGES.join(', ')}`) }).optional();
