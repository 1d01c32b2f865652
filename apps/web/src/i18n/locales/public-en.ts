// English strings of the public pages (namespace 'public'): landing, about, contact, FAQ, terms,
// the demo profile and pre-registration. Arabic mirrors this shape key for key (./public-ar.ts).
import { PRODUCT_NAME } from '@qist/domain';

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

  about: {
    eyebrow: 'Founded in Kuwait in 2023',
    title: 'About Us',
    text: '{{name}} is a business-to-business buy-now-pay-later platform for small and medium enterprises in the Gulf. SMEs buy from domestic and regional suppliers on interest-free credit and repay in monthly instalments; suppliers are settled 2-4 working days after uploading their invoice.',
    facts: {
      founded: { value: '2023', label: 'founded' },
      base: { value: 'Kuwait', label: 'headquarters' },
      interest: { value: '0%', label: 'interest for SMEs' },
      settlement: { value: '2-4', label: 'working days to pay suppliers' },
    },
    story: {
      title: 'Our story',
      p1: 'Small businesses keep the Gulf economy moving, yet many must pay for stock up front while larger buyers get generous terms. Our four co-founders, with backgrounds in banking, operations and business development, started {{name}} in Kuwait in 2023 to close that gap.',
      p2: 'Banks and insurance companies review each business on the platform, and the lender decides on every credit application. If a first application is refused, we arrange an alternative financial partner to look at it again.',
    },
    founders: {
      title: 'Meet the founders',
      subtitle: 'Four co-founders, one aim: credit that helps small businesses grow.',
      bd: {
        role: 'Chief Business Development Officer',
        description: 'Builds our network of suppliers and partner banks across the Gulf and makes sure every partner fits the needs of the SMEs we serve.',
      },
      cfo: {
        role: 'Chief Financial Officer',
        description: 'Oversees funding, risk and the accounts behind every instalment, so that suppliers are paid on time and credit stays sound.',
      },
      coo: {
        role: 'Chief Operating Officer',
        description: 'Runs onboarding and verification, so that a business moves from sign-up to its first order quickly and clearly.',
      },
      ceo: {
        role: 'Chief Executive Officer',
        description: 'Sets the direction of {{name}} and leads the team, keeping the product simple, fair and interest-free for the businesses that use it.',
      },
    },
    team: {
      title: 'Leadership at a glance',
      item: '{{name}}, {{role}}',
    },
  },

  contact: {
    title: 'Contact Us',
    text: 'Questions about credit for your business, joining as a supplier or a partnership? Reach the right person directly.',
    table: {
      caption: 'Who to contact',
      role: 'Role',
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      primary: 'Primary contact',
      businessDevelopment: 'Business development',
      none: 'Our team’s direct contacts are not published yet. Leave your details in the <form>pre-registration form</form> and we will call you back.',
    },
    visit: {
      title: 'Visit us',
      address: 'Kuwait City, State of Kuwait',
      map: 'Map of Kuwait City on the Arabian Gulf, with a pin on the {{name}} office',
      pin: '{{name}} office',
      sea: 'Arabian Gulf',
    },
    social: {
      title: 'Call, write or follow us',
      text: 'Follow us for news, supplier stories and tips for growing your business.',
    },
  },

  faq: {
    title: 'Help & FAQ',
    text: 'Everything you need to know about buying on interest-free credit with {{name}}, or selling through it as a supplier.',
    services: {
      title: 'Services We Provide',
      p1: '{{name}} gives small and medium enterprises short-term, interest-free credit to buy from listed domestic and regional suppliers. Each order is split into monthly instalments: the first is paid when the order is created and the rest through a payment link each month.',
      p2: 'For suppliers, {{name}} is a way to sell on credit without waiting: the platform settles the supplier 2-4 working days after the invoice is uploaded. Verification, credit scoring with our insurance partners, orders, delivery and invoices all happen online.',
    },
    questionsTitle: 'Frequently asked questions',
    items: {
      what: {
        question: 'What is {{name}}?',
        answer: '{{name}} is a business-to-business buy-now-pay-later platform for SMEs in the Gulf. You buy what your business needs from listed suppliers and pay in interest-free monthly instalments, while the platform pays the supplier.',
      },
      who: {
        question: 'Who can use {{name}}?',
        answer: 'Small and medium enterprises that want to buy on credit, and domestic or regional suppliers that want to sell to them. Both create an account and are verified before they can trade.',
      },
      interest: {
        question: 'Is the credit really interest-free?',
        answer: 'Yes. Credit through {{name}} carries 0% interest and is short-term, typically repaid in under six months. Your instalments add up to the amount of your order.',
      },
      instalments: {
        question: 'How do the instalments work?',
        answer: 'The first instalment is paid through a payment link when you create the order. The remaining instalments fall due monthly, each with its own payment link, and every instalment you pay frees up that amount of your credit again.',
      },
      settlement: {
        question: 'When is the supplier paid?',
        answer: 'The supplier is settled 2-4 working days after uploading the invoice for a delivered order, whatever the SME’s instalment schedule.',
      },
      documents: {
        question: 'Which documents do I need to get verified?',
        answer: 'SMEs upload the article of association, the CR license, the IDs of the shareholders and a bank-certified IBAN of the business account; recent financial and bank statements help the review. Suppliers upload the article of association, the CR license, the IDs of the shareholders and financial statements for the past two years.',
      },
      refused: {
        question: 'What happens if my credit application is refused?',
        answer: 'The lender decides on every application. If your first application is refused, we arrange an alternative financial partner to review it.',
      },
    },
    more: {
      title: 'Still have a question?',
      text: 'Our team is glad to help by phone, email or message.',
      action: 'Contact our team',
    },
  },

  terms: {
    title: 'Terms & Conditions',
    text: 'The plain rules of using {{name}}, for SMEs and suppliers alike.',
    intro: 'These terms summarise how {{name}} works. The credit agreement you sign sets the binding details and prevails where it differs.',
    items: {
      eligibility: {
        title: 'Eligibility and verification',
        text: '{{name}} is for registered businesses. SMEs and suppliers must give accurate company details, verify their email and phone, and upload the documents requested. We and our partner banks and insurers may check them, and may refuse or pause an account that cannot be verified.',
      },
      credit: {
        title: 'Credit limit and available credit',
        text: 'Your credit limit is set after the bank and insurance review. Each order reserves its full amount from your available credit and cannot exceed it; each instalment you pay returns its amount to your available credit.',
      },
      instalments: {
        title: 'Instalment plan and deadlines',
        text: 'Each order is split into interest-free instalments according to the plan set when your account is activated. The first instalment is paid when the order is created, and an order whose first instalment is not paid within 72 hours is cancelled. Each further instalment is due monthly and is paid through a payment link.',
      },
      late: {
        title: 'Late payment',
        text: 'An instalment not paid by its deadline marks your account as paying late. Late payments are recorded, may pause new orders or reduce your credit, and are shared with our lending and insurance partners.',
      },
      settlement: {
        title: 'Supplier settlement',
        text: 'Suppliers accept orders, confirm delivery with the order’s verification code and upload the invoice. Once the invoice is verified, the supplier receives the order amount less its agreed discount, 2-4 working days after the upload, whatever the SME’s payments.',
      },
      data: {
        title: 'Documents and data protection',
        text: 'The documents and details you provide are used only to verify your business and assess credit. They are stored securely, shared only with the partners reviewing your application, and never made public.',
      },
      termination: {
        title: 'Termination',
        text: 'You may close your account once every instalment is paid. We may suspend or close an account that gives false information, repeatedly misses payments or breaks these terms; amounts already due remain payable.',
      },
      law: {
        title: 'Governing law',
        text: 'These terms are governed by the laws of the State of Kuwait, and the courts of Kuwait have jurisdiction over any dispute.',
      },
    },
  },

  profile: {
    sample: 'Sample team member profile',
    role: 'Relationship Manager, SME Partnerships',
    location: 'Kuwait City, Kuwait',
    bio: 'Hessa helps small businesses prepare their documents, understand their credit limit and find the right suppliers on the platform. Before joining the team she spent eight years in SME banking.',
    stats: {
      connections: 'Connections',
      suppliers: 'Suppliers onboarded',
      workshops: 'Workshops',
    },
    connect: 'Connect',
    requested: 'Request sent',
    note: 'This is a sample profile that shows the layout of a team page. It is not a real account, and Connect sends nothing.',
  },

  preRegister: {
    eyebrow: 'Pre-registration',
    title: 'Grow Your SME Business',
    text: 'Tell us about your business and the financing you have in mind. Pre-registering is an expression of interest, not a loan application: we will contact you as {{name}} opens to businesses like yours.',
    benefits: {
      priority: {
        title: 'Priority Updates',
        text: 'Be the first to hear about launch dates, new suppliers and offers for your sector.',
      },
      early: {
        title: 'Early Access',
        text: 'Use interest-free credit before the platform opens to everyone.',
      },
      guidance: {
        title: 'Tailored Guidance',
        text: 'Our team contacts you to prepare your documents and answer your questions.',
      },
      streamlined: {
        title: 'Streamlined Process',
        text: 'The details you share now make your full onboarding shorter later.',
      },
    },
    form: {
      title: 'Pre-register your business',
      companyName: 'Company name',
      businessSector: 'Business sector',
      businessSectorPlaceholder: 'Search or pick a sector',
      nothingFound: 'No sector matches',
      year: 'Year of establishment',
      yearPlaceholder: 'Pick a year',
      email: 'Company email',
      telephone: 'Telephone',
      loanAmount: 'Loan amount',
      loanAmountHint: 'The financing you expect to need, in US dollars.',
      submit: 'Pre-register Now',
      privacy: 'We use these details only to contact you about {{name}}.',
    },
    landingLink: 'Visit our landing page',
  },
};

export type PublicResources = typeof publicEn;
