/**
 * `profile test`: three checks in order — the site answers, the namespace exists, the credentials
 * are accepted — each reported, the first failure deciding the exit code (1 network/namespace, 4 auth).
 */
import {
  type ApiAuth,
  ApiError,
  createApiClient,
  createDiscoveryFetcher,
  describeRole,
  fetchCallerRole,
  resolveApiBase,
} from '../../api/index.js';
import { CalctlError, EXIT, exitCodeOf } from '../../errors/index.js';

/** One line of the report. */
export interface CheckResult {
  check: 'reachable' | 'namespace' | 'credentials';
  ok: boolean | null;
  detail: string;
}

/** What a test run found; `error` is thrown by the caller after printing. */
export interface TestReport {
  baseUrl: string;
  results: CheckResult[];
  error: CalctlError | undefined;
}

/** Runs the checks against a site. Never throws for a failed check: it reports it. */
export async function testSite(
  url: string,
  vendor: string,
  auth: ApiAuth | undefined,
  opts: {
    timeoutMs?: number | undefined;
    signal?: AbortSignal;
    insecure?: boolean | undefined;
    /** the certificates TLS trusts (a private CA added) */
    ca?: readonly string[] | undefined;
    version: string;
  },
): Promise<TestReport> {
  const results: CheckResult[] = [];
  const fetcher = createDiscoveryFetcher({
    userAgent: `calctl/${opts.version}`,
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    ca: opts.ca,
    insecure: opts.insecure,
  });
  const baseUrl = await resolveApiBase(url, vendor, fetcher);
  const common = {
    baseUrl,
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    insecure: opts.insecure,
    ca: opts.ca,
    version: opts.version,
  };
  const anon = createApiClient(common);
  try {
    try {
      await anon.get('');
      results.push({ check: 'reachable', ok: true, detail: new URL(baseUrl).origin });
      results.push({ check: 'namespace', ok: true, detail: `${vendor}/events/v1 at ${baseUrl}` });
    } catch (err) {
      if (!(err instanceof ApiError)) {
        results.push({ check: 'reachable', ok: false, detail: (err as Error).message });
        return { baseUrl, results, error: err as CalctlError };
      }
      results.push({ check: 'reachable', ok: true, detail: new URL(baseUrl).origin });
      const detail =
        err.status === 404
          ? `${vendor}/events/v1 not found at ${baseUrl}: is The Events Calendar active, and is the URL right?`
          : `${baseUrl} answered ${err.status} ${err.code}`;
      results.push({ check: 'namespace', ok: false, detail });
      return {
        baseUrl,
        results,
        error: new CalctlError(detail, { code: 'namespace_missing', exitCode: EXIT.failure, status: err.status }),
      };
    }
    if (!auth) {
      results.push({ check: 'credentials', ok: null, detail: 'none stored: read-only, public data only' });
      return { baseUrl, results, error: undefined };
    }
    // A site checks any credentials sent, even on public routes: a wrong password is a 401 here.
    const authed = createApiClient({ ...common, auth });
    try {
      await authed.get('');
      const who = auth.type === 'basic' ? `user ${auth.user}` : 'bearer token';
      // (the role, and what it cannot do of what calctl does: a contributor's events wait for review)
      const role = await fetchCallerRole(authed);
      const as = role ? `; role ${describeRole(role)}` : '';
      results.push({ check: 'credentials', ok: true, detail: `${who} accepted${as}` });
      return { baseUrl, results, error: undefined };
    } catch (err) {
      const e = err as CalctlError;
      results.push({ check: 'credentials', ok: false, detail: `${e.message}${e.code ? ` (${e.code})` : ''}` });
      const error =
        exitCodeOf(err) === EXIT.auth ? e : new CalctlError(e.message, { code: e.code, exitCode: exitCodeOf(err) });
      return { baseUrl, results, error };
    } finally {
      await authed.close();
    }
  } finally {
    await anon.close();
  }
}
