/**
 * WordPress's five roles and their capabilities, as a site with The Events Calendar has them: core's
 * (populate_roles in wp-admin/includes/schema.php, in its order) and then the plugin's over its post
 * types (Tribe__Events__Capabilities::register_post_type_caps: each role gets, for every post type of
 * the plugin, the post-type capabilities of the core ones it holds; an administrator at the editor's
 * level). The order is the order a site lists them in `capabilities`.
 */

import { isRole, ROLE_NAMES, type RoleName } from '../../catalog/index.js';

export { isRole, ROLE_NAMES, type RoleName };

/** Display names of the roles (translate_user_role's English). */
export const ROLE_LABELS: Record<RoleName, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
  subscriber: 'Subscriber',
};

const levels = (top: number) => Array.from({ length: top + 1 }, (_, i) => `level_${top - i}`);

const EDITOR_CORE = [
  'moderate_comments',
  'manage_categories',
  'manage_links',
  'upload_files',
  'unfiltered_html',
  'edit_posts',
  'edit_others_posts',
  'edit_published_posts',
  'publish_posts',
  'edit_pages',
  'read',
  ...levels(7),
  'edit_others_pages',
  'edit_published_pages',
  'publish_pages',
  'delete_pages',
  'delete_others_pages',
  'delete_published_pages',
  'delete_posts',
  'delete_others_posts',
  'delete_published_posts',
  'delete_private_posts',
  'edit_private_posts',
  'read_private_posts',
  'delete_private_pages',
  'edit_private_pages',
  'read_private_pages',
];

const ADMIN_CORE = [
  'switch_themes',
  'edit_themes',
  'activate_plugins',
  'edit_plugins',
  'edit_users',
  'edit_files',
  'manage_options',
  ...EDITOR_CORE.slice(0, 4),
  'import',
  ...EDITOR_CORE.slice(4, 11),
  ...levels(10),
  ...EDITOR_CORE.slice(19),
  'delete_users',
  'create_users',
  'unfiltered_upload',
  'edit_dashboard',
  'update_plugins',
  'delete_plugins',
  'install_plugins',
  'update_themes',
  'install_themes',
  'update_core',
  'list_users',
  'remove_users',
  'promote_users',
  'edit_theme_options',
  'delete_themes',
  'export',
];

const CORE: Record<RoleName, string[]> = {
  administrator: ADMIN_CORE,
  editor: EDITOR_CORE,
  author: [
    'upload_files',
    'edit_posts',
    'edit_published_posts',
    'publish_posts',
    'read',
    ...levels(2),
    'delete_posts',
    'delete_published_posts',
  ],
  contributor: ['edit_posts', 'read', ...levels(1), 'delete_posts'],
  subscriber: ['read', 'level_0'],
};

/** The plugin's aliases per level (its $cap_aliases), core's generic post capabilities. */
const ALIASES: Record<Exclude<RoleName, 'administrator'>, string[]> = {
  editor: [
    'read',
    'read_private_posts',
    'edit_posts',
    'edit_others_posts',
    'edit_private_posts',
    'edit_published_posts',
    'delete_posts',
    'delete_others_posts',
    'delete_private_posts',
    'delete_published_posts',
    'publish_posts',
  ],
  author: ['read', 'edit_posts', 'edit_published_posts', 'delete_posts', 'delete_published_posts', 'publish_posts'],
  contributor: ['read', 'edit_posts', 'delete_posts'],
  subscriber: ['read'],
};

/** The capability types of the plugin's post types (`capability_type`'s plural), in the order it registers them. */
export const CAPABILITY_TYPES = {
  tribe_events: 'tribe_events',
  tribe_venue: 'tribe_venues',
  tribe_organizer: 'tribe_organizers',
  'tribe-ea-record': 'aggregator-records',
} as const;

/** A post type's name for one of core's generic post capabilities (`edit_posts` → `edit_tribe_events`). */
export function typeCap(type: keyof typeof CAPABILITY_TYPES, generic: string): string {
  // (`read` stays `read`: register_post_type maps it to itself)
  return generic === 'read' ? 'read' : generic.replace(/posts$/, CAPABILITY_TYPES[type]);
}

const built = new Map<RoleName, readonly string[]>();

/** Every capability of a role, in the order a site lists them (without the role's own name). */
export function roleCaps(role: RoleName): readonly string[] {
  let caps = built.get(role);
  if (!caps) {
    const list = [...CORE[role]];
    const level = role === 'administrator' ? 'editor' : role;
    for (const type of Object.keys(CAPABILITY_TYPES) as (keyof typeof CAPABILITY_TYPES)[]) {
      for (const alias of ALIASES[level]) {
        const cap = typeCap(type, alias);
        if (!list.includes(cap)) list.push(cap);
      }
    }
    caps = Object.freeze(list);
    built.set(role, caps);
  }
  return caps;
}
