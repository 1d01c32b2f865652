// The msg of a failed call, for showing it on a field (the API client gives ApiError; anything else is a server error).
import { MESSAGES } from '@qist/domain';
import { ApiError } from '@/lib/api';

export function apiErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.serverError;
}
