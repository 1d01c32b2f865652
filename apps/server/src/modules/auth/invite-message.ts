// The invitation of a back-office user: one email in English and Arabic (the invitee has chosen no language yet).
import { PRODUCT_NAME } from '@qist/domain';
import type { NewMessage } from '../notifications/outbox.js';

/** The Arabic product name, as the Arabic interface writes it. */
const NAME_AR = 'قسط';

const ROLE_NAMES = {
  admin: { en: 'an administrator', ar: 'مسؤول' },
  bank: { en: 'a bank user', ar: 'مستخدم البنك' },
  insurance: { en: 'an insurance user', ar: 'مستخدم شركة التأمين' },
} as const;

export function inviteMessage(to: string, role: keyof typeof ROLE_NAMES, link: string, ttlHours: number): NewMessage {
  const name = ROLE_NAMES[role];
  const en = `You are invited to ${PRODUCT_NAME} as ${name.en}. Open this link within ${ttlHours} hours to choose your password: ${link} It works once.`;
  const ar = `تمت دعوتك إلى ${NAME_AR} بصفة ${name.ar}. افتح هذا الرابط خلال ${ttlHours} ساعة لاختيار كلمة المرور: ${link} يعمل الرابط مرة واحدة.`;
  return {
    channel: 'email',
    recipient: to,
    subject: `${PRODUCT_NAME}: your invitation · ${NAME_AR}: دعوتك`,
    body: `${en}\n\n${ar}`,
  };
}
