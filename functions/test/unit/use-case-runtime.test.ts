import { describe, expect, it, vi } from 'vitest';
import { CONFLICT_TRIES } from '../../src/lib/retry.js';
import { ConflictError } from '../../src/domain/errors.js';
import { commitOrFindApplied, commitWithRetries } from '../../src/domain/use-case-runtime.js';

/** The commit helpers every money use case shares: conflicts tried again, a lost answer read back. */
const runtime = { sleep: vi.fn(async () => undefined), random: () => 0.5 };
const timeout = () => Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });

describe('commitWithRetries', () => {
  it('tries a conflicted commit again, then answers 409 with the sentence that says to try again', async () => {
    const commit = vi.fn(async () => ({ kind: 'conflict' as const }));
    await expect(commitWithRetries(runtime, commit, 'Please try again.')).rejects.toEqual(
      new ConflictError('Please try again.'),
    );
    expect(commit).toHaveBeenCalledTimes(CONFLICT_TRIES);
  });

  it('answers the first outcome that is not a conflict', async () => {
    const commit = vi
      .fn<() => Promise<{ kind: 'conflict' } | { kind: 'committed' }>>()
      .mockResolvedValueOnce({ kind: 'conflict' })
      .mockResolvedValueOnce({ kind: 'committed' });
    await expect(commitWithRetries(runtime, commit, 'x')).resolves.toEqual({ kind: 'committed' });
  });
});

describe('commitOrFindApplied', () => {
  it('takes a write that landed behind a timeout as committed', async () => {
    const outcome = await commitOrFindApplied(
      async () => {
        throw timeout();
      },
      async () => true,
      { kind: 'committed' },
    );
    expect(outcome).toEqual({ kind: 'committed' });
  });

  it('keeps the first error when the write did not land, or cannot be read', async () => {
    const failing = async (): Promise<{ kind: string }> => {
      throw timeout();
    };
    await expect(commitOrFindApplied(failing, async () => false, { kind: 'committed' })).rejects.toThrow(
      'socket hang up',
    );
    await expect(
      commitOrFindApplied(
        failing,
        async () => {
          throw new Error('still down');
        },
        { kind: 'committed' },
      ),
    ).rejects.toThrow('socket hang up');
  });

  it('reads back a refusal named as "already done": its own write is committed, another one stays refused', async () => {
    const refused = async () => ({ kind: 'not-pending' as string });
    await expect(commitOrFindApplied(refused, async () => true, { kind: 'committed' }, 'not-pending')).resolves.toEqual(
      { kind: 'committed' },
    );
    await expect(
      commitOrFindApplied(refused, async () => false, { kind: 'committed' }, 'not-pending'),
    ).resolves.toEqual({ kind: 'not-pending' });
  });

  it('never reads for a domain answer, and passes outcomes through', async () => {
    const applied = vi.fn(async () => true);
    await expect(
      commitOrFindApplied(
        async () => {
          throw new ConflictError('taken');
        },
        applied,
        { kind: 'committed' },
      ),
    ).rejects.toThrow('taken');
    await expect(
      commitOrFindApplied(async () => ({ kind: 'refused' }), applied, { kind: 'committed' }),
    ).resolves.toEqual({ kind: 'refused' });
    expect(applied).not.toHaveBeenCalled();
  });
});
