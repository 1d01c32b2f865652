// English strings of the public pages other than the landing page (namespace 'public', with
// ./public-en.ts): about, contact, FAQ, terms, the demo profile and pre-registration. Each of those
// pages registers them as it loads, so the landing page does not carry them.
export const publicPagesEn = {
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
      loanAmountHint: 'The financing you expect to need, in {{currency}}.',
      submit: 'Pre-register Now',
      privacy: 'We use these details only to contact you about {{name}}.',
    },
    landingLink: 'Visit our landing page',
  },
};
