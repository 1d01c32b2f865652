// What the platform sends an SME about its orders, in English and Arabic in one message (the
// account keeps no language preference). Links use PUBLIC_URL.
import { PRODUCT_NAME, formatAmount } from '@qist/domain';

export interface Notice {
  subject: string;
  body: string;
  sms: string;
}

/** A notice as outbox messages: always by email, by SMS when the SME has a phone. */
export function noticeMessages(to: { email: string; phone: string | null }, notice: Notice) {
  const email = { channel: 'email' as const, recipient: to.email, subject: notice.subject, body: notice.body };
  return to.phone ? [email, { channel: 'sms' as const, recipient: to.phone, subject: notice.subject, body: notice.sms }] : [email];
}

const date = (d: Date) => d.toLocaleDateString('en-GB', { dateStyle: 'full', timeZone: 'UTC' });
const dateAr = (d: Date) => d.toLocaleDateString('ar', { dateStyle: 'full', timeZone: 'UTC' });

export function paymentLinkNotice(link: string, amount: number): Notice {
  const sum = formatAmount(amount);
  return {
    subject: `${PRODUCT_NAME}: pay the first instalment of your order`,
    body: `Your order of ${sum} is created. Pay its first instalment within 72 hours, or it is canceled: ${link}\n\n` +
      `تم إنشاء طلبك بقيمة ${sum}. ادفع القسط الأول خلال 72 ساعة وإلا أُلغي الطلب: ${link}`,
    sms: `${PRODUCT_NAME}: pay the first instalment of your order (${sum}) / ادفع القسط الأول لطلبك: ${link}`,
  };
}

export function reminderNotice(link: string, amount: number, deadline: Date): Notice {
  const sum = formatAmount(amount);
  return {
    subject: `${PRODUCT_NAME}: an instalment is due on ${date(deadline)}`,
    body: `An instalment of ${sum} is due on ${date(deadline)}. Pay it here: ${link}\n\n` +
      `يستحق قسط بقيمة ${sum} في ${dateAr(deadline)}. ادفعه من هنا: ${link}`,
    sms: `${PRODUCT_NAME}: ${sum} due ${date(deadline)} / قسط مستحق: ${link}`,
  };
}

export function lateNotice(link: string, amount: number, deadline: Date): Notice {
  const sum = formatAmount(amount);
  return {
    subject: `${PRODUCT_NAME}: an instalment is late`,
    body: `The instalment of ${sum} that was due on ${date(deadline)} is not paid. Please pay it now: ${link}\n\n` +
      `لم يُدفع القسط بقيمة ${sum} المستحق في ${dateAr(deadline)}. يرجى دفعه الآن: ${link}`,
    sms: `${PRODUCT_NAME}: instalment of ${sum} is late / قسط متأخر: ${link}`,
  };
}

export function canceledNotice(amount: number): Notice {
  const sum = formatAmount(amount);
  return {
    subject: `${PRODUCT_NAME}: your order is canceled`,
    body: `Your order of ${sum} was not paid within 72 hours and is canceled; its credit is available again.\n\n` +
      `لم يُدفع طلبك بقيمة ${sum} خلال 72 ساعة فأُلغي، وعاد رصيده الائتماني متاحاً.`,
    sms: `${PRODUCT_NAME}: order of ${sum} canceled (unpaid 72 h) / أُلغي الطلب لعدم الدفع`,
  };
}
