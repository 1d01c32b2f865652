// Mantine's toast container on its own, so that it (and its transition library, and its styles) can be
// a separate chunk: see Toasts in app/provider.tsx. Importing the package itself lazily would not split
// it, as the toast API (lib/notify.ts) imports the same package statically.
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
