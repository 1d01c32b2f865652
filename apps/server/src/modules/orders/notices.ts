// What the platform sends an SME about its orders. Each notice is written here once per language,
// and the SME receives the one in its own language (users.language), amounts in the platform's
// currency as that language writes them ('KWD 1,250.500', '1,250.500 د.ك.‏'). Links use PUBLIC_URL.
import { PRODUCT_NAME, formatAmount, type Bilingual, type Language } from '@qist/domain';

export interface Notice {
  subject: string;
  body: string;
  sms: string;
}

export interface NoticeRecipient {
  email: string;
  phone: string | null;
  language: Language;
}

/** A notice as outbox messages, in the recipient's language: always by email, by SMS when the SME has a phone. */
export function noticeMessages(to: NoticeRecipient, notice: Bilingual<Notice>) {
  const text = notice[to.language];
  const email = { channel: 'email' as const, recipient: to.email, subject: text.subject, body: text.body };
  return to.phone ? [email, { channel: 'sms' as const, recipient: to.phone, subject: text.subject, body: text.sms }] : [email];
}

/** The Arabic product name, as the Arabic interface writes it. */
const NAME_AR = 'قسط';

const date = (d: Date) => d.toLocaleDateString('en-GB', { dateStyle: 'full', timeZone: 'UTC' });
// Latin digits, as the interface writes every figure in Arabic too
const dateAr = (d: Date) => d.toLocaleDateString('ar-u-nu-latn', { dateStyle: 'full', timeZone: 'UTC' });

export function paymentLinkNotice(link: string, amount: number): Bilingual<Notice> {
  const sum = formatAmount(amount, 'en');
  const sumAr = formatAmount(amount, 'ar');
  return {
    en: {
      subject: `${PRODUCT_NAME}: pay the first instalment of your order`,
      body: `Your order of ${sum} is created. Pay its first instalment within 72 hours, or it is canceled: ${link}`,
      sms: `${PRODUCT_NAME}: pay the first instalment of your order (${sum}): ${link}`,
    },
    ar: {
      subject: `${NAME_AR}: ادفع القسط الأول من طلبك`,
      body: `تم إنشاء طلبك بقيمة ${sumAr}. ادفع القسط الأول خلال 72 ساعة وإلا أُلغي الطلب: ${link}`,
      sms: `${NAME_AR}: ادفع القسط الأول من طلبك (${sumAr}): ${link}`,
    },
  };
}

export function reminderNotice(link: string, amount: number, deadline: Date): Bilingual<Notice> {
  const sum = formatAmount(amount, 'en');
  const sumAr = formatAmount(amount, 'ar');
  return {
    en: {
      subject: `${PRODUCT_NAME}: an instalment is due on ${date(deadline)}`,
      body: `An instalment of ${sum} is due on ${date(deadline)}. Pay it here: ${link}`,
      sms: `${PRODUCT_NAME}: ${sum} due ${date(deadline)}: ${link}`,
    },
    ar: {
      subject: `${NAME_AR}: يستحق قسط في ${dateAr(deadline)}`,
      body: `يستحق قسط بقيمة ${sumAr} في ${dateAr(deadline)}. ادفعه من هنا: ${link}`,
      sms: `${NAME_AR}: قسط بقيمة ${sumAr} مستحق في ${dateAr(deadline)}: ${link}`,
    },
  };
}

export function lateNotice(link: string, amount: number, deadline: Date): Bilingual<Notice> {
  const sum = formatAmount(amount, 'en');
  const sumAr = formatAmount(amount, 'ar');
  return {
    en: {
      subject: `${PRODUCT_NAME}: an instalment is late`,
      body: `The instalment of ${sum} that was due on ${date(deadline)} is not paid. Please pay it now: ${link}`,
      sms: `${PRODUCT_NAME}: instalment of ${sum} is late: ${link}`,
    },
    ar: {
      subject: `${NAME_AR}: قسط متأخر`,
      body: `لم يُدفع القسط بقيمة ${sumAr} المستحق في ${dateAr(deadline)}. يرجى دفعه الآن: ${link}`,
      sms: `${NAME_AR}: القسط بقيمة ${sumAr} متأخر: ${link}`,
    },
  };
}

export function canceledNotice(amount: number): Bilingual<Notice> {
  const sum = formatAmount(amount, 'en');
  const sumAr = formatAmount(amount, 'ar');
  return {
    en: {
      subject: `${PRODUCT_NAME}: your order is canceled`,
      body: `Your order of ${sum} was not paid within 72 hours and is canceled; its credit is available again.`,
      sms: `${PRODUCT_NAME}: order of ${sum} canceled (unpaid 72 h)`,
    },
    ar: {
      subject: `${NAME_AR}: أُلغي طلبك`,
      body: `لم يُدفع طلبك بقيمة ${sumAr} خلال 72 ساعة فأُلغي، وعاد رصيده الائتماني متاحاً.`,
      sms: `${NAME_AR}: أُلغي الطلب بقيمة ${sumAr} لعدم الدفع خلال 72 ساعة`,
    },
  };
}
