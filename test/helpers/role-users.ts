/** Users of given roles made through core's users route, each with an application password to sign in. */
import { expect } from 'vitest';
import { type Api, basic } from './core.js';

/** The users made: ids and application passwords by login, and request options signing in as one. */
export interface RoleUsers {
  ids: Record<string, number>;
  creds: Record<string, string>;
  as(login: string): { headers: { authorization: string } };
}

/** Makes one user a role, logged in as `${prefix}_${role}`, each with an application password. */
export async function addRoleUsers(api: Api, prefix: string, roles: readonly string[]): Promise<RoleUsers> {
  const ids: Record<string, number> = {};
  const creds: Record<string, string> = {};
  for (const role of roles) {
    const login = `${prefix}_${role}`;
    const made = await api.post('/wp-json/wp/v2/users', {
      username: login,
      email: `${login}@example.com`,
      password: 'secret-123',
      roles: [role],
    });
    expect(made.status, made.text).toBe(201);
    ids[login] = made.body.id;
    const ap = await api.post(`/wp-json/wp/v2/users/${made.body.id}/application-passwords`, { name: 'test' });
    expect(ap.status, ap.text).toBe(201);
    creds[login] = ap.body.password;
  }
  return { ids, creds, as: (login) => ({ headers: { authorization: basic(login, creds[login] as string) } }) };
}
