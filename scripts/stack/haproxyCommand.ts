// One command on HAProxy's runtime API (its stats socket), e.g. `show stat` or `disable server app/app2`.
import { createConnection } from 'node:net';

export function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = createConnection(socket);
    let out = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(`${command}\n`));
    conn.on('data', (chunk: string) => {
      out += chunk;
    });
    conn.on('end', () => resolve(out));
    conn.on('error', reject);
  });
}

/** Each backend server's status (UP, DOWN, MAINT…) from `show stat`. */
export async function haproxyServerStatus(socket: string): Promise<Record<string, string>> {
  const csv = await haproxyCommand(socket, 'show stat');
  const [header, ...rows] = csv.trim().split('\n');
  const cols = (header ?? '').replace(/^# /, '').split(',');
  const name = cols.indexOf('svname');
  const status = cols.indexOf('status');
  const out: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    const sv = cells[name];
    if (sv && sv !== 'FRONTEND' && sv !== 'BACKEND') out[sv] = cells[status] ?? '';
  }
  return out;
}
