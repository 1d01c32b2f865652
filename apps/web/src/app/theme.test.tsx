// The theme's colours meet WCAG AA: what it writes in colour is readable where it is written.
import { DEFAULT_THEME, getThemeColor, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, MIN_CONTRAST, readableShade, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light;
const palettes = Object.entries(merged.colors).filter(([name]) => name !== 'dark' && name !== 'gray');

describe('the theme', () => {
  it('puts white text on the primary filled shade at 4.5:1 or more', () => {
    const primary = getThemeColor('teal.7', merged);
    expect(contrastRatio('#ffffff', primary)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // and that shade is the one buttons fill with
    expect(merged.primaryShade).toEqual({ light: 7, dark: 5 });
  });

  it.each(palettes)('writes %s text readable on white and on its light background', (name, palette) => {
    const text = light[`--mantine-color-${name}-text`]!;
    const lightColor = light[`--mantine-color-${name}-light-color`]!;
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(text, palette[0])).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(lightColor, palette[1])).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(light[`--mantine-color-${name}-outline`]).toBe(text);
  });

  it('dims text at 4.5:1 or more on white', () => {
    expect(contrastRatio(light['--mantine-color-dimmed']!, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('writes a field’s error in a red at 4.5:1 or more on white, darker than Mantine’s', () => {
    const error = light['--mantine-color-error']!;
    expect(contrastRatio(error, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(merged.colors.red[6], '#ffffff')).toBeLessThan(MIN_CONTRAST);
  });

  it('lets filled colours choose white or dark text by a luminance at which both reach 4.5:1', () => {
    // at the threshold white text is (1.05 / 0.23) and black text (0.23 / 0.05), both above 4.5
    const threshold = merged.luminanceThreshold;
    expect(merged.autoContrast).toBe(true);
    expect(1.05 / (threshold + 0.05)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect((threshold + 0.05) / 0.05).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('keeps a shade that is readable already, and darkens one that is not', () => {
    const yellow = merged.colors.yellow;
    // Mantine's yellow is too light even at 9: the answer is darker than every shade
    const darkened = readableShade(yellow, ['#ffffff']);
    expect(luminance(darkened)).toBeLessThan(luminance(yellow[9]));
    expect(contrastRatio(darkened, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(readableShade(merged.colors.teal, ['#ffffff'])).toBe(merged.colors.teal[7]);
  });
});
