import { ServiceUnavailableException } from '@nestjs/common';
import { GatewayUnavailableError } from '../payments/payment-gateway.js';

/** A gateway call whose failure to reach the gateway becomes a clear 503 instead of a 500. */
export async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayUnavailableError) {
      throw new ServiceUnavailableException('The payment service could not be reached. Please try again.');
    }
    throw error;
  }
}
