// The sign-in form's zod schemas, loaded apart from the form (see lib/lazy-resolver.ts): its
// validation and the check of the server's answer.
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest } from '@qist/domain';

export { authContent } from '@qist/domain';

export const loginResolver = zodResolver(loginRequest);
