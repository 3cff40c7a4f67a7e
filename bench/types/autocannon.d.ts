// The part of autocannon (it ships no types) that bench/production-path.mjs uses.
declare module 'autocannon' {
  interface AutocannonRequest {
    method: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }
  interface AutocannonOptions {
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    requests: AutocannonRequest[];
    /** Seconds. */
    timeout: number;
  }
  interface AutocannonResult {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: AutocannonOptions, done: (error: Error | null, result: AutocannonResult) => void): unknown;
}
