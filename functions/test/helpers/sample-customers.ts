/**
 * The customers of the sample events (events/*.json) and of the unit tests that replay them:
 * Jane Doe (the `sub` of her tokens, her username and address), who buys, requests and connects,
 * and Rick, whose referral code she uses. The deciding administrator is in sample-admin.ts.
 */
export const SAMPLE_JANE = {
  _id: '3b9f7c2e-6d1a-4e8b-9c5f-2a7d1e0b4c63',
  username: 'jane_doe',
  email: 'jane.doe@example.com',
};
export const SAMPLE_RICK = {
  _id: '7c1d9e4a-2b3f-4a6c-8d5e-9f0a1b2c3d4e',
  username: 'ref_rick',
};

/**
 * Jane's profile item as the sample worlds store it: her key and who she is, active, created on
 * 2026-01-01 at 10:00; `fields` say the rest (referral code and counts, balances, verification).
 */
export const janeProfileItem = <F extends Record<string, unknown>>(fields: F) => ({
  PK: `USER#${SAMPLE_JANE._id}`,
  SK: 'PROFILE',
  entity: 'UserProfile',
  ...SAMPLE_JANE,
  isActive: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...fields,
});
