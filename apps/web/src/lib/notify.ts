// Toasts. Every text goes through translateMessage, so shared sentences appear in the user's language.
import { notifications } from '@mantine/notifications';
import { FLASH_STORAGE_KEY } from '@/config/storage-keys';
import { translateMessage } from '@/i18n/translate-message';

type Tone = 'success' | 'error' | 'warning';

const COLORS: Record<Tone, string> = { success: 'teal', error: 'red', warning: 'yellow' };

function show(tone: Tone, text: string): void {
  notifications.show({ color: COLORS[tone], message: translateMessage(text), autoClose: tone === 'error' ? 6000 : 4000 });
}

export const notify = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
};

/** Keeps a success toast for after the next full page load (logout reloads the page). */
export function queueSuccessAfterReload(text: string): void {
  try {
    window.sessionStorage.setItem(FLASH_STORAGE_KEY, text);
  } catch {
    notify.success(text);
  }
}

/** Shows the toast queued before a reload, once. */
export function showQueuedToast(): void {
  try {
    const text = window.sessionStorage.getItem(FLASH_STORAGE_KEY);
    if (text) {
      window.sessionStorage.removeItem(FLASH_STORAGE_KEY);
      notify.success(text);
    }
  } catch {
    // no sessionStorage: nothing was queued
  }
}
