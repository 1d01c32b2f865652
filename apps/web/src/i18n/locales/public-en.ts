// English strings of the public pages (namespace 'public'): the landing page's and those several
// pages share, which come with the public area; the other pages' are ./public-pages-en.ts, which
// come with those pages. Arabic mirrors both key for key, in one file (./public-ar.ts).
import { PRODUCT_NAME } from '@qist/domain';
import type { publicPagesEn } from './public-pages-en';

export const publicEn = {
  brand: PRODUCT_NAME,
  getStart: 'Get started',
  backHome: 'Back to home',
  newTab: '(opens in a new tab)',

  /** The people named on the site (fictional placeholders until the real team is published). */
  people: {
    mariam: 'Mariam Al-Kandari',
    faisal: 'Faisal Al-Enezi',
    dana: 'Dana Al-Rashed',
    yousef: 'Yousef Al-Mutairi',
    hessa: 'Hessa Al-Ajmi',
  },

  contactLinks: {
    call: 'Call us',
    email: 'Email us',
    whatsapp: 'WhatsApp',
    linkedin: 'LinkedIn',
    instagram: 'Instagram',
    hours: 'Sunday to Thursday, 9:00 to 17:00 (Kuwait time)',
  },

  landing: {
    eyebrow: 'B2B buy now, pay later for the Gulf',
    lead: 'Interest-free trade credit for small and medium businesses: buy from your suppliers today and pay over the coming months, while your suppliers are paid within days.',
    registerSme: 'Register as SME',
    registerProvider: 'Register as Supplier',
    preRegisterPrompt: 'Not ready to sign up yet?',
    preRegisterLink: 'Pre-register your business',
    illustration: 'An order split into four interest-free instalments, the first one already paid',
    highlights: {
      interest: { value: '0%', label: 'interest' },
      term: { value: '< 6', label: 'months, typical term' },
      settlement: { value: '2-4', label: 'working days to pay suppliers' },
    },
    audiences: {
      title: 'Built for both sides of every order',
      sme: {
        eyebrow: 'For SMEs',
        title: 'Stock up today, pay in interest-free monthly instalments',
        points: {
          p1: 'Short-term credit at 0% interest, typically repaid in under six months.',
          p2: 'Pay the first instalment when you place the order and the rest monthly through a payment link.',
          p3: 'Buy from verified domestic and regional suppliers, up to your available credit.',
        },
        action: 'Apply for credit',
      },
      supplier: {
        eyebrow: 'For suppliers',
        title: 'Sell on credit and get paid in 2-4 working days',
        points: {
          p1: 'Settlement 2-4 working days after you upload the invoice, whatever the buyer’s instalment schedule.',
          p2: 'Accept orders, confirm delivery and upload invoices from one simple panel.',
          p3: 'Reach businesses that are already verified and have approved credit.',
        },
        action: 'Start selling on credit',
      },
    },
    steps: {
      title: 'How it works',
      s1: {
        title: 'Register and get verified',
        text: 'Create your account, add your company details and upload your documents, step by step.',
      },
      s2: {
        title: 'Receive your credit limit',
        text: 'Our bank and insurance partners review your business and set the credit you can use.',
      },
      s3: {
        title: 'Order from suppliers',
        text: 'Create an order within your available credit and pay the first instalment at once.',
      },
      s4: {
        title: 'Pay the rest monthly',
        text: 'Settle each remaining instalment through a payment link; every payment frees up credit again.',
      },
    },
    services: {
      title: 'What we offer',
      loan: {
        title: 'Interest-free loan',
        text: 'Short-term trade credit at 0% interest, typically repaid in under six months.',
      },
      onboarding: {
        title: 'Guided onboarding',
        text: 'Verify your email and phone, add your details and upload your documents in clear steps.',
      },
      score: {
        title: 'Credit score',
        text: 'Insurance partners assess your business and give it the score that sets your limit.',
      },
      online: {
        title: 'Online transactions',
        text: 'Orders, delivery confirmation, invoices and instalments, all online in one place.',
      },
    },
    about: {
      title: 'About Us',
      text: '{{name}} was founded in 2023 in Kuwait by four co-founders who watched good small businesses turn down orders for lack of cash. We bring SMEs, suppliers, banks and insurers onto one platform so trade credit is quick, clear and interest-free.',
      refusal: 'The lender decides on every application. If your first application is refused, we arrange an alternative financial partner to review it.',
      more: 'Read our story',
    },
    preRegister: {
      title: 'Want to be first in line?',
      text: 'Pre-register your business for priority updates and early access. It takes a minute and it is not a loan application.',
      action: 'Pre-register now',
    },
    contact: {
      title: 'Talk to our team',
      text: 'Questions about credit for your business, or about selling through {{name}}? Call or message us.',
      more: 'See all contacts',
    },
  },
};

/** The whole namespace: the landing page's strings and the other pages'. */
export type PublicResources = typeof publicEn & typeof publicPagesEn;
