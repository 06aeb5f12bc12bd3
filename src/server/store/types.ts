import type { WpPostType, WpTaxonomy } from '../../catalog/index.js';

/** Post types of the three post-like resources and taxonomies of the two term-like ones (the catalog's). */
export type PostType = WpPostType;
export type Taxonomy = WpTaxonomy;

/** Event-only settings kept in the `meta` column. */
export interface EventMeta {
  timezone: string;
  all_day: boolean;
  /** cost as sent (string, number or array); null when none */
  cost: unknown;
  /** null: never set, the permalink is shown; '' after an update that omitted it */
  website: string | null;
  show_map: boolean;
  show_map_link: boolean;
  sticky: boolean;
}

export interface VenueMeta {
  address?: string;
  city?: string;
  country?: string;
  province?: string;
  state?: string;
  zip?: string;
  phone?: string;
  stateprovince?: string;
  website?: string;
  show_map: boolean;
  show_map_link: boolean;
}

export interface OrganizerMeta {
  phone?: string;
  website?: string;
  email?: string;
}

/** A row of the posts table, meta decoded. */
export interface Post {
  id: number;
  type: PostType;
  status: string;
  author: number;
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  date: string;
  date_utc: string;
  modified: string;
  modified_utc: string;
  parent: number;
  meta: Record<string, unknown>;
  start_local: string | null;
  end_local: string | null;
  start_utc: string | null;
  end_utc: string | null;
  featured: number;
  hidden: number;
  venue_id: number | null;
  /**
   * WordPress's guid: the post's address when it was created, below the site root (`/event/slug/`,
   * or `/?post_type=…&p=ID` for a post created unpublished); '' for rows older than the column.
   */
  guid: string;
}

export interface Term {
  id: number;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  description: string;
  parent: number;
}

/** A post as inserted or updated (meta already encoded by the caller's shape). */
export type PostInput = Omit<Post, 'id'>;
