// The six questions of the FAQ, answered with the claims of product-spec.md section 1.
import { MARKETING_CLAIMS } from './site-content';

export const FAQ_ITEMS = [
  {
    question: 'What is the minimum deposit?',
    answer: `You can start with ${MARKETING_CLAIMS.minimumDeposit}. Add capital whenever you like and decide how much each algorithm works with.`,
  },
  {
    question: 'Can I try the platform before investing?',
    answer: `Yes. A demo account with ${MARKETING_CLAIMS.demoFunds} of virtual funds lets you watch the algorithms trade, run backtests and explore the dashboard without risking real money.`,
  },
  {
    question: 'Do you charge commissions?',
    answer:
      'Trading is commission-free on most operations. Any cost that applies is shown before you confirm an investment.',
  },
  {
    question: 'Which markets do the algorithms trade?',
    answer:
      'GOLD, NASDAQ and EURUSD. Each algorithm follows tested grid rules on its market, and you can backtest it on years of minute-by-minute price history first.',
  },
  {
    question: 'How do I open an account?',
    answer: `Send us a request with the contact form below. We reply within ${MARKETING_CLAIMS.replyWithin}; once your request is approved you receive an e-mail with a link to set your password.`,
  },
  {
    question: 'How can I reach support?',
    answer: `Our support team is available 24/7 from our offices in Monaco. Write to us through the contact form and we will get back to you within ${MARKETING_CLAIMS.replyWithin}.`,
  },
] as const;
