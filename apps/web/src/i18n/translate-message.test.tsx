import { amountTooLargeMessage, fillMessage, MESSAGES } from '@qist/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { addNamespaceResources, i18n } from './index';
import { ordersEn } from './locales/orders-en';
import { translateMessage } from './translate-message';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('translating a server sentence', () => {
  it('shows a known sentence and a filled template in Arabic, with the order status by its Arabic name', async () => {
    addNamespaceResources('orders', ordersEn);
    await i18n.loadLanguages('ar');
    await i18n.changeLanguage('ar');
    await i18n.loadNamespaces('orders');
    expect(translateMessage(MESSAGES.orderNotFound)).toBe('الطلب غير موجود');
    const refused = translateMessage(fillMessage('orderWrongStatus', { status: 'waiting' }));
    expect(refused).toBe(`هذا غير ممكن بينما حالة الطلب ${i18n.t('status.waiting', { ns: 'orders' })}`);
    expect(refused).not.toContain('waiting');
    // an amount in the sentence is written as Arabic writes figures, with the currency
    expect(translateMessage(amountTooLargeMessage(250))).toBe('يجب أن يكون المبلغ 250.00 دولار أمريكي كحد أقصى');
    // the decimals by Arabic's plural forms: two, then three (few)
    expect(translateMessage(fillMessage('amountDecimals', { digits: 2 }))).toBe('يمكن أن يحتوي المبلغ على منزلتين عشريتين كحد أقصى');
    expect(translateMessage(fillMessage('amountDecimals', { digits: 3 }))).toBe('يمكن أن يحتوي المبلغ على 3 منازل عشرية كحد أقصى');
  });

  it('keeps English as it came, and an unknown sentence untouched', () => {
    expect(translateMessage(fillMessage('orderWrongStatus', { status: 'waiting' }))).toBe('this is not possible while the order is Waiting');
    expect(translateMessage('a sentence from a newer server')).toBe('a sentence from a newer server');
    expect(translateMessage(amountTooLargeMessage(250))).toBe('must be less than 250$');
    expect(translateMessage(fillMessage('amountDecimals', { digits: 3 }))).toBe('the amount can have at most 3 decimals');
  });
});
