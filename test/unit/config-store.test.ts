import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfigDir, defaultDataDir } from '../../src/config/paths.js';
import {
  getProfile,
  listProfiles,
  loadConfig,
  loadSettings,
  removeProfile,
  saveProfile,
  setDefaultProfile,
} from '../../src/config/store.js';
import { CalctlError, EXIT } from '../../src/errors/index.js';

let dir: string;

beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'calctl-config-')), 'calctl');
});

afterEach(() => {
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

function usageError(fn: () => unknown): CalctlError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CalctlError);
    expect((err as CalctlError).exitCode).toBe(EXIT.usage);
    return err as CalctlError;
  }
  throw new Error('expected a usage error');
}

describe('paths', () => {
  it.each([
    [{}, '/home/u/.config/calctl', '/home/u/.local/share/calctl'],
    [{ XDG_CONFIG_HOME: '/x/cfg', XDG_DATA_HOME: '/x/data' }, '/x/cfg/calctl', '/x/data/calctl'],
    [{ XDG_CONFIG_HOME: 'relative', XDG_DATA_HOME: '' }, '/home/u/.config/calctl', '/home/u/.local/share/calctl'],
    [{ CALCTL_DATA_DIR: '/d', CALCTL_CONFIG_DIR: '/c', XDG_DATA_HOME: '/x' }, '/c', '/d'],
  ])('%j', (env, config, data) => {
    expect(defaultConfigDir(env, '/home/u')).toBe(config);
    expect(defaultDataDir(env, '/home/u')).toBe(data);
  });
});

describe('store', () => {
  it('starts empty when nothing exists', () => {
    expect(loadConfig(dir)).toMatchObject({ profiles: {}, defaultProfile: undefined, secrets: {} });
    expect(listProfiles(dir)).toEqual([]);
  });

  it('keeps secrets out of config.json, in a 0600 secrets.json', () => {
    saveProfile(dir, 'prod', { url: 'https://example.org', user: 'alice', password: 'abcd efgh', perPage: 50 });
    saveProfile(dir, 'jwt', { url: 'https://jwt.example.org', token: 'tok-123' });
    const configText = readFileSync(join(dir, 'config.json'), 'utf8');
    expect(configText).not.toContain('abcd');
    expect(configText).not.toContain('tok-123');
    expect(JSON.parse(configText).profiles.prod).toEqual({ url: 'https://example.org', user: 'alice', perPage: 50 });
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual({
      prod: { password: 'abcd efgh' },
      jwt: { token: 'tok-123' },
    });
    expect(mode(join(dir, 'secrets.json'))).toBe(0o600);
    expect(mode(join(dir, 'config.json'))).toBe(0o600);
    expect(getProfile(dir, 'prod')).toEqual({
      url: 'https://example.org',
      user: 'alice',
      password: 'abcd efgh',
      perPage: 50,
    });
    expect(getProfile(dir, 'nope')).toBeUndefined();
  });

  it('lists profiles sorted, with secret flags but no secret values', () => {
    saveProfile(dir, 'b.site', { url: 'https://b', user: 'u', password: 'p' });
    saveProfile(dir, 'a-site', { url: 'https://a', token: 't' });
    setDefaultProfile(dir, 'b.site');
    const list = listProfiles(dir);
    expect(list).toEqual([
      { name: 'a-site', profile: { url: 'https://a' }, isDefault: false, hasPassword: false, hasToken: true },
      { name: 'b.site', profile: { url: 'https://b', user: 'u' }, isDefault: true, hasPassword: true, hasToken: false },
    ]);
    expect(JSON.stringify(list)).not.toMatch(/"p"|"t"/);
  });

  it('replaces a profile and drops secrets it no longer has', () => {
    saveProfile(dir, 'prod', { url: 'https://example.org', user: 'alice', password: 'pw' });
    saveProfile(dir, 'prod', { url: 'https://example.org', user: 'alice' });
    expect(loadConfig(dir).secrets).toEqual({});
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
  });

  it('removes a profile, its secrets and the default pointing at it', () => {
    saveProfile(dir, 'prod', { url: 'https://example.org', user: 'alice', password: 'pw' });
    saveProfile(dir, 'other', { url: 'https://other', user: 'o', password: 'opw' });
    setDefaultProfile(dir, 'prod');
    expect(removeProfile(dir, 'prod')).toBe(true);
    expect(removeProfile(dir, 'prod')).toBe(false);
    const loaded = loadConfig(dir);
    expect(Object.keys(loaded.profiles)).toEqual(['other']);
    expect(loaded.defaultProfile).toBeUndefined();
    expect(loaded.secrets).toEqual({ other: { password: 'opw' } });
  });

  it('sets and clears the default; "local" is allowed, unknown names are not', () => {
    saveProfile(dir, 'prod', { url: 'https://example.org' });
    setDefaultProfile(dir, 'prod');
    expect(loadSettings(dir).defaultProfile).toBe('prod');
    setDefaultProfile(dir, 'local');
    expect(loadSettings(dir).defaultProfile).toBe('local');
    setDefaultProfile(dir, undefined);
    expect(loadSettings(dir).defaultProfile).toBeUndefined();
    expect(usageError(() => setDefaultProfile(dir, 'nope')).hint).toContain('calctl profile list');
  });

  it.each(['local', 'has space', 'slash/name', '', 'ümlaut'])('refuses the profile name %j', (name) => {
    usageError(() => saveProfile(dir, name, { url: 'https://x' }));
  });

  it('accepts names with dots (not read as paths)', () => {
    saveProfile(dir, 'example.org', { url: 'https://example.org' });
    expect(Object.keys(loadSettings(dir).profiles)).toEqual(['example.org']);
  });

  it('refuses a profile without a url', () => {
    usageError(() => saveProfile(dir, 'x', { url: '' }));
  });

  it.each([0o640, 0o604, 0o644, 0o660])('refuses a secrets file with mode %s and says how to fix it', (m) => {
    saveProfile(dir, 'prod', { url: 'https://example.org', user: 'alice', password: 'pw' });
    const path = join(dir, 'secrets.json');
    chmodSync(path, m);
    const err = usageError(() => loadConfig(dir));
    expect(err.code).toBe('secrets_insecure');
    expect(err.hint).toBe(`chmod 600 ${path}`);
    // Saving must not go ahead (and must not rewrite the file with a fresh mode) either.
    usageError(() => saveProfile(dir, 'other', { url: 'https://o', password: 'x', user: 'o' }));
    expect(mode(path)).toBe(m);
    // Settings alone stay readable, e.g. for `profile list` without secrets.
    expect(Object.keys(loadSettings(dir).profiles)).toEqual(['prod']);
    chmodSync(path, 0o600);
    expect(loadConfig(dir).secrets.prod).toEqual({ password: 'pw' });
  });

  it('accepts a 0400 secrets file', () => {
    saveProfile(dir, 'prod', { url: 'https://example.org', user: 'alice', password: 'pw' });
    chmodSync(join(dir, 'secrets.json'), 0o400);
    expect(loadConfig(dir).secrets.prod).toEqual({ password: 'pw' });
  });

  it('reports broken JSON as a usage error naming the file', () => {
    saveProfile(dir, 'prod', { url: 'https://example.org', user: 'alice', password: 'pw' });
    writeFileSync(join(dir, 'secrets.json'), '{nope', { mode: 0o600 });
    expect(usageError(() => loadConfig(dir)).message).toContain('secrets.json');
    writeFileSync(join(dir, 'config.json'), '{nope', { mode: 0o600 });
    expect(usageError(() => loadSettings(dir)).message).toContain('config.json');
  });
});
