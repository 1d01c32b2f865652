// A clean theme: teal brand, rounded corners, fonts that cover Latin and Arabic, and colours that pass
// WCAG AA (4.5:1 for normal text):
// - the brand's filled shade carries white text at 5:1;
// - filled buttons and badges of any colour take white or near-black text by their luminance;
// - coloured text (c="red", light and subtle variants, outlines) is darkened where Mantine's shade
//   falls short on white or on the colour's light background (red 7 is 3.8:1, green 9 on green 1 is 3.8:1);
// - dimmed text is a darker grey than Mantine's (#868e96 is 3.3:1 on white);
// - a field's error (its sentence, the text and placeholder of the refused field) is a red readable on
//   white: Mantine's red 6 is 3.3:1.
import { createTheme, darken, DEFAULT_THEME, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const fontFamily =
  'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", "Noto Sans Arabic", Tahoma, Arial, sans-serif';

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** Mantine's teal with its dark end darkened: shade 7 (the primary) is white-on 5.0:1, 8 and 9 darker still. */
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0ca678', '#087f5b', '#066a4c', '#05563e'];

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  colors: { teal },
  // white text where it reaches 4.5:1 (luminance up to 0.18), near-black text on lighter fills
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
});

/** The WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The first of the shades 7 to 9 readable on every background, else shade 9 darkened until it is. */
export function readableShade(palette: readonly string[], backgrounds: string[]): string {
  const readable = (color: string) => backgrounds.every((background) => contrastRatio(color, background) >= MIN_CONTRAST);
  const shade = [palette[7], palette[8], palette[9]].find((color): color is string => color !== undefined && readable(color));
  if (shade) return shade;
  let color = palette[9] ?? '#000000';
  for (let step = 1; step <= 20 && !readable(color); step += 1) color = darken(palette[9] ?? '#000000', step * 0.05);
  return color;
}

/** The light scheme's text colours of every palette, each readable on white and on its light background. */
function readableTextVariables(): Record<string, string> {
  const colors = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>;
  const variables: Record<string, string> = {
    '--mantine-color-dimmed': '#5c6370',
    '--mantine-color-error': readableShade(colors.red ?? DEFAULT_THEME.colors.red, ['#ffffff']),
  };
  for (const [name, palette] of Object.entries(colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const onWhite = readableShade(palette, ['#ffffff', palette[0] ?? '#ffffff']);
    variables[`--mantine-color-${name}-text`] = onWhite;
    variables[`--mantine-color-${name}-outline`] = onWhite;
    variables[`--mantine-color-${name}-light-color`] = readableShade(palette, ['#ffffff', palette[1] ?? '#ffffff']);
  }
  return variables;
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: readableTextVariables(),
  dark: {},
});
