// PUT /api/v1/auth/language: the language of the emails and SMS the platform writes to the signed-in
// user. Shared: the profile page's select saves it, and so does the language switch whenever a
// signed-in user changes the interface language.
import { languageResponse, type Language } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { ME_QUERY_KEY } from './me';
import { getToken } from './session';

const languageContent = languageResponse.shape.content;

export function saveUserLanguage(language: Language, options: { notifyOnError?: boolean } = {}) {
  return api.put('/api/v1/auth/language', { language }, languageContent, options);
}

/** Saves the language; the signed-in user's record (GET /auth/me) is read again after. */
export function useSaveUserLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => saveUserLanguage(language),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

/**
 * The interface language just chosen, saved as the user's language when someone is signed in.
 * Fire and forget: the switch has already happened, and a failure must not interrupt it.
 */
export function rememberInterfaceLanguage(language: Language): void {
  if (!getToken()) return;
  saveUserLanguage(language, { notifyOnError: false }).catch(() => {
    // the next switch, or the profile's select, saves it again
  });
}
