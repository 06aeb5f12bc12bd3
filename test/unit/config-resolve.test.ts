import { describe, expect, it } from 'vitest';
import { PROFILE_RULES, type ResolveInput, resolveTarget, type Target } from '../../src/config/resolve.js';
import type { ProfileSecrets, ProfileSettings } from '../../src/config/store.js';
import { CalctlError, EXIT } from '../../src/errors/index.js';

const PROD = 'https://prod.example.org';
const STAGE = 'https://stage.example.org';
const ENVURL = 'https://env.example.org';
const FLAGURL = 'https://flag.example.org';

const profiles: Record<string, ProfileSettings> = {
  prod: { url: PROD, user: 'alice', perPage: 25, output: 'json' },
  stage: { url: STAGE, user: 'bob' },
  anon: { url: STAGE },
  nosecret: { url: PROD, user: 'carol' },
  jwt: { url: PROD },
};
const secrets: Record<string, ProfileSecrets> = {
  prod: { password: 'prod-pw' },
  stage: { password: 'stage-pw' },
  jwt: { token: 'jwt-token' },
};

function input(
  flags: ResolveInput['flags'] = {},
  env: Record<string, string> = {},
  defaultProfile?: string,
): ResolveInput {
  return { flags, env, config: { profiles, defaultProfile }, secrets };
}

/** The parts a row checks: kind, url, profile and auth in one comparable object. */
function summary(t: Target): Record<string, unknown> {
  if (t.kind === 'local') return { kind: 'local' };
  return { url: t.url, profile: t.profileName, auth: t.auth, user: t.user };
}

describe('resolveTarget precedence', () => {
  it.each<[string, ResolveInput, Record<string, unknown>]>([
    ['nothing at all → built-in local', input(), { kind: 'local' }],
    [
      'default profile → that profile',
      input({}, {}, 'prod'),
      { url: PROD, profile: 'prod', auth: { type: 'basic', user: 'alice', password: 'prod-pw' }, user: undefined },
    ],
    ['default profile "local" → local', input({}, {}, 'local'), { kind: 'local' }],
    [
      'CALCTL_PROFILE beats the default profile',
      input({}, { CALCTL_PROFILE: 'stage' }, 'prod'),
      { url: STAGE, profile: 'stage', auth: { type: 'basic', user: 'bob', password: 'stage-pw' }, user: undefined },
    ],
    [
      'CALCTL_PROFILE=local beats the default profile',
      input({}, { CALCTL_PROFILE: 'local' }, 'prod'),
      { kind: 'local' },
    ],
    [
      'env URL beats the default profile (and its secrets stay home)',
      input({}, { CALCTL_URL: ENVURL }, 'prod'),
      { url: ENVURL, profile: undefined, auth: undefined, user: undefined },
    ],
    [
      'env URL + env credentials',
      input({}, { CALCTL_URL: ENVURL, CALCTL_USER: 'eve', CALCTL_PASSWORD: 'env-pw' }),
      { url: ENVURL, profile: undefined, auth: { type: 'basic', user: 'eve', password: 'env-pw' }, user: undefined },
    ],
    [
      'WP_* names work',
      input({}, { WP_URL: ENVURL, WP_USERNAME: 'wpuser', WP_APP_PASSWORD: 'wp-pw' }),
      { url: ENVURL, profile: undefined, auth: { type: 'basic', user: 'wpuser', password: 'wp-pw' }, user: undefined },
    ],
    [
      'CALCTL_* beat WP_*',
      input(
        {},
        {
          WP_URL: STAGE,
          CALCTL_URL: ENVURL,
          WP_USERNAME: 'wpuser',
          CALCTL_USER: 'eve',
          WP_APP_PASSWORD: 'wp',
          CALCTL_PASSWORD: 'c',
        },
      ),
      { url: ENVURL, profile: undefined, auth: { type: 'basic', user: 'eve', password: 'c' }, user: undefined },
    ],
    [
      'env token → bearer',
      input({}, { CALCTL_URL: ENVURL, CALCTL_TOKEN: 'tok' }),
      { url: ENVURL, profile: undefined, auth: { type: 'bearer', token: 'tok' }, user: undefined },
    ],
    [
      'explicit profile beats env URL',
      input({ profile: 'stage' }, { CALCTL_URL: ENVURL, CALCTL_USER: 'eve', CALCTL_PASSWORD: 'x' }),
      { url: STAGE, profile: 'stage', auth: { type: 'basic', user: 'bob', password: 'stage-pw' }, user: undefined },
    ],
    [
      '@NAME is the same as --profile NAME',
      input({ profile: '@stage' }, {}, 'prod'),
      { url: STAGE, profile: 'stage', auth: { type: 'basic', user: 'bob', password: 'stage-pw' }, user: undefined },
    ],
    [
      'explicit profile beats CALCTL_PROFILE and the default',
      input({ profile: 'prod' }, { CALCTL_PROFILE: 'stage' }, 'stage'),
      { url: PROD, profile: 'prod', auth: { type: 'basic', user: 'alice', password: 'prod-pw' }, user: undefined },
    ],
    [
      'explicit local beats env and default',
      input({ profile: 'local' }, { CALCTL_URL: ENVURL }, 'prod'),
      { kind: 'local' },
    ],
    [
      '--url beats every profile and drops its secrets',
      input({ url: FLAGURL, profile: 'prod' }, {}, 'stage'),
      { url: FLAGURL, profile: undefined, auth: undefined, user: undefined },
    ],
    [
      '--url with explicit local → remote',
      input({ url: FLAGURL, profile: 'local' }),
      { url: FLAGURL, profile: undefined, auth: undefined, user: undefined },
    ],
    [
      '--url equal to the profile URL keeps the profile',
      input({ url: `${PROD}/` }, {}, 'prod'),
      {
        url: `${PROD}/`,
        profile: 'prod',
        auth: { type: 'basic', user: 'alice', password: 'prod-pw' },
        user: undefined,
      },
    ],
    [
      '--url + --user + --password-stdin',
      input({ url: FLAGURL, user: 'zed', passwordFromStdin: 'stdin-pw' }),
      { url: FLAGURL, profile: undefined, auth: { type: 'basic', user: 'zed', password: 'stdin-pw' }, user: undefined },
    ],
    [
      '--user beats the profile user (profile password not lent to another user)',
      input({ user: 'zed' }, {}, 'prod'),
      { url: PROD, profile: 'prod', auth: undefined, user: 'zed' },
    ],
    [
      '--user + --password-stdin on a profile',
      input({ user: 'zed', passwordFromStdin: 'p' }, {}, 'prod'),
      { url: PROD, profile: 'prod', auth: { type: 'basic', user: 'zed', password: 'p' }, user: undefined },
    ],
    [
      '--password-stdin replaces the stored password',
      input({ passwordFromStdin: 'new-pw' }, {}, 'prod'),
      { url: PROD, profile: 'prod', auth: { type: 'basic', user: 'alice', password: 'new-pw' }, user: undefined },
    ],
    [
      '--token beats the profile password',
      input({ token: 'flag-tok' }, {}, 'prod'),
      { url: PROD, profile: 'prod', auth: { type: 'bearer', token: 'flag-tok' }, user: undefined },
    ],
    [
      'env password fills in for a profile that stores none',
      input({ profile: 'nosecret' }, { CALCTL_PASSWORD: 'env-pw' }),
      { url: PROD, profile: 'nosecret', auth: { type: 'basic', user: 'carol', password: 'env-pw' }, user: undefined },
    ],
    [
      'WP_APP_PASSWORD fills in too',
      input({}, { WP_APP_PASSWORD: 'wp-pw' }, 'nosecret'),
      { url: PROD, profile: 'nosecret', auth: { type: 'basic', user: 'carol', password: 'wp-pw' }, user: undefined },
    ],
    [
      'env token fills in for a profile that stores none',
      input({ profile: 'nosecret' }, { CALCTL_TOKEN: 'tok' }),
      { url: PROD, profile: 'nosecret', auth: { type: 'bearer', token: 'tok' }, user: undefined },
    ],
    [
      'stored password beats the env password',
      input({ profile: 'prod' }, { CALCTL_PASSWORD: 'env-pw' }),
      { url: PROD, profile: 'prod', auth: { type: 'basic', user: 'alice', password: 'prod-pw' }, user: undefined },
    ],
    [
      'env password of another user does not fill in',
      input({ profile: 'nosecret' }, { CALCTL_USER: 'eve', CALCTL_PASSWORD: 'eve-pw' }),
      { url: PROD, profile: 'nosecret', auth: undefined, user: 'carol' },
    ],
    [
      'env credentials for an anonymous profile',
      input({ profile: 'anon' }, { CALCTL_USER: 'eve', CALCTL_PASSWORD: 'eve-pw' }),
      { url: STAGE, profile: 'anon', auth: { type: 'basic', user: 'eve', password: 'eve-pw' }, user: undefined },
    ],
    [
      'env credentials meant for another URL are not sent',
      input({ profile: 'anon' }, { CALCTL_URL: ENVURL, CALCTL_USER: 'eve', CALCTL_PASSWORD: 'eve-pw' }),
      { url: STAGE, profile: 'anon', auth: undefined, user: undefined },
    ],
    [
      'stored token → bearer',
      input({ profile: 'jwt' }),
      { url: PROD, profile: 'jwt', auth: { type: 'bearer', token: 'jwt-token' }, user: undefined },
    ],
    [
      'a user without any password is reported for a prompt',
      input({}, {}, 'nosecret'),
      { url: PROD, profile: 'nosecret', auth: undefined, user: 'carol' },
    ],
    [
      'empty env values count as unset',
      input({}, { CALCTL_URL: '', CALCTL_PROFILE: '' }, 'prod'),
      { url: PROD, profile: 'prod', auth: { type: 'basic', user: 'alice', password: 'prod-pw' }, user: undefined },
    ],
  ])('%s', (_name, given, expected) => {
    expect(summary(resolveTarget(given))).toEqual(expected);
  });

  it('carries the profile display settings and the sources', () => {
    const t = resolveTarget(input({}, { CALCTL_PASSWORD: 'ignored' }, 'prod'));
    expect(t).toMatchObject({ kind: 'remote', vendor: 'tribe', perPage: 25, output: 'json' });
    expect(t.sources).toEqual({
      url: 'default profile prod',
      profile: 'default profile prod',
      user: 'default profile prod',
      password: 'default profile prod',
    });
  });

  it('names the environment variable in the sources', () => {
    const t = resolveTarget(input({ profile: 'nosecret' }, { WP_APP_PASSWORD: 'x' }));
    expect(t.sources).toMatchObject({
      url: 'profile nosecret',
      user: 'profile nosecret',
      password: 'env WP_APP_PASSWORD',
    });
    const f = resolveTarget(input({ url: FLAGURL, token: 't' }, { CALCTL_VENDOR: 'tribe' }));
    expect(f.sources).toEqual({ url: 'flag --url', token: 'flag --token', vendor: 'env CALCTL_VENDOR' });
  });

  it('defaults the vendor to tribe and takes --vendor', () => {
    expect(resolveTarget(input({ url: FLAGURL }))).toMatchObject({ vendor: 'tribe' });
    expect(resolveTarget(input({ url: FLAGURL, vendor: 'acme' }))).toMatchObject({ vendor: 'acme' });
  });

  it('says where the local target came from', () => {
    expect(resolveTarget(input()).sources).toEqual({ target: 'built-in default' });
    expect(resolveTarget(input({ profile: '@local' })).sources).toEqual({ target: 'profile local' });
  });
});

describe('resolveTarget usage errors', () => {
  it.each<[string, ResolveInput, RegExp]>([
    ['unknown --profile', input({ profile: 'nope' }), /no profile named "nope"/],
    ['unknown @profile', input({ profile: '@nope' }), /no profile named "nope"/],
    ['unknown CALCTL_PROFILE', input({}, { CALCTL_PROFILE: 'nope' }), /CALCTL_PROFILE/],
    ['unknown default profile', input({}, {}, 'gone'), /default profile/],
    ['--user and --token together', input({ url: FLAGURL, user: 'a', token: 't' }), /--user and --token/],
    ['credentials without a site', input({ user: 'a' }), /no site/],
    ['--password-stdin without a user', input({ url: FLAGURL, passwordFromStdin: 'p' }), /needs a user/],
    ['credentials in the --url', input({ url: 'http://admin:pw@127.0.0.1:8080/' }), /URL \(flag --url\).*password/],
    ['credentials in CALCTL_URL', input({}, { CALCTL_URL: 'https://admin@example.org' }), /user name or password/],
    ['credentials in a bare host', input({ url: 'admin:pw@example.org' }), /user name or password/],
  ])('%s', (_name, given, message) => {
    let caught: unknown;
    try {
      resolveTarget(given);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CalctlError);
    expect((caught as CalctlError).exitCode).toBe(EXIT.usage);
    expect((caught as CalctlError).message).toMatch(message);
  });

  it('points at calctl profile list for an unknown profile', () => {
    expect(() => resolveTarget(input({ profile: 'nope' }))).toThrow(
      expect.objectContaining({ hint: expect.stringContaining('calctl profile list') }),
    );
  });
});

describe('PROFILE_RULES', () => {
  it('names every source in order', () => {
    const order = ['--url', '--profile NAME', 'CALCTL_URL', 'WP_APP_PASSWORD', 'CALCTL_PROFILE', 'local'].map((w) =>
      PROFILE_RULES.indexOf(w),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('a private CA file', () => {
  const withCa: ResolveInput = {
    flags: {},
    env: {},
    config: { profiles: { ...profiles, tls: { url: PROD, caFile: '/ca/prod.pem' } }, defaultProfile: 'tls' },
    secrets,
  };
  const caOf = (i: ResolveInput) => {
    const t = resolveTarget(i);
    return t.kind === 'remote' ? [t.caFile, t.sources.ca_file] : [];
  };

  it('comes from the profile in use, or from --ca-file for one command', () => {
    expect(caOf(withCa)).toEqual(['/ca/prod.pem', 'default profile tls']);
    expect(caOf({ ...withCa, flags: { caFile: '/ca/other.pem' } })).toEqual(['/ca/other.pem', 'flag --ca-file']);
  });

  it('goes to its own site only: another URL does not carry the profile CA', () => {
    expect(caOf({ ...withCa, flags: { url: FLAGURL } })).toEqual([undefined, undefined]);
    expect(caOf({ ...withCa, env: { CALCTL_URL: ENVURL } })).toEqual([undefined, undefined]);
  });
});
