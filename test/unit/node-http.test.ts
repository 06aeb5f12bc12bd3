/**
 * The one sender of network requests (src/api/node-http.ts) against real HTTP servers on 127.0.0.1:
 * sockets kept alive and reused, an answer cut off mid-body reported as a network failure (so a GET
 * is retried and a write looked up), and a request aborted by its caller.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeHttpSender } from '../../src/api/node-http.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: URL; sockets: () => number }> {
  let sockets = 0;
  const server = createServer(handler);
  server.on('connection', () => sockets++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x?a=1`), sockets: () => sockets };
}

describe('node-http sender', () => {
  it('sends the body with its length, reads the whole answer, and reuses the socket', async () => {
    const seen: string[] = [];
    const { url, sockets } = await serve((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['content-length']} ${body}`);
        res.setHeader('x-total', '7');
        res.end(JSON.stringify({ echo: body }));
      });
    });
    const sender = createNodeHttpSender();
    const first = await sender.send('POST', url, { 'content-type': 'application/json' }, '{"t":"é"}');
    const second = await sender.send('GET', url, {}, undefined);
    sender.close();
    expect(first.status).toBe(200);
    expect(first.headers['x-total']).toBe('7');
    expect(JSON.parse(String(first.body))).toEqual({ echo: '{"t":"é"}' });
    expect(second.status).toBe(200);
    expect(seen).toEqual(['POST /x?a=1 10 {"t":"é"}', 'GET /x?a=1 undefined ']);
    expect(sockets()).toBe(1);
  });

  it('an answer cut off before its whole body is a connection reset', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const sender = createNodeHttpSender();
    await expect(sender.send('GET', url, {}, undefined)).rejects.toMatchObject({ code: 'ECONNRESET' });
    sender.close();
  });

  it('a request its caller cancels fails with the reason given', async () => {
    const { url } = await serve(() => {
      // (never answers)
    });
    const sender = createNodeHttpSender();
    const reason = new Error('stop now');
    const sent = sender.send('GET', url, {}, undefined, (cancel) => setTimeout(() => cancel(reason), 30));
    await expect(sent).rejects.toBe(reason);
    sender.close();
  });
});
