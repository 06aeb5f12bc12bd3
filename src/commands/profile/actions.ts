/** The profile commands. Secrets are read from stdin or a hidden prompt and never printed. */

import { resolve } from 'node:path';
import {
  defaultConfigDir,
  defaultDataDir,
  getProfile,
  LOCAL_PROFILE,
  listProfiles,
  loadConfig,
  loadSettings,
  type Profile,
  refuseCredentialsInUrl,
  removeProfile,
  resolveTarget,
  saveProfile,
  setDefaultProfile,
  validateProfileName,
} from '../../config/index.js';
import { CalctlError, EXIT, UsageError } from '../../errors/index.js';
import { CALCTL_VERSION } from '../../io/version.js';
import { stderrNotes } from '../../output/notes.js';
import { canPrompt, outputFormat, printData } from '../shared.js';
import type { CliRuntime } from '../types.js';
import { type TestReport, testSite } from './check.js';

const MASK = '********';
const configDir = (rt: CliRuntime) => defaultConfigDir(rt.ctx.env, rt.ctx.home);

/** The name of a new profile: asked for on a terminal, a usage error otherwise. */
async function askProfileName(rt: CliRuntime): Promise<string> {
  if (!canPrompt(rt)) {
    throw new UsageError(
      'missing the profile name',
      'e.g. calctl profile add prod --url https://example.org --user admin --password-stdin',
    );
  }
  const { askInput } = await import('../prompts.js');
  const name = await askInput(rt.ctx, 'Profile name', {
    validate: (v) => (/^[A-Za-z0-9_.-]+$/.test(v.trim()) ? true : 'letters, digits, _ . - only'),
  });
  return name.trim();
}

/** The options of `profile add` (the site, user and output come from the global flags). */
export interface ProfileAddOptions {
  tokenStdin?: boolean;
  perPage?: number;
  default?: boolean;
  /** false with `--no-test` */
  test: boolean;
}

/** `profile add NAME`: flags, stdin for secrets, or prompts on a terminal; then `profile test`. */
export async function addProfile(rt: CliRuntime, given: string | undefined, opts: ProfileAddOptions): Promise<void> {
  const name = given ?? (await askProfileName(rt));
  validateProfileName(name);
  const g = rt.globals();
  if (g.passwordStdin && opts.tokenStdin) throw new UsageError('--password-stdin and --token-stdin cannot be combined');
  const profile: Profile = { url: g.url ?? '' };
  if (g.user) profile.user = g.user;
  if (g.vendor) {
    if (g.vendor !== 'tribe')
      throw new UsageError(`unsupported vendor "${g.vendor}"`, 'profiles support the tribe namespace');
    profile.vendor = 'tribe';
  }
  if (typeof opts.perPage === 'number') profile.perPage = opts.perPage;
  // (the global --date-format, kept: how this site's people write dates, for imports that cannot tell)
  if (g.dateFormat) profile.dateFormat = g.dateFormat.text;
  // (kept as an absolute path, read now: a wrong file is refused before anything is saved)
  let ca: string[] | undefined;
  if (g.caFile !== undefined) {
    profile.caFile = resolve(rt.ctx.cwd, g.caFile);
    ca = (await import('../../api/tls.js')).trustedCertificates(profile.caFile, rt.ctx.env);
  }
  if (g.output) {
    const { isOutputFormat, FORMATS } = await import('../../output/index.js');
    if (!isOutputFormat(g.output))
      throw new UsageError(`unknown output format "${g.output}"`, `use one of: ${FORMATS.join(', ')}`);
    profile.output = g.output;
  }
  if (g.token) profile.token = g.token;
  if (g.passwordStdin) profile.password = (await rt.stdinText('--password-stdin')).replace(/\r?\n$/, '');
  if (opts.tokenStdin) profile.token = (await rt.stdinText('--token-stdin')).trim();
  if (profile.password !== undefined && !profile.user) throw new UsageError('--password-stdin needs --user NAME');
  if (profile.url === '') {
    if (!canPrompt(rt)) {
      throw new UsageError(
        '--url is required',
        `e.g. calctl profile add ${name} --url https://example.org --user admin --password-stdin`,
      );
    }
    const { askInput, askSecret } = await import('../prompts.js');
    profile.url = await askInput(rt.ctx, 'Site URL', {
      validate: (v) => (v.trim() !== '' ? true : 'the URL is required'),
    });
    const user = await askInput(rt.ctx, 'User (empty for read-only access)');
    if (user.trim() !== '') {
      profile.user = user.trim();
      profile.password = await askSecret(rt.ctx, 'Application password (Users → Profile → Application Passwords)');
    }
  }
  refuseCredentialsInUrl(profile.url, '--url');
  if (opts.test !== false) {
    // Checked before it is kept (as gh does): a profile whose site, namespace or password fails is not saved.
    const auth = profile.token
      ? ({ type: 'bearer', token: profile.token } as const)
      : profile.user && profile.password !== undefined
        ? ({ type: 'basic', user: profile.user, password: profile.password } as const)
        : undefined;
    const report = await testSite(profile.url, profile.vendor ?? 'tribe', auth, {
      timeoutMs: g.timeout !== undefined ? g.timeout * 1000 : 15_000,
      signal: rt.ctx.signal,
      insecure: g.insecure,
      ca,
      version: CALCTL_VERSION,
    });
    await printReport(rt, report);
    if (report.error) {
      const e = report.error;
      throw new CalctlError(`profile "${name}" not saved: ${e.message}`, {
        code: e.code,
        exitCode: e.exitCode,
        hint: `${e.hint ? `${e.hint}; ` : ''}or save it without the check: add --no-test`,
      });
    }
  }
  saveProfile(configDir(rt), name, profile);
  if (opts.default) setDefaultProfile(configDir(rt), name);
  stderrNotes(rt.ctx).text(
    `calctl: saved profile "${name}"${opts.default ? ' (default)' : `; use it with @${name} or: calctl profile use ${name}`}\n`,
    'info',
  );
}

/** `profile list`: one row per profile; secrets only as "password"/"token" markers. */
export async function listProfilesCommand(rt: CliRuntime): Promise<void> {
  const rows = listProfiles(configDir(rt)).map((p) => ({
    name: p.name,
    default: p.isDefault,
    url: p.profile.url,
    user: p.profile.user ?? null,
    secret: p.hasPassword ? 'password' : p.hasToken ? 'token' : null,
    per_page: p.profile.perPage ?? null,
    date_format: p.profile.dateFormat ?? null,
    output: p.profile.output ?? null,
  }));
  const format = await outputFormat(rt);
  if (format !== 'table') {
    await printData(rt, rows);
    return;
  }
  if (rows.length === 0) {
    stderrNotes(rt.ctx).text(
      'calctl: no profiles; commands use the built-in local calendar. Add one: calctl profile add NAME --url …\n',
      'info',
    );
    return;
  }
  const { printText, renderTable, stdoutTerminal } = await import('../../output/index.js');
  printText(
    rt.ctx,
    renderTable(
      rows.map((r) => ({ ...r, default: r.default ? '*' : '' })),
      ['default', 'name', 'url', 'user', 'secret'],
      { width: stdoutTerminal(rt.ctx).columns },
    ),
  );
}

/** The profile a command without a name refers to: CALCTL_PROFILE, else the stored default. */
function currentProfileName(rt: CliRuntime): string | undefined {
  const g = rt.globals();
  if (g.profile) return g.profile.replace(/^@/, '');
  const fromEnv = rt.ctx.env.CALCTL_PROFILE;
  if (fromEnv) return fromEnv.replace(/^@/, '');
  return loadSettings(configDir(rt)).defaultProfile;
}

/** `profile show [NAME]`: settings with secrets masked. */
export async function showProfile(rt: CliRuntime, name: string | undefined): Promise<void> {
  const wanted = name ?? currentProfileName(rt) ?? LOCAL_PROFILE;
  if (wanted === LOCAL_PROFILE) {
    await printData(rt, { name: LOCAL_PROFILE, builtin: true, data_dir: defaultDataDir(rt.ctx.env, rt.ctx.home) });
    return;
  }
  const p = getProfile(configDir(rt), wanted);
  if (!p)
    throw new UsageError(
      `no profile named "${wanted}"`,
      'see the profiles with: calctl profile list',
      'profile_not_found',
    );
  const { password, token, ...settings } = p;
  const isDefault = loadSettings(configDir(rt)).defaultProfile === wanted;
  await printData(rt, {
    name: wanted,
    default: isDefault,
    ...settings,
    ...(password !== undefined ? { password: MASK } : {}),
    ...(token !== undefined ? { token: MASK } : {}),
  });
}

/** `profile use NAME`. */
export async function useProfile(rt: CliRuntime, name: string): Promise<void> {
  setDefaultProfile(configDir(rt), name.replace(/^@/, ''));
  stderrNotes(rt.ctx).text(`calctl: default profile is now "${name}"\n`, 'info');
}

/** `profile remove NAME`. */
export async function removeProfileCommand(rt: CliRuntime, name: string): Promise<void> {
  if (!removeProfile(configDir(rt), name)) {
    throw new UsageError(
      `no profile named "${name}"`,
      'see the profiles with: calctl profile list',
      'profile_not_found',
    );
  }
  stderrNotes(rt.ctx).text(`calctl: removed profile "${name}"\n`, 'info');
}

/** The report: JSON for machine formats, one line per check otherwise. */
async function printReport(rt: CliRuntime, report: TestReport): Promise<void> {
  const format = await outputFormat(rt);
  if (format === 'json' || format === 'yaml' || format === 'ndjson') {
    await printData(rt, { base_url: report.baseUrl, checks: report.results });
    return;
  }
  const lines = report.results.map((r) => {
    const mark = r.ok === true ? 'ok  ' : r.ok === false ? 'FAIL' : '--  ';
    return `${mark} ${r.check.padEnd(11)} ${r.detail}\n`;
  });
  const { printText } = await import('../../output/index.js');
  printText(rt.ctx, lines.join(''));
}

/** `profile test [NAME]`: the named profile, else the target this run resolves to. */
export async function testProfileCommand(rt: CliRuntime, name: string | undefined): Promise<void> {
  const g = rt.globals();
  let target: Awaited<ReturnType<CliRuntime['target']>>;
  if (name !== undefined) {
    const config = loadConfig(configDir(rt));
    const caFile = g.caFile === undefined ? undefined : resolve(rt.ctx.cwd, g.caFile);
    target = resolveTarget({ flags: { profile: name, caFile }, env: {}, config, secrets: config.secrets });
  } else {
    target = await rt.target();
  }
  if (target.kind === 'local') {
    const api = await rt.api();
    await api.get('', { signal: rt.ctx.signal });
    const report: TestReport = {
      baseUrl: api.baseUrl,
      results: [
        { check: 'reachable', ok: true, detail: 'built-in local calendar (in-process)' },
        { check: 'namespace', ok: true, detail: api.baseUrl },
        { check: 'credentials', ok: true, detail: 'local admin' },
      ],
      error: undefined,
    };
    await finish(rt, report);
    return;
  }
  const ca = target.caFile
    ? (await import('../../api/tls.js')).trustedCertificates(target.caFile, rt.ctx.env)
    : undefined;
  const report = await testSite(target.url, target.vendor, target.auth, {
    timeoutMs: g.timeout !== undefined ? g.timeout * 1000 : 15_000,
    signal: rt.ctx.signal,
    insecure: g.insecure,
    ca,
    version: CALCTL_VERSION,
  });
  if (target.user && !target.auth) {
    // (replaces the "read-only" line: a user without a password is a broken profile, not a public one)
    report.results = report.results.filter((r) => r.check !== 'credentials');
    report.results.push({ check: 'credentials', ok: false, detail: `user ${target.user} has no password stored` });
    report.error ??= new CalctlError(`profile has user ${target.user} but no application password`, {
      code: 'password_missing',
      exitCode: EXIT.auth,
      hint: `add it: calctl profile add ${name ?? target.profileName ?? 'NAME'} --url ${target.url} --user ${target.user} --password-stdin`,
    });
  }
  await finish(rt, report);
}

async function finish(rt: CliRuntime, report: TestReport): Promise<void> {
  await printReport(rt, report);
  if (report.error) throw report.error;
}
