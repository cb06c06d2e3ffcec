import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalEmail } from '../../src/domain/commerce/canonical-email.js';

describe('canonicalEmail', () => {
  it('lower-cases and drops the +tag', () => {
    expect(canonicalEmail('Jane.Doe+Trial2@Example.COM')).toBe('jane.doe@example.com');
    expect(canonicalEmail('  jane@example.com ')).toBe('jane@example.com');
  });

  it('drops the dots of a Gmail address and folds googlemail.com into gmail.com', () => {
    expect(canonicalEmail('me+1@gmail.com')).toBe('me@gmail.com');
    expect(canonicalEmail('M.E@GMail.com')).toBe('me@gmail.com');
    expect(canonicalEmail('m.e+x.y@googlemail.com')).toBe('me@gmail.com');
  });

  it('keeps the dots of other domains (they name other mailboxes there)', () => {
    expect(canonicalEmail('j.doe@example.com')).not.toBe(canonicalEmail('jdoe@example.com'));
  });

  it('leaves a string without a local part as it is, lower-cased', () => {
    expect(canonicalEmail('Not-An-Address')).toBe('not-an-address');
    expect(canonicalEmail('@example.com')).toBe('@example.com');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => canonicalEmail(canonicalEmail(email)) === canonicalEmail(email)),
    );
  });

  it('ignores case', () => {
    fc.assert(fc.property(fc.emailAddress(), (email) => canonicalEmail(email.toUpperCase()) === canonicalEmail(email)));
  });

  it('gives every +tag and Gmail dot alias of an address the same key', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,12}$/),
        fc.stringMatching(/^[a-z0-9.]{0,8}$/),
        fc.constantFrom('gmail.com', 'googlemail.com'),
        fc.array(fc.nat(), { maxLength: 3 }),
        (local, tag, domain, dotAt) => {
          const dotted = dotAt.reduce((s, n) => {
            const i = (n % s.length) + 1;
            return `${s.slice(0, i)}.${s.slice(i)}`;
          }, local);
          return canonicalEmail(`${dotted}+${tag}@${domain}`) === `${local}@gmail.com`;
        },
      ),
    );
  });
});
