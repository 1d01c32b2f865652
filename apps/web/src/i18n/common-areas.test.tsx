// The 'common' strings of the public and panel areas (locales/common-areas-en.ts) are not in the app's
// entry: each module that reads them imports ./common-areas, which adds them to the English strings.
// A module reading them without that import could show its keys on a page no other such module loads.
import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { commonAreasEn } from './locales/common-areas-en';
import './common-areas';

/** The app's modules, as text (tests and the string tables themselves aside). */
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./locales/**', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A key of those strings in quotes ('table.empty', `party.levels.${key}`). */
const READS_AREA_STRINGS = new RegExp(`['"\`](${Object.keys(commonAreasEn).join('|')})\\.`);

describe("the areas' common strings", () => {
  it('are imported by every module that reads them', () => {
    const readers = Object.entries(SOURCES).filter(([, text]) => READS_AREA_STRINGS.test(text));
    expect(readers.length).toBeGreaterThan(10);
    expect(readers.filter(([, text]) => !text.includes("import '@/i18n/common-areas';")).map(([file]) => file)).toEqual([]);
  });

  it('are then part of the English common strings', () => {
    expect(i18n.t('table.empty')).toBe('no data');
    expect(i18n.t('nav.aboutUs')).toBe('About Us');
    expect(i18n.t('app.reload')).toBe('Reload page');
  });
});
