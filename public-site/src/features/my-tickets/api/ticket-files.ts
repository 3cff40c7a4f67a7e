const orderPath = (orderId: string) => `/api/my-tickets/orders/${encodeURIComponent(orderId)}`;

/** The order's tickets as a PDF, one page per ticket. */
export const ticketsPdfUrl = (orderId: string): string => `${orderPath(orderId)}/tickets.pdf`;

/** The order's Apple Wallet pass (offered only when the site has a pass certificate). */
export const walletPassUrl = (orderId: string): string => `${orderPath(orderId)}/wallet.pkpass`;
