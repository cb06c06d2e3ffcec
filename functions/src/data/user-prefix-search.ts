import type { ListSearchScope } from '@goldbot/shared';
import { cursorKeyNames, decodeCursor, encodeCursor } from './cursor.js';
import {
  USERS_LIST_PARTITION,
  emailPrefixPartition,
  fromProfileItem,
  usernamePrefixPartition,
} from './user-profile-entity.js';
import type { UserProfile } from '../domain/records/user-profile.js';
import { queryListPage, queryTable, type IndexList, type Item, type ListPage } from './table-reads.js';

/**
 * Admin search by the start of a username or an e-mail (docs/data-model.md, "Search, stated honestly"): the
 * profiles' prefix indexes answer it, so it reads the matching users and nothing else, at the same
 * cost whatever the number of users. Only a term that starts no username and no e-mail looks
 * inside the values, and then among the newest records only (INSIDE_SEARCH_WINDOW per page).
 */

/** Records a search for a part inside the values evaluates per page: the newest ones after the cursor. */
export const INSIDE_SEARCH_WINDOW = 500;

/** The users a search over the rows users own (subscriptions) takes from the prefix indexes. */
export const PREFIX_SEARCH_USERS = 20;

export const START_SCOPE: ListSearchScope = { matched: 'start', limitedTo: null };

/** The newest-first list an inside search reads, with its per-page window. */
export const insideScope = (page: Pick<ListPage, 'budgetSpent'>): ListSearchScope => ({
  matched: 'inside',
  limitedTo: page.budgetSpent ? INSIDE_SEARCH_WINDOW : null,
});

const usernameList = (term: string): IndexList => ({
  index: 'GSI2',
  pk: 'GSI2PK',
  sk: 'GSI2SK',
  value: usernamePrefixPartition(term),
  skPrefix: term,
  ascending: true,
});

const emailList = (term: string): IndexList => ({
  index: 'GSI3',
  pk: 'GSI3PK',
  sk: 'GSI3SK',
  value: emailPrefixPartition(term),
  skPrefix: term,
  ascending: true,
});

const USERS_LIST: IndexList = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', value: USERS_LIST_PARTITION };

/** GSI1PK `USERS` is written at verification: the admin list shows verified users only. */
const VERIFIED = 'attribute_exists(GSI1PK)';

/**
 * The cursor of the page whose usernames ran out exactly as it filled: the next page starts the
 * e-mails, which no index key can point at.
 */
const EMAILS_FROM_START = { next: 'emails' } as const;

export interface UserSearchPage {
  items: Item[];
  nextCursor: string | null;
  search: ListSearchScope;
}

/**
 * One page of verified users matching `term` (lower-cased): the usernames that start with it in
 * alphabetical order, then the e-mails that start with it (skipping users whose username already
 * matched); with no such user at all, the newest users with the term anywhere in their
 * `searchText`, INSIDE_SEARCH_WINDOW evaluated per page. The cursor says which of the three the
 * next page continues.
 */
export async function searchUsersPage(
  term: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<UserSearchPage> {
  const names = cursorKeyNames(cursor);
  if (names.includes('GSI1PK')) return searchInside(term, limit, cursor);
  if (names.includes('next')) decodeCursor(cursor, EMAILS_FROM_START, ['next']);
  const emailCursor = names.includes('GSI3PK') ? cursor : undefined;
  const onEmails = names.includes('next') || emailCursor !== undefined;
  const byName: ListPage = onEmails
    ? { items: [], nextCursor: null, budgetSpent: false }
    : await queryListPage(usernameList(term), { limit, cursor, where: { expression: VERIFIED }, budget: Infinity });
  if (byName.nextCursor !== null) return { items: byName.items, nextCursor: byName.nextCursor, search: START_SCOPE };
  const rest = limit - byName.items.length;
  if (rest === 0) return { items: byName.items, nextCursor: encodeCursor(EMAILS_FROM_START), search: START_SCOPE };
  const byEmail = await queryListPage(emailList(term), {
    limit: rest,
    cursor: emailCursor,
    where: { expression: `${VERIFIED} AND NOT begins_with(usernameLower, :term)`, values: { ':term': term } },
    budget: Infinity,
  });
  const items = [...byName.items, ...byEmail.items];
  if (items.length === 0 && cursor === undefined) return searchInside(term, limit, undefined);
  return { items, nextCursor: byEmail.nextCursor, search: START_SCOPE };
}

async function searchInside(term: string, limit: number, cursor: string | undefined): Promise<UserSearchPage> {
  const page = await queryListPage(USERS_LIST, { limit, cursor, contains: term, budget: INSIDE_SEARCH_WINDOW });
  return { items: page.items, nextCursor: page.nextCursor, search: insideScope(page) };
}

/**
 * At most PREFIX_SEARCH_USERS users (verified or not) whose username or e-mail starts with `term`:
 * one Query of each prefix index. `limited` when either had more.
 */
export async function usersStartingWith(term: string): Promise<{ users: UserProfile[]; limited: boolean }> {
  const results = await Promise.all(
    [usernameList(term), emailList(term)].map(({ index, pk, sk, value }) =>
      queryTable({
        IndexName: index,
        KeyConditionExpression: `${pk} = :list AND begins_with(${sk}, :prefix)`,
        ExpressionAttributeValues: { ':list': value, ':prefix': term },
        Limit: PREFIX_SEARCH_USERS,
      }),
    ),
  );
  const byId = new Map<string, UserProfile>();
  for (const item of results.flatMap((result) => result.Items ?? [])) {
    const profile = fromProfileItem(item);
    byId.set(profile._id, profile);
  }
  const users = [...byId.values()];
  return {
    users: users.slice(0, PREFIX_SEARCH_USERS),
    limited: users.length > PREFIX_SEARCH_USERS || results.some((result) => result.LastEvaluatedKey !== undefined),
  };
}
