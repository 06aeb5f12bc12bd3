/**
 * A field codec shared by every side that writes events back (CLI updates, CSV upserts, copies): the
 * cost a record shows, turned into what a write must send to reproduce it.
 */

type Rec = Record<string, unknown>;

const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The cost as it must be sent to reproduce the record's `cost`/`cost_details`: the values with the
 * currency mark where the site recorded one (`["0$","20$","30$"]` → `Free – 30$` again), the plain
 * values when it recorded none, and the display text when it found no number ("Donation").
 */
export function costInput(record: Rec): unknown {
  const details = isObject(record.cost_details) ? record.cost_details : undefined;
  const values = Array.isArray(details?.values) ? details.values.map(String) : [];
  if (values.length === 0) return typeof record.cost === 'string' ? record.cost : '';
  const symbol = typeof details?.currency_symbol === 'string' ? details.currency_symbol : '';
  const postfix = details?.currency_position === 'postfix';
  const marked = symbol === '' ? values : values.map((v) => (postfix ? `${v}${symbol}` : `${symbol}${v}`));
  return marked.length === 1 ? marked[0] : marked;
}

/**
 * A cost typed as text (a `--cost` flag, a CSV cell), as a write must send it for the site to keep
 * it as typed. The plugin reads the currency mark of a text cost after splitting it at its commas
 * (`Cost_Utils::parse_currency_symbol` and `parse_currency_position`), so a decimal comma loses the
 * mark: `€10,50` shows as `$10,50`. One text inside a list is read whole, and its numbers are parsed
 * as before (`5, 10, 15` is three prices either way), so a text with a comma goes as a list of one.
 */
export function costFromText(text: string): string | string[] {
  return text.includes(',') ? [text] : text;
}
