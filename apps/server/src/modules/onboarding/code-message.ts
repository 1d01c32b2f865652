// The verification code message (email and SMS), in each of the recipient's possible languages.
import { PRODUCT_NAME, type Bilingual } from '@qist/domain';

export interface CodeMessage {
  subject: string;
  body: string;
}

export function codeMessage(code: string, ttlMinutes: number): Bilingual<CodeMessage> {
  return {
    en: {
      subject: `${PRODUCT_NAME} verification code`,
      body: `Your ${PRODUCT_NAME} verification code is ${code}. It expires in ${ttlMinutes} minutes. If you did not ask for it, ignore this message.`,
    },
    ar: {
      subject: 'رمز التحقق من قسط',
      body: `رمز التحقق الخاص بك في قسط هو ${code}. تنتهي صلاحيته خلال ${ttlMinutes} دقيقة. إذا لم تطلبه، فتجاهل هذه الرسالة.`,
    },
  };
}
