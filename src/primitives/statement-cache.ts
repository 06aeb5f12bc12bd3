/**
 * Statements prepared once per connection and kept by their SQL text: the store's queries repeat a
 * small set of shapes (the list queries build a few dozen from their filters), so preparing each once
 * saves SQLite's parse on every request. The map is emptied past a bound, so that queries built from
 * unusual filter combinations cannot make it grow without end.
 */
import type { Database, Statement } from 'better-sqlite3';

/** A function that gives the prepared statement of an SQL text on `db`. */
export function statementCache(db: Database, bound = 500): (sql: string) => Statement {
  const statements = new Map<string, Statement>();
  return (sql) => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      if (statements.size > bound) statements.clear();
      statements.set(sql, stmt);
    }
    return stmt;
  };
}
