import type { ReactNode } from 'react';
import { Card, Flex, Heading, type HeadingProps } from '@aws-amplify/ui-react';

interface TitledCardProps {
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  fontSize?: HeadingProps['fontSize'];
  children: ReactNode;
}

/** A back-office card: a section named by its level-2 heading, with its content in a column under it. */
export function TitledCard({ titleId, title, fontSize = 'large', children }: TitledCardProps) {
  return (
    <Card variation="outlined" as="section" aria-labelledby={titleId}>
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize={fontSize} id={titleId}>
          {title}
        </Heading>
        {children}
      </Flex>
    </Card>
  );
}
