import type { RouteId } from '@goldbot/shared';

/**
 * Who may call what (DESIGN.md §4, §9). Written out by hand, route by route, on purpose: it is
 * the independent statement the route table's `auth` levels are checked against, so it must not
 * be derived from the table. The integration suite sends each row's request over real HTTP as
 * every caller; the unit suite runs it in-process against the handlers with a mocked table.
 *
 * 'allowed' means the request got past authentication and authorization: any status other than
 * 401 or 403 (a 404 for a made-up id is allowed; the guard let the caller through).
 */
export type Expectation = 'allowed' | 401 | 403;

export interface AuthorizationRow {
  anonymous: Expectation;
  user: Expectation;
  admin: Expectation;
  /** For routes about one user's own data: a signed-in user who is not the owner. */
  otherUser?: Expectation;
  /** A request that is valid apart from who sends it (so 'allowed' cannot be a 400 in disguise). */
  request: {
    pathParams?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  };
}

/** A well-formed id that no seed or test creates. */
const UNKNOWN_ID = '01KDX3N8W6Q5ZJ4R2T7B9MATRX';

export const AUTHORIZATION_MATRIX: Partial<Record<RouteId, AuthorizationRow>> = {
  health: {
    anonymous: 'allowed',
    user: 'allowed',
    admin: 'allowed',
    request: {},
  },
  'contact-add': {
    anonymous: 'allowed',
    user: 'allowed',
    admin: 'allowed',
    request: {
      body: {
        name: 'Authorization Matrix',
        email: 'matrix@example.com',
        message: 'Sent by the authorization matrix test; safe to delete.',
      },
    },
  },
  'contact-list': {
    anonymous: 401,
    user: 403,
    admin: 'allowed',
    request: { query: { limit: '1' } },
  },
  'contact-delete': {
    anonymous: 401,
    user: 403,
    admin: 'allowed',
    request: { pathParams: { id: UNKNOWN_ID } },
  },
};

/** True when an HTTP status satisfies an expectation of the matrix. */
export function meetsExpectation(status: number, expectation: Expectation): boolean {
  return expectation === 'allowed' ? status !== 401 && status !== 403 : status === expectation;
}
