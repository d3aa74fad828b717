import { readFileSync } from 'node:fs';

/**
 * Whether bytes sent to `port` on this machine lie unread in a connection's receive queue (Linux's
 * /proc/net/tcp): with the server's process stopped (SIGSTOP), that is a request that has reached
 * it. The kernel still takes connections and their bytes for a stopped process; nobody reads them.
 */
export function requestWaitingAt(port: number): boolean {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    // sl local_address rem_address st tx_queue:rx_queue …, addresses and queues in hex
    for (const line of text.split('\n').slice(1)) {
      const [, local, , , queues] = line.trim().split(/\s+/);
      if (!local || !queues) continue;
      const localPort = Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16);
      const unread = Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16);
      if (localPort === port && unread > 0) return true;
    }
  }
  return false;
}
