import type { ReactNode } from 'react';

export interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  lead?: ReactNode;
}

/** The centred eyebrow, h2 and lead that open each home section. */
export function SectionHeading({ id, eyebrow, title, lead }: SectionHeadingProps) {
  return (
    <header className="section__header">
      <p className="section__eyebrow">{eyebrow}</p>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {lead && <p className="section__lead">{lead}</p>}
    </header>
  );
}
