/**
 * A WordPress deployment played in front of an embedded server, for the URL shape of the client's
 * requests: a site with plain permalinks (the REST API ONLY at `<dir>/index.php?rest_route=/…` and
 * `<dir>/?rest_route=/…`; `/wp-json` answers 404, as on a server without rewrites) and/or WordPress
 * installed in a folder (`/blog`). The site root announces its REST root in a `Link` header as
 * WordPress does, and the URLs inside answers (`next_rest_url`, `rest_url`, `Link`) are rewritten to
 * the deployment's form. Every request received is recorded, so a test can prove that none went to
 * a URL this deployment does not serve. (The embedded server will learn plain permalinks itself later;
 * this is only the URL shape.)
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DeploymentOptions {
  /** the embedded server's origin, http://127.0.0.1:port (its REST root is `/wp-json/`) */
  upstream: string;
  permalinks: 'plain' | 'pretty';
  /** the folder WordPress lives in, `''` or `/blog` */
  dir: string;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  /** the status this deployment answered */
  status: number;
  /** whether the URL is one this deployment serves (its REST form, or the site's home page) */
  served: boolean;
}

export interface DeploymentProxy {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** the site's URL, as a user types it: `<origin><dir>/` */
  siteUrl: string;
  /** the REST root the site announces */
  restRoot: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** `/tribe/events/v1/events` + `page=2` → the route's URL on this deployment. */
function routeUrl(origin: string, opts: DeploymentOptions, route: string, query: string): string {
  if (opts.permalinks === 'plain')
    return `${origin}${opts.dir}/index.php?rest_route=${route}${query ? `&${query}` : ''}`;
  return `${origin}${opts.dir}/wp-json${route}${query ? `?${query}` : ''}`;
}

/** The upstream route and query of a request this deployment serves, or undefined (→ 404). */
function upstreamPath(opts: DeploymentOptions, rawUrl: string): string | undefined {
  const url = new URL(rawUrl, 'http://site');
  const inDir = url.pathname.startsWith(`${opts.dir}/`) ? url.pathname.slice(opts.dir.length) : undefined;
  if (inDir === undefined) return undefined;
  if (opts.permalinks === 'plain') {
    if (inDir !== '/' && inDir !== '/index.php') return undefined;
    const route = url.searchParams.get('rest_route');
    if (route === null) return undefined;
    const rest = new URLSearchParams(url.search);
    rest.delete('rest_route');
    const query = rest.toString();
    return `/wp-json${route}${query ? `?${query}` : ''}`;
  }
  if (inDir !== '/wp-json' && !inDir.startsWith('/wp-json/')) return undefined;
  return `${inDir}${url.search}`;
}

/** Starts the deployment on 127.0.0.1, port 0. */
export async function startDeployment(opts: DeploymentOptions): Promise<DeploymentProxy> {
  const received: ReceivedRequest[] = [];
  const up = new URL(opts.upstream);
  let origin = '';
  // upstream URLs in bodies (the embedded server does not escape slashes) and headers, with their query
  const escaped = opts.upstream.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const upstreamUrl = new RegExp(`${escaped}/wp-json(/[^?"\\s>]*)?(\\?[^"\\s>]*)?`, 'g');
  const rewrite = (text: string) =>
    text.replace(upstreamUrl, (_m, route: string | undefined, query: string | undefined) =>
      routeUrl(origin, opts, route || '/', (query ?? '').slice(1)),
    );
  const restRoot = () =>
    opts.permalinks === 'plain' ? `${origin}${opts.dir}/index.php?rest_route=/` : `${origin}${opts.dir}/wp-json/`;

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    served: boolean,
    status: number,
    headers: Record<string, string>,
    body = '',
  ) {
    received.push({ method: req.method ?? 'GET', url: req.url ?? '', status, served });
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = upstreamPath(opts, req.url ?? '/');
      const pathname = new URL(req.url ?? '/', 'http://site').pathname;
      if (path === undefined) {
        if (pathname === `${opts.dir}/` || pathname === opts.dir) {
          answer(req, res, true, 200, {
            'content-type': 'text/html',
            link: `<${restRoot()}>; rel="https://api.w.org/"`,
          });
        } else {
          answer(req, res, false, 404, { 'content-type': 'text/html' }, '<h1>Not Found</h1>');
        }
        return;
      }
      const headers = { ...req.headers, host: up.host };
      const forward = request({ host: up.hostname, port: up.port, method: req.method, path, headers }, (upRes) => {
        const body: Buffer[] = [];
        upRes.on('data', (c: Buffer) => body.push(c));
        upRes.on('end', () => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(upRes.headers)) {
            if (v === undefined || k === 'content-length' || k === 'transfer-encoding' || k === 'connection') continue;
            out[k] = rewrite(Array.isArray(v) ? v.join(', ') : v);
          }
          answer(req, res, true, upRes.statusCode ?? 502, out, rewrite(Buffer.concat(body).toString('utf8')));
        });
      });
      forward.on('error', () => answer(req, res, true, 502, { 'content-type': 'text/plain' }, 'upstream failed'));
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    siteUrl: `${origin}${opts.dir}/`,
    restRoot: restRoot(),
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
