import { Alert, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useTemplatePreview } from '../api/preview-email-template';
import type { TemplateDraft } from './template-form';

interface TemplatePreviewProps {
  type: string;
  draft: TemplateDraft;
}

export const PREVIEW_FRAME_TITLE = 'Email preview';

/**
 * The live preview: the draft rendered by the server exactly as the mail would be (values
 * HTML-escaped in the body, plain in the subject), asked for when the admin pauses typing. The
 * body is shown in an iframe sandboxed with no permissions at all, so nothing in the template (a
 * script, a form, a link's target) can run or act. A part the save would refuse is not rendered;
 * the server's reason is shown instead, worded as the save will word it.
 */
export function TemplatePreview({ type, draft }: TemplatePreviewProps) {
  const { data, error, pending } = useTemplatePreview({ type, subject: draft.subject, html: draft.html });
  const values = data ? Object.entries(data.values) : [];

  return (
    <Flex direction="column" gap="small" as="section" aria-labelledby="template-preview-title" aria-busy={pending}>
      <Flex alignItems="center" gap="xs">
        <Heading level={3} fontSize="medium" id="template-preview-title">
          Preview
        </Heading>
        {pending && (
          <Flex alignItems="center" gap="xxs" role="status">
            <Loader size="small" />
            <Text color="font.secondary" fontSize="small">
              Updating preview…
            </Text>
          </Flex>
        )}
      </Flex>
      {error instanceof Error && (
        <Alert variation="error" heading="Preview unavailable">
          {error.message}
        </Alert>
      )}
      {values.length > 0 && (
        <Text color="font.secondary" fontSize="small">
          Sample values: {values.map(([name, value]) => `${name} = ${value}`).join(', ')}
        </Text>
      )}
      {data && data.problems.length > 0 && (
        <Alert variation="warning" heading="Template problems">
          {data.problems.map((problem) => (
            <Text key={problem.part}>{problem.message}</Text>
          ))}
        </Alert>
      )}
      <Text>
        <Text as="span" color="font.secondary">
          Subject:{' '}
        </Text>
        <Text as="span" data-testid="preview-subject">
          {data?.subject ?? ''}
        </Text>
      </Text>
      <iframe title={PREVIEW_FRAME_TITLE} sandbox="" srcDoc={data?.html ?? ''} className="email-template-preview" />
      {data?.text != null && (
        <details>
          <summary>Plain-text part</summary>
          <Text as="pre" data-testid="preview-text" className="email-template-preview-text">
            {data.text}
          </Text>
        </details>
      )}
    </Flex>
  );
}
