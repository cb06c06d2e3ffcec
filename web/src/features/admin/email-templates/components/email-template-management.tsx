import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import {
  emailTemplatesPutInputSchema,
  SETTINGS_MESSAGES,
  TOAST_MS,
  type EmailTemplatesResponse,
  type EmailTemplateView,
} from '@goldbot/shared';
import { ApiError } from '@/lib/api-client';
import { RefreshButton } from '../../components/refresh-button';
import { ListEmpty, ListLoadFailed, ListLoading, ListRefreshFailed } from '../../components/list-states';
import { NoticedColumn } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '@/lib/format';
import { getEmailTemplates, useEmailTemplates } from '../api/get-email-templates';
import {
  forceUpdateTemplates,
  saveEmailTemplates,
  useTemplateWrite,
  type EmailTemplatesSaveResponse,
} from '../api/save-email-templates';
import { orderTemplateTypes, templateLabel } from '../lib/template-types';
import { ForceUpdateModal } from './force-update-modal';
import { TemplateForm, type TemplateDraft } from './template-form';
import { TemplateList } from './template-list';
import { TemplatePreview } from './template-preview';
import '../email-templates.css';

/** The spec gives these notices no duration: the notification library's default. */
const NOTICE_MS = TOAST_MS.libraryDefault;

interface Issue {
  code?: string;
  message: string;
  errors?: Issue[][];
}

/**
 * The first message worth showing from the shared schema's issues: a `{subject, html}` edit
 * matches the union's object branch, so the string branch's type complaint is skipped.
 */
function firstIssue(issues: readonly Issue[]): string | undefined {
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && issue.errors) {
      const inner = firstIssue(issue.errors.flat().filter((candidate) => candidate.code !== 'invalid_type'));
      if (inner) return inner;
    } else if (issue.code !== 'invalid_type') {
      return issue.message;
    }
  }
  return undefined;
}

const differs = (draft: TemplateDraft | undefined, saved: EmailTemplateView | undefined) =>
  draft !== undefined && saved !== undefined && (draft.subject !== saved.subject || draft.html !== saved.html);

/** A save's 400 belongs to the type it was about. */
interface SaveError {
  type: string;
  message: string;
  /** The parts the server named (`errors['templates.<type>.subject' | '.html']`). */
  parts: ReadonlySet<'subject' | 'html'>;
}

/** The parts of `type` a refusal names in its field errors. */
function refusedParts(failure: unknown, type: string): ReadonlySet<'subject' | 'html'> {
  const fields = failure instanceof ApiError ? failure.fieldErrors : {};
  return new Set((['subject', 'html'] as const).filter((part) => fields[`templates.${type}.${part}`] !== undefined));
}

/**
 * Admin e-mail templates: the types in a sidebar, the selected
 * one's subject and HTML with placeholder help and a live preview, and Reset Changes, Save Template,
 * Refresh and Force Update Templates.
 *
 * Unsaved edits are kept per type while the admin moves between types (each marked 'Unsaved' in
 * the sidebar), and survive Refresh, which re-reads what the server has; Save Template saves the
 * selected type only, Reset Changes discards the selected type's edits, Force Update discards them
 * all. Leaving the page with unsaved edits asks first.
 */
export function EmailTemplateManagement() {
  const { data, error, isLoading, mutate } = useEmailTemplates();
  const [selected, setSelected] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, TemplateDraft>>({});
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [confirmingForce, setConfirmingForce] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const notice = useNotice();
  const write = useTemplateWrite();

  const templates = data?.templates ?? {};
  const types = orderTemplateTypes(Object.keys(templates));
  const unsaved = new Set(types.filter((type) => differs(drafts[type], templates[type])));
  const hasUnsaved = unsaved.size > 0;

  useEffect(() => {
    if (!hasUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsaved]);

  if (isLoading && !data) return <ListLoading text="Loading templates..." />;
  if (!data) {
    return (
      <ListLoadFailed error={error} fallback={SETTINGS_MESSAGES.templatesFetchFailed} onRetry={() => void mutate()} />
    );
  }

  /** The server's answer becomes the screen's data without another read. */
  const adopt = (response: EmailTemplatesSaveResponse) => {
    const next: EmailTemplatesResponse = { success: true, templates: response.templates };
    void mutate(next, { revalidate: false });
  };

  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    try {
      await mutate(await getEmailTemplates(), { revalidate: false });
    } catch (failure) {
      notice.show('error', errorMessage(failure, SETTINGS_MESSAGES.templatesLoadFailed));
    } finally {
      setRefreshing(false);
    }
  };

  const forceUpdate = async () => {
    notice.clear();
    try {
      const response = await write.run('force', forceUpdateTemplates);
      if (!response) return;
      adopt(response);
      setDrafts({});
      setSaveError(null);
      notice.show('success', response.message || SETTINGS_MESSAGES.templatesReset, NOTICE_MS);
    } catch (failure) {
      notice.show('error', errorMessage(failure, SETTINGS_MESSAGES.templatesUpdateFailed));
    } finally {
      setConfirmingForce(false);
    }
  };

  const toolbar = (
    <Flex gap="small" wrap="wrap">
      <RefreshButton onClick={() => void refresh()} refreshing={refreshing} />
      <Button variation="destructive" onClick={() => setConfirmingForce(true)} isDisabled={write.busy !== null}>
        Force Update Templates
      </Button>
    </Flex>
  );

  const current = selected !== null && templates[selected] ? selected : types[0];
  const saved = current === undefined ? undefined : templates[current];
  const modal = confirmingForce && (
    <ForceUpdateModal
      editedCount={types.filter((type) => templates[type]?.isDefault === false).length}
      unsavedCount={unsaved.size}
      busy={write.busy === 'force'}
      onConfirm={() => void forceUpdate()}
      onCancel={() => setConfirmingForce(false)}
    />
  );

  if (current === undefined || saved === undefined) {
    return (
      <NoticedColumn notice={notice}>
        {toolbar}
        <ListEmpty text="No email templates found" />
        {modal}
      </NoticedColumn>
    );
  }

  const draft = drafts[current] ?? { subject: saved.subject, html: saved.html };
  const changed = unsaved.has(current);
  const errorHere = saveError?.type === current ? saveError : null;

  const edit = (next: TemplateDraft) => {
    setDrafts((all) => ({ ...all, [current]: next }));
  };

  const resetChanges = () => {
    setDrafts(({ [current]: _discarded, ...rest }) => rest);
    setSaveError(null);
    notice.show('success', SETTINGS_MESSAGES.templateReset, NOTICE_MS);
  };

  const save = async () => {
    notice.clear();
    setSaveError(null);
    const input = emailTemplatesPutInputSchema.safeParse({ templates: { [current]: draft } });
    if (!input.success) {
      setSaveError({
        type: current,
        message: firstIssue(input.error.issues) ?? SETTINGS_MESSAGES.templatesUpdateFailed,
        parts: new Set(),
      });
      return;
    }
    try {
      const response = await write.run('save', () => saveEmailTemplates(input.data));
      if (!response) return;
      adopt(response);
      setDrafts(({ [current]: _saved, ...rest }) => rest);
      notice.show('success', SETTINGS_MESSAGES.templatesUpdated, NOTICE_MS);
    } catch (failure) {
      setSaveError({
        type: current,
        message: errorMessage(failure, SETTINGS_MESSAGES.templatesUpdateFailed),
        parts: refusedParts(failure, current),
      });
    }
  };

  return (
    <NoticedColumn notice={notice}>
      {error ? <ListRefreshFailed error={error} fallback={SETTINGS_MESSAGES.templatesLoadFailed} /> : null}
      {toolbar}
      <Grid templateColumns={{ base: '1fr', large: '17rem minmax(0, 1fr)' }} gap="large" alignItems="start">
        <TemplateList
          types={types}
          templates={templates}
          selected={current}
          unsaved={unsaved}
          onSelect={(type) => setSelected(type)}
        />
        <Card variation="outlined" as="section" aria-labelledby="template-editor-title">
          <Flex direction="column" gap="medium">
            <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
              <Flex direction="column" gap="xxxs">
                <Heading level={2} fontSize="large" id="template-editor-title">
                  {templateLabel(current)}
                </Heading>
                <Text color="font.secondary" fontSize="small">
                  {saved.isDefault
                    ? 'The default template'
                    : `Edited${saved.updatedAt ? ` ${formatDateTime(saved.updatedAt)}` : ''}`}
                </Text>
              </Flex>
              {changed && <Badge variation="warning">Unsaved changes</Badge>}
            </Flex>
            {errorHere && (
              <Alert variation="error" heading="Template not saved" isDismissible onDismiss={() => setSaveError(null)}>
                {errorHere.message}
              </Alert>
            )}
            <TemplateForm
              key={current}
              draft={draft}
              placeholders={saved.placeholders}
              onChange={edit}
              isDisabled={write.busy !== null}
              invalid={errorHere?.parts}
            />
            <Flex gap="small" wrap="wrap">
              <Button onClick={resetChanges} isDisabled={!changed || write.busy !== null}>
                Reset Changes
              </Button>
              <Button
                variation="primary"
                onClick={() => void save()}
                isDisabled={!changed || write.busy !== null}
                isLoading={write.busy === 'save'}
                loadingText="Saving..."
              >
                Save Template
              </Button>
            </Flex>
            <TemplatePreview type={current} draft={draft} />
          </Flex>
        </Card>
      </Grid>
      {modal}
    </NoticedColumn>
  );
}
