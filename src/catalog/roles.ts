/**
 * WordPress's five roles, by name, as a site with The Events Calendar has them: the server gives each
 * its capabilities (src/server/users/roles.ts); the client names them in help and in what it tells a
 * user about its role.
 */
export const ROLE_NAMES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const isRole = (name: unknown): name is RoleName => ROLE_NAMES.includes(name as RoleName);
