// POST /api/v1/{role}/doc/upload (multipart: title, optional description, the file in smeDoc / providerDoc;
// 10 s time-out, part 1 §7).
import { documentResponse } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { onboardingKeys, partyUrl, type PartyRole } from './keys';

export const UPLOAD_TIMEOUT_MS = 10_000;

const content = documentResponse.shape.content;

export type DocumentUpload = { title: string; description?: string; file: File; onProgress?: (percent: number) => void };

/** The multipart field of the file: smeDoc or providerDoc. */
export function documentFileField(role: PartyRole): string {
  return `${role}Doc`;
}

export function toUploadBody(role: PartyRole, { title, description, file }: DocumentUpload): FormData {
  const body = new FormData();
  body.append('title', title);
  if (description?.trim()) body.append('description', description.trim());
  body.append(documentFileField(role), file, file.name);
  return body;
}

export async function uploadDocument(role: PartyRole, upload: DocumentUpload) {
  const answer = await api.post(partyUrl(role, 'doc/upload'), toUploadBody(role, upload), content, {
    timeoutMs: UPLOAD_TIMEOUT_MS,
    onUploadProgress: upload.onProgress,
  });
  return answer.doc;
}

export function useUploadDocument(role: PartyRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: onboardingKeys.upload(role),
    mutationFn: (upload: DocumentUpload) => uploadDocument(role, upload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.documents(role) }),
        queryClient.invalidateQueries({ queryKey: onboardingKeys.profile(role) }),
      ]),
  });
}
