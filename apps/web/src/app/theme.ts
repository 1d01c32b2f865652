// A clean theme: teal brand, rounded corners, fonts that cover Latin and Arabic.
import { createTheme } from '@mantine/core';

const fontFamily =
  'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", "Noto Sans Arabic", Tahoma, Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
});
