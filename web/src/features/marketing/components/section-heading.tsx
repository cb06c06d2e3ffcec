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

export interface HomeSectionProps extends Omit<SectionHeadingProps, 'id'> {
  /** The section's anchor ('#pricing'), for the header's links. */
  id?: string;
  headingId: string;
  /** The alternate background, so neighbouring sections stand apart. */
  alt?: boolean;
  children: ReactNode;
}

/** A home section: full width, its content in the centred container under its heading. */
export function HomeSection({ id, headingId, alt = false, eyebrow, title, lead, children }: HomeSectionProps) {
  return (
    <section id={id} className={alt ? 'section section--alt' : 'section'} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} lead={lead} />
        {children}
      </div>
    </section>
  );
}
