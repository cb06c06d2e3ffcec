/**
 * Field readers the entity mappers share, for attributes an item may lack or hold in an older
 * shape. Imports nothing, so a mapper that uses them loads no client.
 */

/** A string attribute, or null when it is missing, empty or not a string. */
export const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The customer a row belongs to, as the row keeps a copy of them (username and e-mail at the time of writing). */
export const rowCustomer = (item: Record<string, unknown>) => ({
  userId: String(item.userId),
  username: String(item.username ?? ''),
  email: String(item.email ?? ''),
});
