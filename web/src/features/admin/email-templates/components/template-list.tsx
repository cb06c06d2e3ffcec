import { Badge, Button, Flex, Text, View } from '@aws-amplify/ui-react';
import type { EmailTemplateView } from '@goldbot/shared';
import { templateLabel } from '../lib/template-types';

interface TemplateListProps {
  types: readonly string[];
  templates: Readonly<Record<string, EmailTemplateView>>;
  selected: string;
  /** Types with edits not saved yet. */
  unsaved: ReadonlySet<string>;
  onSelect: (type: string) => void;
}

/**
 * The sidebar of template types: each with its label, 'Default' while no admin edit is
 * stored or 'Edited', and 'Unsaved' while it holds edits not saved yet.
 */
export function TemplateList({ types, templates, selected, unsaved, onSelect }: TemplateListProps) {
  return (
    <View as="nav" aria-label="Email template types">
      <Flex as="ul" direction="column" gap="xxs" padding="0" margin="0" className="email-template-list">
        {types.map((type) => {
          const template = templates[type];
          const current = type === selected;
          return (
            <li key={type}>
              <Button
                variation={current ? 'primary' : 'menu'}
                isFullWidth
                justifyContent="space-between"
                onClick={() => onSelect(type)}
                aria-current={current ? 'true' : undefined}
                className="email-template-list__item"
              >
                <Text as="span" color="inherit" textAlign="start">
                  {templateLabel(type)}
                </Text>
                <Flex as="span" gap="xxs" wrap="wrap" justifyContent="flex-end">
                  {unsaved.has(type) && (
                    <Badge size="small" variation="warning">
                      Unsaved
                    </Badge>
                  )}
                  <Badge size="small" variation={template?.isDefault ? undefined : 'info'}>
                    {template?.isDefault ? 'Default' : 'Edited'}
                  </Badge>
                </Flex>
              </Button>
            </li>
          );
        })}
      </Flex>
    </View>
  );
}
