import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../src/adapters/dynamodb.js';
import { seedDefaults } from '../../src/data/seed-items.js';
import { RETIRED_DEFAULTS } from '../../src/data/retired-template-defaults.js';
import { TEMPLATE_PLACEHOLDERS } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { dynamo, TABLE, AT } from '../helpers/config-store-tables.js';

/**
 * The retired template defaults against a mocked document client (helpers/config-store-tables.ts):
 * keys, conditions, one request each.
 */
describe('retired template defaults', () => {
  it('moves a template that still holds a retired default word for word to today’s default, and nothing else', async () => {
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    dynamo.on(UpdateCommand).resolves({});
    const result = await seedDefaults(documentClient, TABLE, new Date(AT));
    expect(result.migrated).toEqual(['TEMPLATES/TEMPLATE#freeTrialActivated']);
    const update = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update).toMatchObject({
      TableName: TABLE,
      Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#freeTrialActivated' },
      ConditionExpression: '#subject = :oldSubject AND #html = :oldHtml',
    });
    expect(update?.ExpressionAttributeValues).toMatchObject({
      ':subject': DEFAULT_EMAIL_TEMPLATES.freeTrialActivated.subject,
      ':html': DEFAULT_EMAIL_TEMPLATES.freeTrialActivated.html,
      ':placeholders': [...TEMPLATE_PLACEHOLDERS.freeTrialActivated],
      ':true': true,
      ':by': 'system',
      ':oldSubject': RETIRED_DEFAULTS[0]?.template.subject,
      ':oldHtml': RETIRED_DEFAULTS[0]?.template.html,
    });
  });

  it('leaves an edited (or missing) template alone: the condition fails, nothing is reported', async () => {
    dynamo.on(PutCommand).resolves({});
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'edited', $metadata: {} }));
    expect((await seedDefaults(documentClient, TABLE, new Date(AT))).migrated).toEqual([]);
    dynamo.on(UpdateCommand).rejects(new Error('AccessDenied'));
    await expect(seedDefaults(documentClient, TABLE, new Date(AT))).rejects.toThrow('AccessDenied');
  });

  it('are no longer today’s defaults, and the retired free-trial mail lacks the link today’s carries', () => {
    for (const retired of RETIRED_DEFAULTS) {
      expect(retired.template).not.toEqual(DEFAULT_EMAIL_TEMPLATES[retired.type]);
    }
    const retiredTrial = RETIRED_DEFAULTS.find((r) => r.type === 'freeTrialActivated');
    expect(retiredTrial?.template.html).not.toContain('{{copyTradingLink}}');
    expect(DEFAULT_EMAIL_TEMPLATES.freeTrialActivated.html).toContain('href="{{copyTradingLink}}"');
  });
});
