// The schema of the API's failure envelope, apart from lib/api.ts: it comes with zod, which the first
// screens (landing, sign-in) do without; it is fetched with the first failed call.
export { errorEnvelope } from '@qist/domain';
