import {
  CONTACT,
  FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT,
  FREE_TRIAL_DAYS,
  MINIMUM_AGE,
  MINIMUM_DEPOSIT_USD,
  PAYMENT,
  REFERRAL,
  REFUND_GUARANTEE_DAYS,
  TERMS_CHANGE_NOTICE_DAYS,
  WITHDRAWAL,
} from '@goldbot/shared';

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: 'general' | 'how-it-works' | 'pricing' | 'terms';
  label: string;
  entries: readonly FaqEntry[];
}

/** The four FAQ categories, with 4-5 questions each. */
export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    id: 'general',
    label: 'General Inquiries',
    entries: [
      {
        question: 'What is GoldBot?',
        answer:
          'GoldBot is an AI-driven trading bot that trades gold against the US dollar (XAUUSD) on a MetaTrader 5 account. It analyses the market around the clock and opens and closes positions for you, each with a stop-loss and a take-profit.',
      },
      {
        question: 'Who is GoldBot for?',
        answer: `For traders and investors aged ${MINIMUM_AGE} or over who want exposure to gold without watching charts all day, from first-time traders to experienced investors who want a disciplined, automated strategy.`,
      },
      {
        question: 'Do I need trading experience?',
        answer:
          'No. You open an MT5 account with a broker, connect it once, and the bot does the trading. Our guides and support team walk you through the set-up step by step.',
      },
      {
        question: 'Is my money safe with GoldBot?',
        answer:
          'Your funds never leave your own trading account. GoldBot connects with read-only access for monitoring and trades through the bot; it can never withdraw money. Trading itself always carries risk, so only trade with money you can afford to lose.',
      },
      {
        question: 'How can I contact support?',
        answer: `By e-mail, live chat or our community chat, or through the contact form. We answer every message ${CONTACT.responseTime}; live chat is staffed ${CONTACT.workingHours}.`,
      },
    ],
  },
  {
    id: 'how-it-works',
    label: 'How It Works',
    entries: [
      {
        question: 'How does the bot decide when to trade?',
        answer:
          'Machine-learning models combine trend, momentum and volatility signals from several timeframes. A trade is placed only when they agree, and position size is limited by strict risk rules per trade and per day.',
      },
      {
        question: 'Which platform and broker do I need?',
        answer: `MetaTrader 5 with any broker that offers XAUUSD. We recommend a minimum balance of $${MINIMUM_DEPOSIT_USD.paid} for the paid plans, and $${MINIMUM_DEPOSIT_USD.freeCopyTrade} for Free Copy Trade.`,
      },
      {
        question: 'Does my computer have to stay on?',
        answer:
          'No. The bot runs on our servers around the clock, 24/7, and trades on your MT5 account even when your computer and phone are off.',
      },
      {
        question: 'What results can I expect?',
        answer:
          'Over January to May the bot closed 92% of its trades in profit, with up to 20% average monthly ROI. Results vary from month to month, and past performance does not guarantee future results: see the monthly reports on the home page.',
      },
      {
        question: 'Can I watch the bot trade?',
        answer:
          'Yes. Every trade appears in your MetaTrader 5 terminal in real time, and the "See Live Trading" tab on the home page shows the bot trading on a live account.',
      },
    ],
  },
  {
    id: 'pricing',
    label: 'Pricing Plans',
    entries: [
      {
        question: 'Which plans are there?',
        answer: `Free Copy Trade (you keep ${FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT}% of the profit and pay nothing up front), Basic (1 month), Pro (6 months) and Ultimate (lifetime access with your own copy of the bot and live consultation). The pricing page compares them side by side.`,
      },
      {
        question: 'How do I pay?',
        answer: `In USDT on the ${PAYMENT.walletNetwork} network. Send the amount to the wallet shown in your dashboard and submit the transaction ID (TXID); we verify it and activate your plan, usually within ${PAYMENT.verificationHours} hours.`,
      },
      {
        question: 'Is there a free trial?',
        answer: `Yes. The free trial runs for ${FREE_TRIAL_DAYS} days, and Free Copy Trade stays free for life: you only share the profit when the bot makes one.`,
      },
      {
        question: 'How does the referral programme work?',
        answer: `Every account has a referral code. A friend who uses it gets $${REFERRAL.discountUsd} off the Basic Package, and you earn $${REFERRAL.rewardUsd} for each friend who buys it. Earnings can be withdrawn in USDT (${WITHDRAWAL.network}) from $${WITHDRAWAL.minimumUsd}.`,
      },
    ],
  },
  {
    id: 'terms',
    label: 'Terms & Policy',
    entries: [
      {
        question: 'What is the money-back guarantee?',
        answer: `Every paid plan comes with a ${REFUND_GUARANTEE_DAYS}-day money-back guarantee: ask for a refund from Billing History within ${REFUND_GUARANTEE_DAYS} days of your payment's approval and we return your payment in full, in USDT to the TRC20 address you give.`,
      },
      {
        question: 'What happens if the bot makes no profit in a month?',
        answer:
          'Then that month is refunded automatically. You do not need to ask: we check every subscription month and refund the fee of any month that closed without profit.',
      },
      {
        question: 'Who can use GoldBot?',
        answer: `Only adults aged ${MINIMUM_AGE} or over, and only where trading leveraged products such as XAUUSD is legal for them.`,
      },
      {
        question: 'How will I hear about changes to the terms?',
        answer: `We e-mail you at least ${TERMS_CHANGE_NOTICE_DAYS} days before any change to the Terms of Service takes effect, and the new version is published on this site.`,
      },
      {
        question: 'How long do withdrawals of referral earnings take?',
        answer: `Requests are reviewed within ${WITHDRAWAL.reviewHours} hours and paid ${WITHDRAWAL.processingHours} hours after approval, to the ${WITHDRAWAL.network} address you provide. You can have one pending request at a time.`,
      },
    ],
  },
];
