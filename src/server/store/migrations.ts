import type { Database } from 'better-sqlite3';

/**
 * Numbered schema migrations. `PRAGMA user_version` records how many have run; each runs in its own
 * transaction, so a crash mid-migration leaves the previous version intact.
 */
const MIGRATIONS: readonly string[] = [
  // 1: posts (events, venues, organizers share one id space, as WordPress posts do), terms, links, users
  `
  CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    type TEXT NOT NULL,
    status TEXT NOT NULL,
    author INTEGER NOT NULL DEFAULT 1,
    title TEXT NOT NULL DEFAULT '',
    content TEXT NOT NULL DEFAULT '',
    excerpt TEXT NOT NULL DEFAULT '',
    slug TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL,
    date_utc TEXT NOT NULL,
    modified TEXT NOT NULL,
    modified_utc TEXT NOT NULL,
    parent INTEGER NOT NULL DEFAULT 0,
    meta TEXT NOT NULL DEFAULT '{}',
    start_local TEXT,
    end_local TEXT,
    start_utc TEXT,
    end_utc TEXT,
    featured INTEGER NOT NULL DEFAULT 0,
    hidden INTEGER NOT NULL DEFAULT 0,
    venue_id INTEGER
  );
  CREATE INDEX posts_type_start ON posts(type, start_local, id);
  CREATE INDEX posts_type_date ON posts(type, date DESC, id DESC);
  CREATE INDEX posts_type_slug ON posts(type, slug);
  CREATE INDEX posts_type_title ON posts(type, title COLLATE NOCASE);
  CREATE INDEX posts_venue ON posts(venue_id) WHERE venue_id IS NOT NULL;
  CREATE INDEX posts_parent ON posts(parent) WHERE parent <> 0;

  CREATE TABLE event_organizers (
    event_id INTEGER NOT NULL,
    organizer_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (event_id, organizer_id)
  ) WITHOUT ROWID;
  CREATE INDEX event_organizers_org ON event_organizers(organizer_id, event_id);

  CREATE TABLE terms (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    taxonomy TEXT NOT NULL,
    name TEXT NOT NULL,
    slug TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    parent INTEGER NOT NULL DEFAULT 0
  );
  CREATE UNIQUE INDEX terms_tax_slug ON terms(taxonomy, slug);
  CREATE INDEX terms_tax_name ON terms(taxonomy, name COLLATE NOCASE);
  CREATE INDEX terms_parent ON terms(parent);

  CREATE TABLE term_relationships (
    post_id INTEGER NOT NULL,
    term_id INTEGER NOT NULL,
    PRIMARY KEY (term_id, post_id)
  ) WITHOUT ROWID;
  CREATE INDEX term_relationships_post ON term_relationships(post_id, term_id);

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    login TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL
  );
  CREATE TABLE app_passwords (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    salt BLOB NOT NULL,
    hash BLOB NOT NULL,
    created TEXT NOT NULL
  );
  `,
  // 2: a covering index for the events list: the window count reads only the index
  `
  CREATE INDEX posts_event_window ON posts(type, hidden, start_local, end_local, status, featured, venue_id);
  `,
  // 3: term counts kept in the terms table (published posts only, as WordPress counts), maintained by
  // triggers so every writer — this process or another — keeps them right inside its transaction
  `
  ALTER TABLE terms ADD COLUMN count INTEGER NOT NULL DEFAULT 0;
  UPDATE terms SET count = (
    SELECT COUNT(*) FROM term_relationships r JOIN posts p ON p.id = r.post_id
    WHERE r.term_id = terms.id AND p.status = 'publish'
  );
  CREATE TRIGGER term_count_link AFTER INSERT ON term_relationships
    WHEN (SELECT status FROM posts WHERE id = NEW.post_id) = 'publish'
    BEGIN UPDATE terms SET count = count + 1 WHERE id = NEW.term_id; END;
  CREATE TRIGGER term_count_unlink AFTER DELETE ON term_relationships
    WHEN (SELECT status FROM posts WHERE id = OLD.post_id) = 'publish'
    BEGIN UPDATE terms SET count = count - 1 WHERE id = OLD.term_id; END;
  CREATE TRIGGER term_count_status AFTER UPDATE OF status ON posts
    WHEN (OLD.status = 'publish') <> (NEW.status = 'publish')
    BEGIN
      UPDATE terms SET count = count + (CASE WHEN NEW.status = 'publish' THEN 1 ELSE -1 END)
      WHERE id IN (SELECT term_id FROM term_relationships WHERE post_id = NEW.id);
    END;
  `,
  // 4: the covering window index serves the events list's order too (queries always pin hidden = 0);
  // one index fewer to write on every event insert
  `
  DROP INDEX IF EXISTS posts_type_start;
  `,
  // 5: the window index ordered exactly as the events list (start, then id), so a deep page walks the
  // index instead of sorting (exports page through every event)
  `
  DROP INDEX IF EXISTS posts_event_window;
  CREATE INDEX posts_event_window ON posts(type, hidden, start_local, id, end_local, status, featured, venue_id);
  `,
  // 6: the title and publication-date indexes serve venues and organizers only (duplicate lookup by
  // name, their lists' date order); events never use them, so events stay out of them — two index
  // writes fewer per event insert. Queries that want them say `type <> 'tribe_events'`.
  `
  DROP INDEX IF EXISTS posts_type_title;
  DROP INDEX IF EXISTS posts_type_date;
  CREATE INDEX posts_linked_title ON posts(type, title COLLATE NOCASE) WHERE type <> 'tribe_events';
  CREATE INDEX posts_linked_date ON posts(type, date DESC, id DESC) WHERE type <> 'tribe_events';
  `,
  // 7: what WordPress keeps beside a post: its guid (the address it had when created, relative to the
  // site), the post meta the trash uses (_wp_desired_post_slug, _wp_trash_meta_status/_time), and
  // GMT dates as wp_insert_post stores them — none for a draft or pending post whose date floats
  // (zero), and the modification time of a post never updated is its creation time. Rows written
  // before get the guid of their present address when published (an unpublished one's is derived).
  `
  ALTER TABLE posts ADD COLUMN guid TEXT NOT NULL DEFAULT '';
  CREATE TABLE post_meta (
    post_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (post_id, key)
  ) WITHOUT ROWID;
  UPDATE posts SET
    modified_utc = CASE WHEN modified = date THEN '0000-00-00 00:00:00' ELSE modified_utc END,
    date_utc = '0000-00-00 00:00:00'
  WHERE status IN ('draft', 'pending', 'auto-draft');
  UPDATE posts SET guid = '/' || CASE type WHEN 'tribe_events' THEN 'event' WHEN 'tribe_venue' THEN 'venue'
    ELSE 'organizer' END || '/' || slug || '/'
  WHERE status IN ('publish', 'private') AND slug <> '';
  `,
  // 8: WordPress's users (wp_users and the user meta its REST controller shows: names, locale, roles)
  // and application passwords with the fields core keeps for each (uuid, app_id, last use). The admin
  // of a data dir made before keeps its id, login and password and gets the administrator role.
  // Application passwords made through REST are hashed with a keyless salted SHA-256 (`algo` 'sha256',
  // as WordPress 6.8 does with wp_fast_hash: they are long random secrets); the admin's first one keeps
  // its scrypt hash.
  `
  ALTER TABLE users ADD COLUMN email TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN slug TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN url TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN description TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN first_name TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN last_name TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN nickname TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN locale TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN roles TEXT NOT NULL DEFAULT 'subscriber';
  ALTER TABLE users ADD COLUMN registered TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN pass_hash TEXT NOT NULL DEFAULT '';
  UPDATE users SET roles = 'administrator', slug = lower(login), nickname = login,
    email = login || '@localhost', registered = strftime('%Y-%m-%d %H:%M:%S', 'now') WHERE id = 1;
  ALTER TABLE app_passwords ADD COLUMN uuid TEXT NOT NULL DEFAULT '';
  ALTER TABLE app_passwords ADD COLUMN app_id TEXT NOT NULL DEFAULT '';
  ALTER TABLE app_passwords ADD COLUMN last_used TEXT;
  ALTER TABLE app_passwords ADD COLUMN last_ip TEXT;
  ALTER TABLE app_passwords ADD COLUMN algo TEXT NOT NULL DEFAULT 'scrypt';
  UPDATE app_passwords SET uuid = lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' ||
    substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)));
  `,
];

/** Brings the schema up to the latest version. Safe to call from several processes at once. */
export function migrate(db: Database): number {
  // The common case (already up to date) needs no write lock.
  if ((db.pragma('user_version', { simple: true }) as number) >= MIGRATIONS.length) return MIGRATIONS.length;
  const run = db.transaction(() => {
    // Re-read inside the write transaction: another process may have migrated meanwhile.
    const current = db.pragma('user_version', { simple: true }) as number;
    for (let v = current; v < MIGRATIONS.length; v++) {
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    }
    return MIGRATIONS.length;
  });
  return run.immediate();
}

export const SCHEMA_VERSION = MIGRATIONS.length;
