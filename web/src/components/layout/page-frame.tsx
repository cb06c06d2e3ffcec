import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { classNames } from '@/lib/class-names';
import './page-frame.css';

interface PageFrameProps {
  /** The page's heading, also used for the browser tab unless `documentTitle` is given. */
  title: string;
  documentTitle?: string;
  /** One introductory line under the heading. */
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** The common frame of a page: one h1, an optional lead line and the page's content. */
export function PageFrame({ title, documentTitle, lead, className, children }: PageFrameProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={classNames('page-frame', className)}>
      <header className="page-frame__header">
        <h1 className="page-frame__title">{title}</h1>
        {lead && <p className="page-frame__lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}
