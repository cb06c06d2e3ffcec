import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/data/cursor.js';
import { ValidationError } from '../../src/domain/errors.js';
import { thrownRefusal } from '../helpers/refusal.js';

const key = {
  PK: 'CONTACT#01KDX3N8W6Q5ZJ4R2T7B9C0E1F',
  SK: 'CONTACT#01KDX3N8W6Q5ZJ4R2T7B9C0E1F',
  GSI1PK: 'CONTACTS',
  GSI1SK: '2026-01-01T12:00:00.000Z#01KDX3N8W6Q5ZJ4R2T7B9C0E1F',
};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('cursor', () => {
  it('round-trips a key', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toEqual(expect.any(String));
    expect(decodeCursor(cursor ?? undefined, { GSI1PK: 'CONTACTS' })).toEqual(key);
  });

  it('round-trips numeric key parts', () => {
    const numeric = { PK: 'AGG#2026', SK: 12 };
    expect(decodeCursor(encodeCursor(numeric) ?? undefined, { PK: 'AGG#2026' })).toEqual(numeric);
  });

  it('is URL-safe', () => {
    const cursor = encodeCursor({ PK: '???>>>~~~', SK: 'ÿÿÿ' }) ?? '';
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('encodes the last page as null', () => {
    expect(encodeCursor(undefined)).toBeNull();
  });

  it('decodes an absent or empty cursor as the first page', () => {
    expect(decodeCursor(undefined, { GSI1PK: 'CONTACTS' })).toBeUndefined();
    expect(decodeCursor('', { GSI1PK: 'CONTACTS' })).toBeUndefined();
  });

  it('rejects a cursor forged for another partition', () => {
    const forged = encodeCursor({ ...key, GSI1PK: 'USERS' }) ?? '';
    const error = thrownRefusal(() => decodeCursor(forged, { GSI1PK: 'CONTACTS' }), ValidationError);
    expect(error.statusCode).toBe(400);
    expect(error.fieldErrors).toEqual({ cursor: 'Invalid cursor' });
  });

  it('rejects a cursor that lacks the partition key', () => {
    const { GSI1PK: _dropped, ...rest } = key;
    expect(() => decodeCursor(b64(rest), { GSI1PK: 'CONTACTS' })).toThrow(ValidationError);
  });

  describe('with the index key names', () => {
    const names = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];

    it('accepts exactly those attributes, in any order', () => {
      const reordered = { GSI1SK: key.GSI1SK, GSI1PK: key.GSI1PK, SK: key.SK, PK: key.PK };
      expect(decodeCursor(b64(reordered), { GSI1PK: 'CONTACTS' }, names)).toEqual(key);
    });

    it.each([
      ['a missing attribute', { GSI1PK: 'CONTACTS', GSI1SK: key.GSI1SK, PK: key.PK }],
      ['only the partition', { GSI1PK: 'CONTACTS' }],
      ['an extra attribute', { ...key, status: 'open' }],
      ['a renamed attribute', { GSI1PK: 'CONTACTS', GSI1SK: key.GSI1SK, PK: key.PK, sk: key.SK }],
    ])('rejects %s (DynamoDB would refuse the start key)', (_label, forged) => {
      expect(() => decodeCursor(b64(forged), { GSI1PK: 'CONTACTS' }, names)).toThrow(ValidationError);
    });
  });

  it.each([
    ['garbage text', 'not a cursor!!'],
    ['base64 of non-JSON', Buffer.from('hello', 'utf8').toString('base64url')],
    ['a JSON array', b64(['CONTACTS'])],
    ['JSON null', b64(null)],
    ['a JSON string', b64('CONTACTS')],
    ['nested objects', b64({ GSI1PK: 'CONTACTS', SK: { S: 'x' } })],
    ['boolean values', b64({ GSI1PK: 'CONTACTS', SK: true })],
  ])('rejects %s with a 400', (_label, cursor) => {
    const error = thrownRefusal(() => decodeCursor(cursor, { GSI1PK: 'CONTACTS' }), ValidationError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/cursor is invalid/i);
  });
});
