import DNS from 'dns2';

export interface DnsStandIn {
  /** The UDP port on 127.0.0.1 it answers on. */
  port: number;
  /** What it answers for `name` from now on (A records; none is NXDOMAIN's empty answer). */
  answer(name: string, addresses: string[]): void;
  /** Every A question asked, in order (the names). */
  questions: string[];
  close(): Promise<void>;
}

/**
 * A DNS server on 127.0.0.1 for the names a test gives it, as Docker's (127.0.0.11) answers a
 * compose service's name: one A record per running replica, changed while it runs (scaling).
 * Answers A questions with a one-second TTL and every other type with no records.
 */
export async function startDnsStandIn(initial: Record<string, string[]> = {}): Promise<DnsStandIn> {
  const records = new Map(Object.entries(initial).map(([name, addresses]) => [name.toLowerCase(), addresses]));
  const questions: string[] = [];
  const server = DNS.createServer({
    udp: true,
    handle: (request, send) => {
      const response = DNS.Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        if (question.type !== DNS.Packet.TYPE.A) continue;
        const name = question.name.toLowerCase();
        questions.push(name);
        for (const address of records.get(name) ?? []) {
          // dns2 encodes plain records (its types ask for the methods of decoded ones).
          const record = { name: question.name, type: DNS.Packet.TYPE.A, class: DNS.Packet.CLASS.IN, ttl: 1, address };
          response.answers.push(record as unknown as (typeof response.answers)[number]);
        }
      }
      void send(response);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    port: listening.udp!.port,
    answer: (name, addresses) => records.set(name.toLowerCase(), [...addresses]),
    questions,
    close: () => server.close(),
  };
}
