import type { ReactNode } from 'react';
import { PageFrame } from '@/components/layout/page-frame';
import './legal-document.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  lead: string;
  lastUpdated: string;
  sections: readonly LegalSection[];
}

/** Terms and Privacy: numbered sections with a table of contents. */
export function LegalDocument({ title, lead, lastUpdated, sections }: LegalDocumentProps) {
  return (
    <PageFrame title={title} lead={lead} className="legal">
      <p className="legal__updated">Last updated: {lastUpdated}</p>
      <div className="legal__layout">
        <nav className="legal__toc" aria-label="Contents">
          <h2 className="legal__toc-title">Contents</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal__body">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className="legal__section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`} className="legal__section-title">
                <span className="legal__number">{index + 1}.</span> {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </PageFrame>
  );
}
