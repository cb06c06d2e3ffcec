import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/test/render-with-router';
import { FAQ_CATEGORIES } from '../data/faq';
import { FaqAccordion } from './faq-accordion';

const openQuestions = () => screen.queryAllByRole('button', { expanded: true });

describe('FAQ data', () => {
  it('has the four categories of the spec with 4-5 questions each', () => {
    expect(FAQ_CATEGORIES.map((category) => category.label)).toEqual([
      'General Inquiries',
      'How It Works',
      'Pricing Plans',
      'Terms & Policy',
    ]);
    for (const category of FAQ_CATEGORIES) {
      expect(category.entries.length).toBeGreaterThanOrEqual(4);
      expect(category.entries.length).toBeLessThanOrEqual(5);
    }
  });

  it('states the refund and notice facts', () => {
    const answers = FAQ_CATEGORIES.flatMap((category) => category.entries.map((entry) => entry.answer)).join(' ');
    expect(answers).toContain('7-day money-back guarantee');
    expect(answers).toContain('30 days');
    expect(answers).toContain('18');
  });
});

describe('FaqAccordion', () => {
  it('starts on General Inquiries with every answer closed', () => {
    renderAt(<FaqAccordion />);
    expect(screen.getByRole('tab', { name: 'General Inquiries' })).toHaveAttribute('aria-selected', 'true');
    expect(openQuestions()).toHaveLength(0);
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('opens one answer at a time, in a region named by its question', async () => {
    const { user } = renderAt(<FaqAccordion />);
    const [first, second] = FAQ_CATEGORIES[0]?.entries ?? [];
    if (!first || !second) throw new Error('FAQ data missing');

    await user.click(screen.getByRole('button', { name: first.question }));
    const firstButton = screen.getByRole('button', { name: first.question });
    expect(firstButton).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: first.question });
    expect(region).toHaveTextContent(first.answer);
    expect(firstButton).toHaveAttribute('aria-controls', region.id);

    await user.click(screen.getByRole('button', { name: second.question }));
    expect(screen.getByRole('button', { name: first.question })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: second.question })).toHaveAttribute('aria-expanded', 'true');
    expect(openQuestions()).toHaveLength(1);
    expect(screen.queryByText(first.answer)).not.toBeVisible();
  });

  it('closes an open answer when its question is clicked again', async () => {
    const { user } = renderAt(<FaqAccordion />);
    const question = FAQ_CATEGORIES[0]?.entries[0]?.question ?? '';
    await user.click(screen.getByRole('button', { name: question }));
    await user.click(screen.getByRole('button', { name: question }));
    expect(openQuestions()).toHaveLength(0);
  });

  it('closes the open answer when the category changes', async () => {
    const { user } = renderAt(<FaqAccordion />);
    await user.click(screen.getByRole('button', { name: FAQ_CATEGORIES[0]?.entries[2]?.question ?? '' }));
    expect(openQuestions()).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Pricing Plans' }));
    expect(screen.getByRole('tab', { name: 'Pricing Plans' })).toHaveAttribute('aria-selected', 'true');
    expect(openQuestions()).toHaveLength(0);
    const panel = screen.getByRole('tabpanel', { name: 'Pricing Plans' });
    const pricing = FAQ_CATEGORIES.find((category) => category.id === 'pricing');
    expect(within(panel).getAllByRole('button')).toHaveLength(pricing?.entries.length ?? -1);

    // Back to the first category: still closed.
    await user.click(screen.getByRole('tab', { name: 'General Inquiries' }));
    expect(openQuestions()).toHaveLength(0);
    expect(within(screen.getByRole('tabpanel')).getAllByRole('button', { expanded: false })).toHaveLength(
      FAQ_CATEGORIES[0]?.entries.length ?? -1,
    );
  });

  it('moves between categories with the arrow keys', async () => {
    const { user } = renderAt(<FaqAccordion />);
    await user.click(screen.getByRole('tab', { name: 'General Inquiries' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'How It Works' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'How It Works' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Terms & Policy' })).toHaveAttribute('aria-selected', 'true');
  });

  it("links 'Contact Support' to /contact", () => {
    renderAt(<FaqAccordion />);
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });
});
