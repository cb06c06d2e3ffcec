import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ChevronDownIcon } from '@/components/ui/icons';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { classNames } from '@/lib/class-names';
import { FAQ_CATEGORIES, type FaqCategory } from '../data/faq';
import './faq.css';

type CategoryId = FaqCategory['id'];

const FIRST_CATEGORY = FAQ_CATEGORIES[0]?.id ?? 'general';

export interface FaqAccordionProps {
  /** Level of the question headings, to fit the page's outline. */
  questionLevel?: 2 | 3;
}

/**
 * The FAQ: category tabs and an accordion in which one answer at a time is open.
 * Switching category closes the open answer.
 */
export function FaqAccordion({ questionLevel = 3 }: FaqAccordionProps) {
  const idPrefix = `faq${useId().replace(/[^\w-]/g, '')}`;
  const [categoryId, setCategoryId] = useState<CategoryId>(FIRST_CATEGORY);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const category = FAQ_CATEGORIES.find((candidate) => candidate.id === categoryId) ?? FAQ_CATEGORIES[0];
  const QuestionHeading = questionLevel === 2 ? 'h2' : 'h3';

  const selectCategory = (id: CategoryId) => {
    setCategoryId(id);
    setOpenIndex(null);
  };

  return (
    <div className="faq">
      <TabList
        label="Question categories"
        idPrefix={idPrefix}
        items={FAQ_CATEGORIES}
        value={categoryId}
        onChange={selectCategory}
        className="faq__categories"
      />
      {category && (
        <TabPanel idPrefix={idPrefix} id={category.id} className="faq__panel">
          <div className="faq__list">
            {category.entries.map((entry, index) => {
              const open = openIndex === index;
              const buttonId = `${idPrefix}-${category.id}-q${index}`;
              const answerId = `${idPrefix}-${category.id}-a${index}`;
              return (
                <div key={entry.question} className={classNames('faq__item', open && 'faq__item--open')}>
                  <QuestionHeading className="faq__question">
                    <button
                      type="button"
                      id={buttonId}
                      className="faq__toggle"
                      aria-expanded={open}
                      aria-controls={answerId}
                      onClick={() => setOpenIndex(open ? null : index)}
                    >
                      <span>{entry.question}</span>
                      <ChevronDownIcon className="faq__chevron" />
                    </button>
                  </QuestionHeading>
                  <div id={answerId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!open}>
                    <p>{entry.answer}</p>
                  </div>
                </div>
              );
            })}
          </div>
        </TabPanel>
      )}
      <p className="faq__support">
        Still have a question?{' '}
        <Link to={paths.contact.getHref()} className="button button--secondary faq__support-link">
          Contact Support
        </Link>
      </p>
    </div>
  );
}
