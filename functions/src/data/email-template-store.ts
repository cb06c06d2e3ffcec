import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { DEFAULT_EMAIL_TEMPLATES, type EmailTemplate, type EmailTemplateType } from '../domain/email/templates.js';

/** E19: `TEMPLATES / TEMPLATE#<type>`; an admin-edited template wins over the built-in default. */
export const emailTemplateKey = (type: string) => ({ PK: 'TEMPLATES', SK: `TEMPLATE#${type}` });

export async function loadEmailTemplate(type: EmailTemplateType): Promise<EmailTemplate> {
  const result = await documentClient.send(new GetCommand({ TableName: tableName, Key: emailTemplateKey(type) }));
  const item = result.Item;
  if (item && typeof item.subject === 'string' && typeof item.html === 'string') {
    return { subject: item.subject, html: item.html };
  }
  return DEFAULT_EMAIL_TEMPLATES[type];
}
