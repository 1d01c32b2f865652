// The message carrying a link to choose a new password (email and SMS), in each of the recipient's languages.
import { PRODUCT_NAME, type Bilingual, type Language } from '@qist/domain';
import type { NewMessage } from '../notifications/outbox.js';

export interface ResetNotice {
  subject: string;
  body: string;
  sms: string;
}

/** The Arabic product name, as the Arabic interface writes it. */
const NAME_AR = 'قسط';

export function resetLinkNotice(link: string, ttlMinutes: number): Bilingual<ResetNotice> {
  return {
    en: {
      subject: `${PRODUCT_NAME}: choose a new password`,
      body: `Someone asked to choose a new password for your ${PRODUCT_NAME} account. Open this link within ${ttlMinutes} minutes to do it: ${link} It works once. If you did not ask for it, ignore this message: your password stays as it is.`,
      sms: `${PRODUCT_NAME}: choose a new password within ${ttlMinutes} minutes: ${link}`,
    },
    ar: {
      subject: `${NAME_AR}: اختر كلمة مرور جديدة`,
      body: `طُلب اختيار كلمة مرور جديدة لحسابك في ${NAME_AR}. افتح هذا الرابط خلال ${ttlMinutes} دقيقة لتفعل ذلك: ${link} يعمل الرابط مرة واحدة. إذا لم تطلبه، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.`,
      sms: `${NAME_AR}: اختر كلمة مرور جديدة خلال ${ttlMinutes} دقيقة: ${link}`,
    },
  };
}

/** The link as outbox messages in the recipient's language: by email, and by SMS when the account has a phone. */
export function resetLinkMessages(to: { email: string; phone: string | null; language: Language }, link: string, ttlMinutes: number): NewMessage[] {
  const text = resetLinkNotice(link, ttlMinutes)[to.language];
  const email: NewMessage = { channel: 'email', recipient: to.email, subject: text.subject, body: text.body };
  return to.phone ? [email, { channel: 'sms', recipient: to.phone, subject: text.subject, body: text.sms }] : [email];
}
