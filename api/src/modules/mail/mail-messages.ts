import type { MessageDescriptor } from '@lingui/core';

/**
 * The words several guest e-mails share (docs/languages.md, "E-mails and the API's catalogue").
 * Each is a message of api/src/locales with an explicit id; `/*i18n*\/` marks it for the extractor.
 */
export const MAIL_MESSAGES = {
  greeting: /*i18n*/ {
    id: 'mail.greeting',
    message: 'Hello {name},',
    comment: "The first line of an e-mail to a guest (name is the guest's name as they typed it).",
  },
  orderReference: /*i18n*/ {
    id: 'mail.orderReference',
    message: 'Order reference',
    comment: "The label of the order's short reference (3F2A9C1E) in a confirmation e-mail.",
  },
  totalPaid: /*i18n*/ {
    id: 'mail.totalPaid',
    message: 'Total paid',
    comment: 'Review: the label of the amount the guest paid (US dollars), at the foot of the price lines.',
  },
  subtotal: /*i18n*/ {
    id: 'mail.subtotal',
    message: 'Subtotal',
    comment: 'A price line: the amount before tax.',
  },
  tax: /*i18n*/ {
    id: 'mail.tax',
    message: 'Tax',
    comment: 'Review: a price line: the sales tax.',
  },
  questions: /*i18n*/ {
    id: 'mail.questions',
    message: 'Questions? Call us at {phone} or write to {email}.',
    comment: "The end of a confirmation e-mail: the restaurant's phone number and e-mail address.",
  },
  questionsByPhone: /*i18n*/ {
    id: 'mail.questionsByPhone',
    message: 'Questions? Call us at {phone}.',
    comment: "The end of a refund e-mail: the restaurant's phone number.",
  },
  and: /*i18n*/ {
    id: 'mail.and',
    message: '{before} and {after}',
    comment: 'Joins the parts of a list of tickets (before may itself be such a list): 2 adult and 1 child.',
  },
} as const satisfies Record<string, MessageDescriptor>;
