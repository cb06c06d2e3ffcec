import type { UserProfile } from '../domain/records/user-profile.js';

/**
 * User profile and its uniqueness markers (docs/data-model.md, "User profile", "Uniqueness markers"). Keys are built here only.
 *   USER#<sub> / PROFILE              the profile (GSI1 USERS list once verified, searched through its
 *                                     `searchText`; GSI2/GSI3 prefix keys)
 *   EMAIL#<email> / EMAIL             e-mail marker → userId
 *   USERNAME#<usernameLower> / USERNAME
 *   REFCODE#<CODE> / REFCODE          referral-code marker → userId, username, emailKey (canonical e-mail)
 *   USER#<sub> / SESSION#<hash>       one item per refresh token we issued (revocable)
 */
export const profileKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' });
export const emailMarkerKey = (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' });
export const usernameMarkerKey = (username: string) => ({
  PK: `USERNAME#${username.toLowerCase()}`,
  SK: 'USERNAME',
});
export const referralCodeMarkerKey = (code: string) => ({ PK: `REFCODE#${code.toUpperCase()}`, SK: 'REFCODE' });
export const sessionKey = (userId: string, tokenHash: string) => ({ PK: `USER#${userId}`, SK: `SESSION#${tokenHash}` });
export const SESSION_SK_PREFIX = 'SESSION#';

/** The digits of a phone number (`+1 (555) 010-2030` → `15550102030`), so a search may type it either way. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/**
 * The admin list's search field (docs/data-model.md, "User profile" and "Search, stated honestly"): username, e-mail and phone (as written and as
 * digits only), lower-cased, one per line so a match never spans two fields.
 */
export function profileSearchText(profile: Pick<UserProfile, 'username' | 'email' | 'phone'>): string {
  const phone = profile.phone?.trim() ?? '';
  const digits = phoneDigits(phone);
  return [profile.username, profile.email, phone, digits !== phone ? digits : '']
    .filter((part) => part !== '')
    .join('\n')
    .toLowerCase();
}

/**
 * The first character of a value: a whole code point, so a name that starts with a letter outside
 * the BMP ('𠮷', an emoji) never puts half a surrogate pair, which is not text, into a key.
 */
const firstCharacter = (value: string) => Array.from(value.slice(0, 2))[0] ?? '';

/**
 * The prefix indexes: GSI2 holds lower-cased usernames and GSI3 e-mails, one partition
 * per first character, so the values that start with a term are one `begins_with` range.
 */
export const usernamePrefixPartition = (value: string) => `UNAME#${firstCharacter(value)}`;
export const emailPrefixPartition = (value: string) => `UEMAIL#${firstCharacter(value)}`;

const searchKeys = (profile: Pick<UserProfile, '_id' | 'username' | 'email' | 'phone'>) => {
  const usernameLower = profile.username.toLowerCase();
  return {
    usernameLower,
    searchText: profileSearchText(profile),
    GSI2PK: usernamePrefixPartition(usernameLower),
    GSI2SK: `${usernameLower}#${profile._id}`,
    GSI3PK: emailPrefixPartition(profile.email),
    GSI3SK: `${profile.email}#${profile._id}`,
  };
};

/** GSI1 `USERS`, newest first: written at verification, so only verified users are listed. */
export const USERS_LIST_PARTITION = 'USERS';
export const verifiedListKeys = (profile: Pick<UserProfile, '_id' | 'createdAt'>) => ({
  GSI1PK: USERS_LIST_PARTITION,
  GSI1SK: `${profile.createdAt}#${profile._id}`,
});

export function toProfileItem(profile: UserProfile, extra: Record<string, unknown> = {}) {
  return {
    ...profileKey(profile._id),
    entity: 'UserProfile',
    ...searchKeys(profile),
    ...(profile.emailVerifiedAt ? verifiedListKeys(profile) : {}),
    referralHeld: 0,
    ...profile,
    ...extra,
  };
}

export { searchKeys as profileSearchKeys };

/**
 * The payer as a decision on their payment or refund reads them: their profile's name and e-mail
 * (the row's copy when the profile lacks one) and the day their Basic months are paid through.
 */
export const payerOf = (
  profile: Record<string, unknown> | undefined,
  row: { username: string; email: string },
): { username: string; email: string; basicPaidThrough: string | null } | undefined =>
  profile
    ? {
        username: String(profile.username ?? row.username),
        email: String(profile.email ?? row.email),
        basicPaidThrough: typeof profile.basicPaidThrough === 'string' ? profile.basicPaidThrough : null,
      }
    : undefined;

export function fromProfileItem(item: Record<string, unknown>): UserProfile {
  return {
    _id: String(item._id),
    username: String(item.username),
    email: String(item.email),
    phone: typeof item.phone === 'string' ? item.phone : null,
    isActive: item.isActive !== false,
    isAdmin: item.isAdmin === true,
    referralCode: String(item.referralCode ?? ''),
    referralCount: Number(item.referralCount ?? 0),
    referralEarnings: Number(item.referralEarnings ?? 0),
    emailVerifiedAt: typeof item.emailVerifiedAt === 'string' ? item.emailVerifiedAt : undefined,
    verifiedEmail: typeof item.verifiedEmail === 'string' ? item.verifiedEmail : undefined,
    pendingPasswordHash: typeof item.pendingPasswordHash === 'string' ? item.pendingPasswordHash : undefined,
    tokensValidAfter: typeof item.tokensValidAfter === 'number' ? item.tokensValidAfter : undefined,
    sessionsValidAfterMs: typeof item.sessionsValidAfterMs === 'number' ? item.sessionsValidAfterMs : undefined,
    mfaEnabledAt: typeof item.mfaEnabledAt === 'string' ? item.mfaEnabledAt : undefined,
    ...(typeof item.testMailSentAt === 'string' ? { testMailSentAt: item.testMailSentAt } : {}),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}
