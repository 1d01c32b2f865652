// The 'messages' namespace: the shared sentences of @qist/domain, by key. English is MESSAGES itself.
import { MESSAGES, type MessageKey } from '@qist/domain';

export const enMessages = MESSAGES;

export const arMessages: Record<MessageKey, string> = {
  emailRequired: 'أدخل بريدك الإلكتروني',
  emailInvalid: 'البريد الإلكتروني غير صحيح',
  passwordRequired: 'أدخل كلمة المرور',
  passwordTooShort: 'كلمة المرور قصيرة جدًا',
  roleRequired: 'اختر نوع حسابك',
  confirmPasswordRequired: 'أكّد كلمة المرور',
  passwordsMustMatch: 'كلمتا المرور غير متطابقتين',
  acceptTermsRequired: 'يجب الموافقة على الشروط',
  codeRequired: 'أدخل رمز التحقق من مسؤول قسط',
  codeWrong: 'رمز التحقق من المسؤول غير صحيح.',
  contactUsWithEmail: 'تواصل معنا عبر البريد الإلكتروني',
  loginSuccess: 'تم تسجيل الدخول بنجاح',
  logoutSuccess: 'تم تسجيل الخروج بنجاح',
  logoutConfirm: 'هل أنت متأكد من تسجيل الخروج؟',
  emailTaken: 'هذا البريد الإلكتروني مسجل بالفعل',
  invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  tooManyAttempts: 'محاولات كثيرة، يرجى المحاولة لاحقًا',
  tooManySignUps: 'عمليات تسجيل كثيرة من هذا العنوان، يرجى المحاولة لاحقًا',
  loginRequired: 'يرجى تسجيل الدخول أولًا',
  sessionExpired: 'انتهت جلستك، يرجى تسجيل الدخول مجددًا',
  forbidden: 'غير مسموح لك بهذا الإجراء',
  notFound: 'غير موجود',
  serverError: 'حدث خطأ ما، يرجى المحاولة مرة أخرى',
  mustLoginAsSupplier: 'يجب تسجيل الدخول كمورد',
  mustLoginAsSme: 'يجب تسجيل الدخول كمنشأة',
};
