/**
 * Child process for the two-processes test: opens its own server on DIR and creates N events through it,
 * then prints `{"ids":[…],"errors":[…]}` on stdout. Usage: node --import tsx test/helpers/writer-child.ts DIR N TAG
 */
import { startServer } from '../../src/server/start.js';

const [dir, n, tag] = process.argv.slice(2);
const count = Number(n);
const server = await startServer({ dataDir: dir!, host: '127.0.0.1', port: 0, perPage: 10, timezone: 'UTC' });
const auth = `Basic ${Buffer.from(`admin:${process.env.CALCTL_TEST_PASSWORD ?? ''}`).toString('base64')}`;
process.stderr.write('ready\n');
const ids: number[] = [];
const errors: string[] = [];
const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
for (let i = 0; i < count; i++) {
  const res = await fetch(`${server.baseUrl}/events`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: `${tag} child ${i}`,
      start_date: `${day} 10:00:00`,
      end_date: `${day} 11:00:00`,
      venue: { venue: `${tag} shared venue` },
      categories: [`${tag}-child-cat`],
    }),
  });
  const body = (await res.json()) as { id?: number; code?: string };
  if (res.status === 201 && typeof body.id === 'number') ids.push(body.id);
  else errors.push(`${res.status} ${body.code ?? ''}`);
}
await server.close();
process.stdout.write(`${JSON.stringify({ ids, errors })}\n`);
