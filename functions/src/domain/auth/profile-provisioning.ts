import type { AccountDeps, SessionCaller } from './account-deps.js';
import { ReferralCodeCollision, type RegistrationOptions } from './account-stores.js';
import { generateReferralCode } from './referral-code.js';
import type { UserProfile } from '../records/user-profile.js';

/**
 * Writing a new profile with a referral code nobody holds, and the profile of a user who arrived
 * without registering here (Google, the bootstrap administrator), created on first sight.
 */
export async function newProfile(
  deps: AccountDeps,
  userId: string,
  username: string,
  email: string,
  verified: boolean,
  options: RegistrationOptions = {},
): Promise<UserProfile> {
  const nowIso = new Date(deps.now()).toISOString();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const profile: UserProfile = {
      _id: userId,
      username,
      email,
      phone: null,
      isActive: true,
      isAdmin: false,
      referralCode: generateReferralCode(),
      referralCount: 0,
      referralEarnings: 0,
      ...(verified ? { emailVerifiedAt: nowIso } : {}),
      ...(verified && options.claimEmail !== false ? { verifiedEmail: email } : {}),
      createdAt: nowIso,
      updatedAt: nowIso,
    };
    try {
      await deps.store.createRegistration(profile, deps.now(), verified, options);
      return profile;
    } catch (error) {
      if (!(error instanceof ReferralCodeCollision)) throw error;
    }
  }
  throw new Error('Could not allocate a unique referral code');
}

/** Lazily creates the profile of a user who arrived without registering here (Google, bootstrap admin). */
export async function ensureProfile(deps: AccountDeps, caller: SessionCaller): Promise<UserProfile> {
  const { store } = deps;
  const existing = caller.knownProfile !== undefined ? caller.knownProfile : await store.getProfile(caller.userId);
  if (existing) {
    // The group in the token is the truth; the profile's copy is for the admin user list.
    if (existing.isAdmin === caller.isAdmin) return existing;
    await store.setAdminMirror(existing._id, caller.isAdmin, deps.now());
    return { ...existing, isAdmin: caller.isAdmin };
  }
  const base =
    caller.email
      .split('@')[0]
      ?.replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 24) || 'user';
  let username = base.length >= 3 ? base : `${base}user`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (!(await store.isUsernameTaken(username, deps.now()))) break;
    username = `${base.slice(0, 22)}${Math.floor(1000 + Math.random() * 9000)}`;
  }
  try {
    // Only a verified address may claim the e-mail marker: otherwise the profile keeps the
    // address for display, and the address stays free for whoever proves it.
    const created = await newProfile(deps, caller.userId, username, caller.email, true, {
      claimEmail: caller.emailVerified === true && caller.email !== '',
    });
    if (!caller.isAdmin) return created;
    await store.setAdminMirror(created._id, true, deps.now());
    return { ...created, isAdmin: true };
  } catch (error) {
    // Two first requests at once: the other one created it.
    const created = await store.getProfile(caller.userId);
    if (created) return created;
    throw error;
  }
}
