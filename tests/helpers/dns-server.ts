/**
 * A real DNS server on a loopback port (`dns2`, UDP), answering TXT questions from a table the
 * test fills: the server's own resolver (node:dns, pointed at it through DNS_RESOLVER) asks it
 * exactly as it would ask a company's DNS. Names it has no records for answer NXDOMAIN; a name
 * marked failing answers SERVFAIL, as a broken or unreachable zone does.
 */
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;
const NXDOMAIN = 3;
const SERVFAIL = 2;

export interface TestDnsServer {
  /** For DNS_RESOLVER: '127.0.0.1:<port>'. */
  address: string;
  /** TXT values by lower-case name; set or delete entries at any time. */
  txt: Map<string, string[]>;
  /** Names whose questions answer SERVFAIL. */
  failing: Set<string>;
  /** Every name asked, in order (lower-case). */
  asked: string[];
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const failing = new Set<string>();
  const asked: string[] = [];
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = (question?.name ?? '').toLowerCase();
    asked.push(name);
    const values = txt.get(name);
    if (failing.has(name)) response.header.rcode = SERVFAIL;
    else if (!values) response.header.rcode = NXDOMAIN;
    else if (question?.type === Packet.TYPE.TXT) {
      for (const value of values) response.answers.push({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: value } as never);
    }
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    txt,
    failing,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
