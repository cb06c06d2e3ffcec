import { useDeferredValue, useMemo } from 'react';
import { Alert, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { renderTemplate } from '../lib/render-template';
import { sampleValues } from '../lib/sample-values';
import type { TemplateDraft } from './template-form';

interface TemplatePreviewProps {
  type: string;
  draft: TemplateDraft;
  placeholders: readonly string[];
}

export const PREVIEW_FRAME_TITLE = 'Email preview';

/**
 * The live preview (issue 11): the draft rendered with sample values, as the server renders it
 * (values HTML-escaped in the body, plain in the subject), in an iframe sandboxed with no
 * permissions at all, so nothing in the template (a script, a form, a link's target) can run or act.
 * A placeholder the type does not offer is pointed out before the server refuses it.
 */
export function TemplatePreview({ type, draft, placeholders }: TemplatePreviewProps) {
  // Typing stays responsive: the preview may trail a keystroke behind.
  const shown = useDeferredValue(draft);
  const values = useMemo(() => sampleValues(type, placeholders, window.location.origin), [type, placeholders]);
  const body = useMemo(() => renderTemplate(shown.html, values), [shown.html, values]);
  const subject = useMemo(() => renderTemplate(shown.subject, values, { escape: false }), [shown.subject, values]);

  // Worded as the server words its refusal (the subject's problems labelled '<type> subject').
  const notOffered = [
    ...subject.names.filter((name) => !placeholders.includes(name)).map((name) => ({ label: `${type} subject`, name })),
    ...body.names.filter((name) => !placeholders.includes(name)).map((name) => ({ label: type, name })),
  ];
  const problems = [...new Set([...subject.problems, ...body.problems])];

  return (
    <Flex direction="column" gap="small" as="section" aria-labelledby="template-preview-title">
      <Heading level={3} fontSize="medium" id="template-preview-title">
        Preview
      </Heading>
      {placeholders.length > 0 && (
        <Text color="font.secondary" fontSize="small">
          Sample values: {placeholders.map((name) => `${name} = ${values[name] ?? ''}`).join(', ')}
        </Text>
      )}
      {notOffered.map(({ label, name }) => (
        <Alert key={`${label}:${name}`} variation="warning">
          {SETTINGS_MESSAGES.placeholderNotOffered(label, name, placeholders)}
        </Alert>
      ))}
      {problems.length > 0 && (
        <Alert variation="info" heading="Template problems">
          {problems.join('; ')}
        </Alert>
      )}
      <Text>
        <Text as="span" color="font.secondary">
          Subject:{' '}
        </Text>
        <Text as="span" data-testid="preview-subject">
          {subject.output}
        </Text>
      </Text>
      <iframe title={PREVIEW_FRAME_TITLE} sandbox="" srcDoc={body.output} className="email-template-preview" />
    </Flex>
  );
}
